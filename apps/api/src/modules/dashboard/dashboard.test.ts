import {
  DASHBOARD_PAGE_MESSAGES,
  DASHBOARD_PERIODS,
  type TDashboard,
  type TDashboardPeriod,
} from '@laurel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChallenge, linkChallenge, objective } from '../../../test/challenge-helpers';
import { createEarnConfig, segmentId } from '../../../test/economy-helpers';
import { createBadge, sendAndProcess } from '../../../test/engine-helpers';
import {
  addCustomer,
  bearer,
  createApiKey,
  createBranch,
  createClientAndSignIn,
  createStaffAndSignIn,
  eventFor,
  postEvents,
  type SignedIn,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { rebuildDashboard } from '../../engine';

/**
 * A known set of back-dated events for a client in Johannesburg (UTC+2) on a business clock that reads
 * 2026-03-18 14:00 local (a Wednesday), and the figures they must give for each period and for one branch.
 */
const CLOCK_START = '2026-03-18T12:00:00Z';
const TIME_ZONE = 'Africa/Johannesburg';
/** A local wall-clock time in the client's zone, as the till would send it. */
const local = (wallClock: string) => `${wallClock}:00+02:00`;

let t: TestApp;
let admin: SignedIn;
let key: string;
let north: string;
let south: string;
const players: Record<'a' | 'b' | 'c' | 'd' | 'f', string> = { a: '', b: '', c: '', d: '', f: '' };
/** Events sent again in the exactly-once check. */
const sent: Record<string, unknown>[] = [];

const dashboard = async (session: SignedIn, query: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/dashboard${query}`,
    headers: bearer(session.clientToken),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().content as TDashboard;
};

/** Every answer the journey checks: the four periods for all branches, and each for the north branch. */
const everyAnswer = async () => {
  const answers: Record<string, TDashboard> = {};
  for (const period of DASHBOARD_PERIODS) {
    answers[period] = await dashboard(admin, `?period=${period}`);
    answers[`${period}@north`] = await dashboard(admin, `?period=${period}&branch_id=${north}`);
  }
  return answers;
};

/** The client's rollup rows as text, the daily sums added over their stripes. */
const rollups = async () => {
  const read = async (query: string) =>
    (await t.ctx.database.query<{ row: string }>(query, [admin.clientId])).map((r) =>
      r.row.replace(north, 'north'),
    );
  return {
    playerDays:
      await read(`SELECT concat_ws('-', scope, kind, customer_id, day) AS row FROM dashboard_player_days
                            WHERE client_id = $1 ORDER BY 1`),
    gaps: await read(`SELECT concat_ws('-', scope, kind, day, gap, players) AS row FROM dashboard_gaps
                      WHERE client_id = $1 ORDER BY 1`),
    tierDays: await read(`SELECT concat_ws('-', scope, day, tier, players) AS row FROM dashboard_tier_days
                          WHERE client_id = $1 ORDER BY 1`),
    days: await read(`SELECT concat_ws('-', scope, day, sum(revenue_minor), sum(challenges_completed), sum(badges_earned))
                      AS row FROM dashboard_days WHERE client_id = $1 GROUP BY scope, day ORDER BY 1`),
  };
};

const order = (customer: string, id: string, total: number, at: string, branchId?: string) =>
  eventFor(customer, {
    id: `created-${id}`,
    type: 'order.created',
    occurred_at: local(at),
    ...(branchId ? { branch_id: branchId } : {}),
    data: { order_id: id, total, items: [{ price: total, quantity: 1 }] },
  });
const login = (customer: string, at: string) =>
  eventFor(customer, { type: 'user.logged-in', occurred_at: local(at) });

const send = async (events: Record<string, unknown>[]) => {
  sent.push(...events);
  await sendAndProcess(t, key, events);
};

const milestone = (index: number, source_value: number, target_value: number) => ({
  name: `milestone ${index + 1}`,
  colour: '#d2a023',
  source_value,
  target_value,
  image_url: `https://cdn.example.com/${index}.png`,
});

const saveTrack = async (body: Record<string, unknown>) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/reward-tracks',
    headers: bearer(admin.clientToken),
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
};

beforeAll(async () => {
  t = await createTestApp({ env: { CLOCK_START } });
  admin = await createClientAndSignIn(t.app, { plan: 'GROWTH' });
  await t.ctx.database.query('UPDATE clients SET time_zone = $2 WHERE id = $1', [admin.clientId, TIME_ZONE]);
  key = (await createApiKey(t.app, admin)).key;
  north = (await createBranch(t.app, admin, { display_name: 'North' }))._id;
  south = (await createBranch(t.app, admin, { display_name: 'South' }))._id;
  for (const name of Object.keys(players) as (keyof typeof players)[]) {
    players[name] = await addCustomer(t.app, admin, { name: `Player ${name}` });
  }
  // 1 XP per R10; 10 XP is level 1 (Bronze), 50 XP level 2 (Silver).
  await createEarnConfig(t.app, admin, {
    type: 'Statistic',
    trigger_value: 10,
    earn_amount: 1,
    segment_id: await segmentId(t.app, admin),
  });
  await saveTrack({
    name: 'Levels',
    reward_track_type: 'LEVEL_PROGRESSION',
    milestones: [milestone(0, 10, 1), milestone(1, 50, 2)],
  });
  await saveTrack({
    name: 'Tiers',
    reward_track_type: 'TIER_PROGRESSION',
    milestones: [milestone(0, 1, 1), milestone(1, 2, 2)],
  });
  // An order of R200 or more completes it once per player and grants a badge.
  const badge = await createBadge(t.app, admin, { name: 'Big Spender' });
  const challenge = await createChallenge(t.app, admin, {
    schedule: { start_date: '2025-01-01', end_date: '2026-12-31' },
    objectives: [objective({ event_type: 'orderValue', trigger: { trigger_quantity: 200 }, rewards: [] })],
    rewards: [{ type: 'badges', value: badge._id }],
  });
  await linkChallenge(t.app, admin, challenge._id);

  const { a, b, c, d, f } = players;
  // Batch by batch, so the tier each player-day counts under is the one after its batch.
  await send([login(d, '2025-11-20T10:00'), login(d, '2026-01-05T10:00'), login(c, '2026-02-10T10:00')]);
  await send([order(c, 'o3', 200, '2026-02-20T10:00', north)]);
  await send([order(b, 'o2', 500, '2026-03-02T12:00', south), login(b, '2026-03-02T13:00')]);
  await send([
    eventFor(c, {
      type: 'order.status-change',
      occurred_at: local('2026-03-05T10:00'),
      data: { order_id: 'o3', status: 'REFUNDED' },
    }),
    // Parked (an unknown statistic): F never becomes active.
    eventFor(f, {
      type: 'statistic.update',
      occurred_at: local('2026-03-03T10:00'),
      data: { name: 'nope', value: 1 },
    }),
  ]);
  // 00:30 local on 1 March is still 28 February in UTC: it counts on 1 March.
  await send([
    login(a, '2026-03-01T00:30'),
    order(a, 'o1', 300, '2026-03-17T09:00', north),
    login(a, '2026-03-18T10:00'),
  ]);
  // Out of order: a day between two A already has, after them.
  await send([login(a, '2026-03-10T10:00')]);
}, 120_000);
afterAll(() => t.close());

const fig = (value: number, previous: number, change_percent: number | null) => ({
  value,
  previous,
  change_percent,
});
const tiers = (bronze: number[], silver: number[] = [0, 0, 0, 0, 0, 0, 0]) => [
  { tier: 'Bronze', counts: bronze },
  { tier: 'Silver', counts: silver },
  { tier: 'Gold', counts: [0, 0, 0, 0, 0, 0, 0] },
  { tier: 'Platinum', counts: [0, 0, 0, 0, 0, 0, 0] },
  { tier: 'Diamond', counts: [0, 0, 0, 0, 0, 0, 0] },
];
/** Wednesday is today: it comes last. */
const WEEKDAYS = ['Thu', 'Fri', 'Sat', 'Sun', 'Mon', 'Tue', 'Wed'];

describe('the figures of a known set of events', () => {
  it('Current Month: 1-18 March against February', async () => {
    const answer = await dashboard(admin, '?period=current_month');
    expect(answer.period).toEqual({
      key: 'current_month',
      start: '2026-03-01',
      end: '2026-03-18',
      previous_start: '2026-02-01',
      previous_end: '2026-02-28',
      time_zone: TIME_ZONE,
    });
    expect(answer.has_activity).toBe(true);
    expect(answer.figures).toEqual({
      // 6 player-days over 18 days; 2 over 28.
      daily_active_users: fig(0.3, 0.1, 200),
      monthly_active_users: fig(3, 1, 200),
      challenges_completed: fig(2, 1, 100),
      badges_earned: fig(2, 1, 100),
      // 500 - 200 (C's refund) + 300; C's 200 in February.
      transaction_revenue: fig(600, 200, 200),
      paying_players: fig(2, 1, 100),
    });
    expect(answer.tier_weekdays).toEqual({
      weekdays: WEEKDAYS,
      // A on Sun 1, Tue 10, Tue 17, Wed 18 and C on Thu 5 (Bronze); B on Mon 2 (Silver after R500).
      tiers: tiers([1, 0, 0, 1, 0, 2, 1], [0, 0, 0, 0, 1, 0, 0]),
    });
  });

  it('Last Month: February against January', async () => {
    const answer = await dashboard(admin, '?period=previous_month');
    expect(answer.period).toMatchObject({
      start: '2026-02-01',
      end: '2026-02-28',
      previous_start: '2026-01-01',
      previous_end: '2026-01-31',
    });
    expect(answer.figures).toEqual({
      daily_active_users: fig(0.1, 0, null),
      monthly_active_users: fig(1, 1, 0),
      challenges_completed: fig(1, 0, null),
      badges_earned: fig(1, 0, null),
      transaction_revenue: fig(200, 0, null),
      paying_players: fig(1, 0, null),
    });
    expect(answer.tier_weekdays.tiers).toEqual(tiers([0, 1, 0, 0, 0, 1, 0]));
  });

  it('Last 30 Days: 17 February to 18 March against the 30 days before', async () => {
    const answer = await dashboard(admin, '?period=30');
    expect(answer.period).toMatchObject({
      start: '2026-02-17',
      end: '2026-03-18',
      previous_start: '2026-01-18',
      previous_end: '2026-02-16',
    });
    expect(answer.figures).toEqual({
      daily_active_users: fig(0.2, 0, null),
      monthly_active_users: fig(3, 1, 200),
      challenges_completed: fig(3, 0, null),
      badges_earned: fig(3, 0, null),
      transaction_revenue: fig(800, 0, null),
      paying_players: fig(3, 0, null),
    });
    expect(answer.tier_weekdays.tiers).toEqual(tiers([1, 1, 0, 1, 0, 2, 1], [0, 0, 0, 0, 1, 0, 0]));
  });

  it('Last 90 Days: D, active 46 days before, counts once in each period', async () => {
    const answer = await dashboard(admin, '?period=90');
    expect(answer.period).toMatchObject({
      start: '2025-12-19',
      end: '2026-03-18',
      previous_start: '2025-09-20',
      previous_end: '2025-12-18',
    });
    expect(answer.figures).toEqual({
      daily_active_users: fig(0.1, 0, null),
      monthly_active_users: fig(4, 1, 300),
      challenges_completed: fig(3, 0, null),
      badges_earned: fig(3, 0, null),
      transaction_revenue: fig(800, 0, null),
      paying_players: fig(3, 0, null),
    });
    // D on Mon 5 January; C on Tue 10 February besides the days of Last 30.
    expect(answer.tier_weekdays.tiers).toEqual(tiers([1, 1, 0, 1, 1, 3, 1], [0, 0, 0, 0, 1, 0, 0]));
  });

  it('one branch: only what happened there; the refund comes off at the order branch', async () => {
    const answer = await dashboard(admin, `?period=current_month&branch_id=${north}`);
    expect(answer.figures).toEqual({
      daily_active_users: fig(0.1, 0, null),
      monthly_active_users: fig(1, 1, 0),
      challenges_completed: fig(1, 1, 0),
      badges_earned: fig(1, 1, 0),
      transaction_revenue: fig(100, 200, -50),
      paying_players: fig(1, 1, 0),
    });
    expect(answer.tier_weekdays.tiers).toEqual(tiers([0, 0, 0, 0, 0, 1, 0]));
    const southAnswer = await dashboard(admin, `?period=current_month&branch_id=${south}`);
    expect(southAnswer.figures.transaction_revenue).toEqual(fig(500, 0, null));
    expect(southAnswer.figures.monthly_active_users).toEqual(fig(1, 0, null));
  });
});

describe('exactly once', () => {
  it('replayed events, a second order.created and another log-in the same day change nothing', async () => {
    const before = await everyAnswer();
    const replay = await postEvents(t.app, key, { events: sent.slice(0, 6) });
    expect(replay.statusCode).toBe(200);
    expect(replay.json().content.map((answer: { status: string }) => answer.status)).toEqual(
      Array(6).fill('duplicate'),
    );
    const again = order(players.b, 'o2', 500, '2026-03-02T12:00', south);
    const answers = await postEvents(t.app, key, {
      events: [{ ...again, id: 'created-o2-again' }, login(players.b, '2026-03-02T18:00')],
    });
    // The order id is known: a duplicate at once (DESIGN §5); the log-in is accepted and changes nothing either.
    expect(answers.json().content.map((answer: { status: string }) => answer.status)).toEqual([
      'duplicate',
      'accepted',
    ]);
    await t.ctx.engine.drain();
    expect(await everyAnswer()).toEqual(before);
  });

  it('the rebuild from the event log and the ledgers gives the same answers and the same rollups', async () => {
    const before = { answers: await everyAnswer(), rollups: await rollups() };
    // A's 17 March now follows 10 March (the out-of-order day), no longer 1 March.
    expect(before.rollups.gaps).toContain(`-active-2026-03-17-7-1`);
    expect(await rebuildDashboard(t.ctx.database, admin.clientId)).toBe(true);
    expect({ answers: await everyAnswer(), rollups: await rollups() }).toEqual(before);
  });
});

describe('branch scope', () => {
  it('a branch manager must pick one of their branches', async () => {
    const manager = await createStaffAndSignIn(t.app, admin, { role: 'BRANCH_MANAGER', manager_of: [north] });
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/dashboard?period=30',
      headers: bearer(manager.clientToken),
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      success: false,
      message: DASHBOARD_PAGE_MESSAGES.branchRequired,
      content: { errors: [{ field: 'branch_id', message: DASHBOARD_PAGE_MESSAGES.branchRequired }] },
    });
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/dashboard?period=30&branch_id=${south}`,
      headers: bearer(manager.clientToken),
    });
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(DASHBOARD_PAGE_MESSAGES.branchNotYours);
    expect(await dashboard(manager, `?period=30&branch_id=${north}`)).toEqual(
      await dashboard(admin, `?period=30&branch_id=${north}`),
    );
  });

  it("an admin's unknown or another client's branch is a field error", async () => {
    const other = await createClientAndSignIn(t.app);
    const theirs = (await createBranch(t.app, other))._id;
    for (const id of [theirs, 'a'.repeat(24)]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/dashboard?branch_id=${id}`,
        headers: bearer(admin.clientToken),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().content.errors).toEqual([
        { field: 'branch_id', message: DASHBOARD_PAGE_MESSAGES.unknownBranch },
      ]);
    }
  });
});

describe('bad input', () => {
  it.each([
    ['?period=foo', 'period'],
    ['?period=7', 'period'],
    ['?branch_id=not-an-id', 'branch_id'],
  ])('%s is a 400 naming the field', async (query, field) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/dashboard${query}`,
      headers: bearer(admin.clientToken),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().content.errors.map((error: { field: string }) => error.field)).toEqual([field]);
  });
});

describe('a business with no activity yet', () => {
  it('says so, with every figure 0 and no change', async () => {
    const fresh = await createClientAndSignIn(t.app);
    const periods: TDashboardPeriod[] = [...DASHBOARD_PERIODS];
    for (const period of periods) {
      const answer = await dashboard(fresh, `?period=${period}`);
      expect(answer.has_activity).toBe(false);
      for (const value of Object.values(answer.figures)) expect(value).toEqual(fig(0, 0, null));
      expect(answer.tier_weekdays.tiers.flatMap((tier) => tier.counts).every((n) => n === 0)).toBe(true);
    }
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStatistic, eventAt, sendAndProcess } from '../../../test/engine-helpers';
import {
  addCustomer,
  bearer,
  createApiKey,
  createClientAndSignIn,
  eventFor,
  type SignedIn,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createAppContext } from '../../app-context';
import { startOfLocalMonth } from '../../local-time';
import { createLogger } from '../../logger';
import { createEngine, type Engine } from '../core/engine';
import { rowsOf } from '../core/sql';
import type { EngineStep } from '../core/types';
import { rebuildNextSegment } from '../segments/segment-rebuild';
import { writeStatistics } from '../statistics/write-statistics';
import { ordersStep } from '../steps/orders.step';
import { rewardTracksStep } from '../steps/reward-tracks.step';
import { segmentsStep } from '../steps/segments.step';
import { statisticsStep } from '../steps/statistics.step';
import { createRewardTrackTasks } from './tasks';
import { runTierReviews } from './tier-reviews';
import { runYearEnds } from './year-end';

/**
 * XP comes from the economy step in production; here a `points` statistic stands in for it, so these tests look
 * at the reward tracks alone: each `points` update adds as much XP.
 */
const xpFromPoints: EngineStep = {
  name: 'test-xp',
  apply: async (batch) => {
    for (const event of batch.events) {
      const data = event.data as { name?: string; value?: number };
      if (event.type === 'statistic.update' && data.name === 'points')
        batch.contribute({ event, name: 'xp', value: Number(data.value) });
    }
    await writeStatistics(batch);
  },
};

let t: TestApp;
let engine: Engine;
let clock = new Date();

beforeAll(async () => {
  t = await createTestApp();
  engine = createEngine({
    database: t.ctx.database,
    steps: [ordersStep, statisticsStep, xpFromPoints, rewardTracksStep, segmentsStep],
    tasks: [...createRewardTrackTasks(() => clock), { run: rebuildNextSegment }],
    log: createLogger('silent'),
  });
});
afterAll(() => t.close());

type Client = { admin: SignedIn; key: string };

const newClient = async (): Promise<Client> => {
  const admin = await createClientAndSignIn(t.app, { plan: 'GROWTH' });
  await createStatistic(t.app, admin, 'points');
  return { admin, key: (await createApiKey(t.app, admin)).key };
};

const milestone = (index: number, source_value: number, target_value: number) => ({
  name: `milestone ${index + 1}`,
  colour: '#d2a023',
  source_value,
  target_value,
  image_url: `https://cdn.example.com/${index}.png`,
});

/** XP 100, 300, 600, 1000 -> levels 1 to 4; levels 1 to 4 -> Bronze to Platinum. */
const LEVELS = [100, 300, 600, 1000].map((xp, index) => milestone(index, xp, index + 1));
const TIERS = [1, 2, 3, 4].map((level, index) => milestone(index, level, index + 1));

const saveTrack = async (client: Client, body: Record<string, unknown>, id?: string) => {
  const res = await t.app.inject({
    method: id ? 'PUT' : 'POST',
    url: id ? `/api/reward-tracks/${id}` : '/api/reward-tracks',
    headers: bearer(client.admin.clientToken),
    payload: { name: 'Track', milestones: LEVELS, ...body },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().content as { _id: string };
};

const earn = (client: Client, customerId: string, points: number) =>
  sendAndProcessWith(client, [
    eventFor(customerId, { type: 'statistic.update', data: { name: 'points', value: points } }),
  ]);

const sendAndProcessWith = async (client: Client, events: Record<string, unknown>[]) => {
  await sendAndProcess({ ...t, ctx: { ...t.ctx, engine } }, client.key, events);
};

const player = async (client: Client, customerId: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/players/${customerId}`,
    headers: { 'x-api-key': client.key },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().content;
};

type LedgerRow = {
  reward_track_name: string;
  milestone_index: number;
  milestone_reached: string;
  reward_claimed: string;
  reward_value: string;
  xp_points_earned: string;
  status: string;
  cycle: number;
};
const ledger = (customerId: string) =>
  rowsOf<LedgerRow>(
    t.ctx.database.db,
    sql`SELECT reward_track_name, milestone_index, milestone_reached, reward_claimed, reward_value::text,
               xp_points_earned::text, status, cycle
        FROM reward_track_transactions WHERE customer_id = ${customerId}
        ORDER BY reward_track_name, cycle, milestone_index`,
  );

const reviewAt = async (customerId: string) => {
  const [row] = await rowsOf<{ review_at: Date | string | null }>(
    t.ctx.database.db,
    sql`SELECT review_at FROM reward_track_players WHERE customer_id = ${customerId} AND review_at IS NOT NULL`,
  );
  return row?.review_at ? new Date(row.review_at) : null;
};

describe('level and tier progressions', () => {
  let client: Client;
  let customerId: string;

  beforeAll(async () => {
    client = await newClient();
    await saveTrack(client, { name: 'Levels', reward_track_type: 'LEVEL_PROGRESSION' });
    await saveTrack(client, { name: 'Tiers', reward_track_type: 'TIER_PROGRESSION', milestones: TIERS });
    customerId = await addCustomer(t.app, client.admin);
  });

  it('moves XP across several level milestones at once; the tier follows the level and the tier segment the tier', async () => {
    await earn(client, customerId, 650);
    const content = await player(client, customerId);
    expect(content.statistics).toMatchObject({ xp: 650, level: 3, tier: 3 });
    expect(content.segments).toContain('tierGold');
    expect(content.level).toEqual({
      value: 3,
      name: 'milestone 3',
      source_value: 650,
      next: { name: 'milestone 4', source_value: 1000, target_value: 4 },
      progress_to_next_percent: 12.5,
      percent_of_track: 75,
    });
    expect(content.tier).toMatchObject({ value: 3, tier: 'Gold', percent_of_track: 75 });
    expect(await ledger(customerId)).toEqual([
      ...[1, 2, 3].map((level) => ({
        reward_track_name: 'Levels',
        milestone_index: level - 1,
        milestone_reached: `milestone ${level}`,
        reward_claimed: `Level ${level}`,
        reward_value: String(level),
        xp_points_earned: '650',
        status: 'Reward Claimed',
        cycle: 0,
      })),
      ...['Bronze', 'Silver', 'Gold'].map((tier, index) => ({
        reward_track_name: 'Tiers',
        milestone_index: index,
        milestone_reached: `milestone ${index + 1}`,
        reward_claimed: tier,
        reward_value: String(index + 1),
        xp_points_earned: '650',
        status: 'Reward Claimed',
        cycle: 0,
      })),
    ]);
  });

  it('writes each milestone once: more XP below the next threshold adds nothing, crossing it adds one row per track', async () => {
    await earn(client, customerId, 100);
    expect(await ledger(customerId)).toHaveLength(6);
    await earn(client, customerId, 300);
    const content = await player(client, customerId);
    expect(content.statistics).toMatchObject({ xp: 1050, level: 4, tier: 4 });
    expect(content.segments).toContain('tierPlatinum');
    expect(content.segments).not.toContain('tierGold');
    expect(content.level.next).toBeNull();
    expect(content.level.progress_to_next_percent).toBe(100);
    const rows = await ledger(customerId);
    expect(rows).toHaveLength(8);
    expect(rows.filter((row) => row.milestone_index === 3).map((row) => row.reward_claimed)).toEqual([
      'Level 4',
      'Platinum',
    ]);
  });

  it('re-evaluates players in the background after a milestone change, and never takes a transaction back', async () => {
    const other = await addCustomer(t.app, client.admin);
    await earn(client, other, 250);
    expect((await player(client, other)).statistics).toMatchObject({ level: 1, tier: 1 });
    const [levels] = await rowsOf<{ id: string }>(
      t.ctx.database.db,
      sql`SELECT id FROM reward_tracks WHERE client_id = ${client.admin.clientId} AND type = 'LEVEL_PROGRESSION'`,
    );
    const lower = [50, 150, 600, 1000].map((xp, index) => milestone(index, xp, index + 1));
    await saveTrack(
      client,
      { name: 'Levels', reward_track_type: 'LEVEL_PROGRESSION', milestones: lower },
      levels?.id,
    );
    await engine.drain();
    const content = await player(client, other);
    expect(content.statistics).toMatchObject({ level: 2, tier: 2 });
    expect(content.segments).toContain('tierSilver');
    expect((await ledger(other)).map((row) => row.reward_claimed)).toEqual([
      'Level 1',
      'Level 2',
      'Bronze',
      'Silver',
    ]);

    const higher = [5000, 6000, 7000, 8000].map((xp, index) => milestone(index, xp, index + 1));
    await saveTrack(
      client,
      { name: 'Levels', reward_track_type: 'LEVEL_PROGRESSION', milestones: higher },
      levels?.id,
    );
    await engine.drain();
    const after = await player(client, other);
    expect(after.statistics).toMatchObject({ level: 0, tier: 0 });
    expect(after.segments).not.toContain('tierSilver');
    expect(await ledger(other)).toHaveLength(4);
  });
});

describe('generic tracks', () => {
  it('sets a Last target to the milestone’s value and moves a Sum target by the difference', async () => {
    const client = await newClient();
    await createStatistic(t.app, client.admin, 'stamps');
    await createStatistic(t.app, client.admin, 'freeCoffees', 'Last');
    await createStatistic(t.app, client.admin, 'bonus');
    const stampMilestones = [milestone(0, 5, 1), milestone(1, 10, 2)];
    await saveTrack(client, {
      name: 'Coffee card',
      reward_track_type: 'GENERIC',
      source: 'stamps',
      target: 'freeCoffees',
      milestones: stampMilestones,
    });
    await saveTrack(client, {
      name: 'Bonus',
      reward_track_type: 'GENERIC',
      source: 'stamps',
      target: 'bonus',
      milestones: [milestone(0, 5, 20), milestone(1, 10, 50)],
    });
    const customerId = await addCustomer(t.app, client.admin);
    const stamp = (value: number) =>
      sendAndProcessWith(client, [
        eventFor(customerId, { type: 'statistic.update', data: { name: 'stamps', value } }),
      ]);
    await stamp(6);
    expect((await player(client, customerId)).statistics).toMatchObject({
      stamps: 6,
      freeCoffees: 1,
      bonus: 20,
    });
    await stamp(6);
    expect((await player(client, customerId)).statistics).toMatchObject({
      stamps: 12,
      freeCoffees: 2,
      bonus: 50,
    });
    expect(
      (await ledger(customerId)).map((row) => `${row.reward_track_name}: ${row.reward_claimed}`),
    ).toEqual([
      'Bonus: bonus 20',
      'Bonus: bonus 50',
      'Coffee card: freeCoffees 1',
      'Coffee card: freeCoffees 2',
    ]);
  });

  it('keeps Last targets in step with their sources when events arrive out of order', async () => {
    const client = await newClient();
    await createStatistic(t.app, client.admin, 'stamps');
    await createStatistic(t.app, client.admin, 'freeCoffees', 'Last');
    await createStatistic(t.app, client.admin, 'rank', 'Last');
    await createStatistic(t.app, client.admin, 'perk', 'Last');
    await saveTrack(client, { name: 'Levels', reward_track_type: 'LEVEL_PROGRESSION' });
    const generic = (source: string, target: string, milestones: ReturnType<typeof milestone>[]) =>
      saveTrack(client, {
        name: `${source} track`,
        reward_track_type: 'GENERIC',
        source,
        target,
        milestones,
      });
    await generic('stamps', 'freeCoffees', [milestone(0, 5, 1), milestone(1, 10, 2)]);
    await generic('rank', 'perk', [milestone(0, 3, 1), milestone(1, 10, 2)]);
    const customerId = await addCustomer(t.app, client.admin);
    const update = (minutesAgo: number, name: string, value: number) =>
      eventAt(customerId, minutesAgo, { type: 'statistic.update', data: { name, value } });

    await sendAndProcessWith(client, [
      update(10, 'stamps', 6),
      update(10, 'rank', 10),
      update(10, 'points', 350),
    ]);
    expect((await player(client, customerId)).statistics).toMatchObject({
      freeCoffees: 1,
      perk: 2,
      xp: 350,
      level: 2,
    });
    // Older events processed later: the sums grow, so the targets built on them must follow; the Last source keeps
    // its newer value, and so its target.
    await sendAndProcessWith(client, [
      update(50, 'stamps', 6),
      update(50, 'rank', 3),
      update(50, 'points', 300),
    ]);
    expect((await player(client, customerId)).statistics).toMatchObject({
      stamps: 12,
      freeCoffees: 2,
      rank: 10,
      perk: 2,
      xp: 650,
      level: 3,
    });
    // A newer Last value moves its target down; an older one in the same batch does not count.
    await sendAndProcessWith(client, [update(5, 'rank', 3), update(60, 'rank', 10)]);
    expect((await player(client, customerId)).statistics).toMatchObject({ rank: 3, perk: 1 });
  });

  it('does not advance players outside the track’s dates', async () => {
    const client = await newClient();
    await createStatistic(t.app, client.admin, 'stamps');
    await createStatistic(t.app, client.admin, 'freeCoffees', 'Last');
    await saveTrack(client, {
      name: 'Next year',
      reward_track_type: 'GENERIC',
      source: 'stamps',
      target: 'freeCoffees',
      start_date: `${new Date().getUTCFullYear() + 1}-01-01`,
      milestones: [milestone(0, 1, 1)],
    });
    const customerId = await addCustomer(t.app, client.admin);
    await sendAndProcessWith(client, [
      eventFor(customerId, { type: 'statistic.update', data: { name: 'stamps', value: 3 } }),
    ]);
    expect((await player(client, customerId)).statistics.freeCoffees).toBeUndefined();
    expect(await ledger(customerId)).toEqual([]);
  });
});

describe('year-end rules (fixed clock)', () => {
  it('resets the points at the year’s end; persisted tiers are kept, others follow the reset level down', async () => {
    const client = await newClient();
    const levels = await saveTrack(client, {
      name: 'Levels',
      reward_track_type: 'LEVEL_PROGRESSION',
      reset_points_annually: true,
    });
    const tiersBody = { name: 'Tiers', reward_track_type: 'TIER_PROGRESSION', milestones: TIERS };
    const tiers = await saveTrack(client, { ...tiersBody, persist_tier_levels_annually: true });
    const customerId = await addCustomer(t.app, client.admin);
    await earn(client, customerId, 650);
    const year = new Date().getUTCFullYear();

    // A minute before the new year in the client's zone (UTC) nothing happens.
    expect(await runYearEnds(t.ctx.database, new Date(Date.UTC(year, 11, 31, 23, 59)))).toBe(false);
    clock = new Date(Date.UTC(year + 1, 0, 1, 0, 0, 30));
    await engine.drain();
    let content = await player(client, customerId);
    expect(content.statistics.xp).toBeUndefined();
    expect(content.statistics).toMatchObject({ level: 0, tier: 3 });
    expect(content.segments).toContain('tierGold');

    // Points earned again reach the level milestones again (a new cycle); the kept tier stays above them.
    await earn(client, customerId, 120);
    content = await player(client, customerId);
    expect(content.statistics).toMatchObject({ xp: 120, level: 1, tier: 3 });
    const rows = await ledger(customerId);
    expect(
      rows.filter((row) => row.reward_track_name === 'Levels').map((row) => [row.cycle, row.reward_claimed]),
    ).toEqual([
      [year, 'Level 1'],
      [year, 'Level 2'],
      [year, 'Level 3'],
      [year + 1, 'Level 1'],
    ]);

    // Without persist_tier_levels_annually the next year-end takes the tier down with the reset level.
    await saveTrack(client, { ...tiersBody, persist_tier_levels_annually: false }, tiers._id);
    clock = new Date(Date.UTC(year + 2, 0, 1, 0, 0, 30));
    await engine.drain();
    content = await player(client, customerId);
    expect(content.statistics).toMatchObject({ level: 0, tier: 0 });
    expect(content.segments).not.toContain('tierGold');
    expect(levels._id).toBeTruthy();
    clock = new Date();
  });

  it('switching reset_points_annually on or off does not reach the milestones already reached again', async () => {
    const client = await newClient();
    const body = { name: 'Levels', reward_track_type: 'LEVEL_PROGRESSION', reset_points_annually: false };
    const levels = await saveTrack(client, body);
    const customerId = await addCustomer(t.app, client.admin);
    // Sent late (an hour after it happened): the points still started before it, when the statistic was made.
    await sendAndProcessWith(client, [
      eventAt(customerId, 60, { type: 'statistic.update', data: { name: 'points', value: 350 } }),
    ]);
    const reached = async () => (await ledger(customerId)).map((row) => [row.cycle, row.reward_claimed]);
    expect(await reached()).toEqual([
      [0, 'Level 1'],
      [0, 'Level 2'],
    ]);

    // The switch changes the cycle key, not the points: the track's rebuild and the next event find them reached.
    await saveTrack(client, { ...body, reset_points_annually: true }, levels._id);
    await engine.drain();
    await earn(client, customerId, 10);
    expect(await reached()).toEqual([
      [0, 'Level 1'],
      [0, 'Level 2'],
    ]);
    await saveTrack(client, body, levels._id);
    await engine.drain();
    await earn(client, customerId, 10);
    expect(await reached()).toHaveLength(2);

    // After a year-end that reset the points, the milestones are reached again in the new cycle.
    await saveTrack(client, { ...body, reset_points_annually: true }, levels._id);
    const year = new Date().getUTCFullYear();
    expect(await runYearEnds(t.ctx.database, new Date(Date.UTC(year + 1, 0, 1, 0, 0, 30)))).toBe(true);
    await earn(client, customerId, 120);
    expect(await reached()).toEqual([
      [0, 'Level 1'],
      [0, 'Level 2'],
      [year + 1, 'Level 1'],
    ]);
  });

  it('closes the year at midnight in the client’s time zone', async () => {
    const client = await newClient();
    await t.ctx.database.db.execute(
      sql`UPDATE clients SET time_zone = 'Africa/Johannesburg' WHERE id = ${client.admin.clientId}`,
    );
    await saveTrack(client, {
      name: 'Levels',
      reward_track_type: 'LEVEL_PROGRESSION',
      reset_points_annually: true,
    });
    const customerId = await addCustomer(t.app, client.admin);
    await earn(client, customerId, 650);
    const year = new Date().getUTCFullYear();
    // 22:00 UTC on 31 December is midnight in Johannesburg (UTC+2).
    await runYearEnds(t.ctx.database, new Date(Date.UTC(year, 11, 31, 21, 59)));
    expect((await player(client, customerId)).statistics.xp).toBe(650);
    await runYearEnds(t.ctx.database, new Date(Date.UTC(year, 11, 31, 22, 0, 1)));
    expect((await player(client, customerId)).statistics).toMatchObject({ level: 0 });
    expect((await player(client, customerId)).statistics.xp).toBeUndefined();
  });
});

describe('the server’s clock (CLOCK_START)', () => {
  /** The app's own context (all engine steps and tasks) over the test database, its clock started at `start`. */
  const contextAt = (start: string) =>
    createAppContext({
      config: { ...t.ctx.config, clockStart: new Date(start) },
      database: t.ctx.database,
      jwtSecret: 'test-secret-that-is-long-enough-0123456789',
      log: createLogger('silent'),
    });

  it('drives the engine’s year-end: a clock past the local year’s end resets the points as configured', async () => {
    const client = await newClient();
    await saveTrack(client, {
      name: 'Levels',
      reward_track_type: 'LEVEL_PROGRESSION',
      reset_points_annually: true,
    });
    await saveTrack(client, {
      name: 'Tiers',
      reward_track_type: 'TIER_PROGRESSION',
      milestones: TIERS,
      persist_tier_levels_annually: true,
    });
    const customerId = await addCustomer(t.app, client.admin);
    await earn(client, customerId, 350);
    const year = new Date().getUTCFullYear();

    await contextAt(`${year}-12-31T23:59:00Z`).engine.drain();
    expect((await player(client, customerId)).statistics).toMatchObject({ xp: 350, level: 2, tier: 2 });

    const afterYearEnd = contextAt(`${year + 1}-01-01T00:00:30Z`);
    expect(afterYearEnd.clock().getUTCFullYear()).toBe(year + 1);
    await afterYearEnd.engine.drain();
    const content = await player(client, customerId);
    expect(content.statistics.xp).toBeUndefined();
    expect(content.statistics).toMatchObject({ level: 0, tier: 2 });
    expect(content.segments).toContain('tierSilver');
  });
});

describe('tier qualification window and downgrades', () => {
  it('keeps a windowed tier while the level falls, then drops one tier per review once the window no longer holds it', async () => {
    const client = await newClient();
    const levels = await saveTrack(client, { name: 'Levels', reward_track_type: 'LEVEL_PROGRESSION' });
    const tiersBody = {
      name: 'Tiers',
      reward_track_type: 'TIER_PROGRESSION',
      milestones: TIERS,
      qualification_window: 'ROLLING_MONTHS',
      qualification_months: 3,
      downgrade_one_tier_per_review: true,
    };
    const tiers = await saveTrack(client, tiersBody);
    const customerId = await addCustomer(t.app, client.admin);
    await earn(client, customerId, 1050);
    expect((await player(client, customerId)).statistics).toMatchObject({ level: 4, tier: 4 });
    const now = new Date();
    const firstReview = startOfLocalMonth(now.getUTCFullYear() * 12 + now.getUTCMonth() + 3, 'UTC');
    expect(await reviewAt(customerId)).toEqual(firstReview);

    // Harder levels: the level falls to 1 at once, the windowed tier does not.
    const higher = [1000, 5000, 6000, 7000].map((xp, index) => milestone(index, xp, index + 1));
    await saveTrack(
      client,
      { name: 'Levels', reward_track_type: 'LEVEL_PROGRESSION', milestones: higher },
      levels._id,
    );
    await engine.drain();
    expect((await player(client, customerId)).statistics).toMatchObject({ level: 1, tier: 4 });

    // The first review's window still holds the month level 4 was reached: the tier is kept.
    expect(await runTierReviews(t.ctx.database, new Date(firstReview.getTime() - 1000))).toBe(false);
    expect(await runTierReviews(t.ctx.database, firstReview)).toBe(true);
    expect((await player(client, customerId)).statistics.tier).toBe(4);
    const secondReview = await reviewAt(customerId);
    expect(secondReview).toEqual(startOfLocalMonth(now.getUTCFullYear() * 12 + now.getUTCMonth() + 6, 'UTC'));

    // The next window only saw level 1: one tier down per review.
    await runTierReviews(t.ctx.database, secondReview as Date);
    await engine.drain();
    let content = await player(client, customerId);
    expect(content.statistics.tier).toBe(3);
    expect(content.segments).toContain('tierGold');
    expect(content.segments).not.toContain('tierPlatinum');

    // Without the one-tier rule, the next review drops straight to what the window qualifies for.
    await saveTrack(client, { ...tiersBody, downgrade_one_tier_per_review: false }, tiers._id);
    await engine.drain();
    await runTierReviews(t.ctx.database, (await reviewAt(customerId)) as Date);
    await engine.drain();
    content = await player(client, customerId);
    expect(content.statistics.tier).toBe(1);
    expect(content.segments).toContain('tierBronze');
    // A downgrade writes no milestone transaction.
    expect((await ledger(customerId)).filter((row) => row.reward_track_name === 'Tiers')).toHaveLength(4);
  });

  it('gives every tier holder a review date when a window is set on an existing tier track', async () => {
    const client = await newClient();
    await saveTrack(client, { name: 'Levels', reward_track_type: 'LEVEL_PROGRESSION' });
    const tiersBody = { name: 'Tiers', reward_track_type: 'TIER_PROGRESSION', milestones: TIERS };
    const tiers = await saveTrack(client, tiersBody);
    const customerId = await addCustomer(t.app, client.admin);
    await earn(client, customerId, 300);
    expect(await reviewAt(customerId)).toBeNull();
    await saveTrack(
      client,
      { ...tiersBody, qualification_window: 'ROLLING_MONTHS', qualification_months: 2 },
      tiers._id,
    );
    await engine.drain();
    const now = new Date();
    expect(await reviewAt(customerId)).toEqual(
      startOfLocalMonth(now.getUTCFullYear() * 12 + now.getUTCMonth() + 2, 'UTC'),
    );
  });

  it('reviews a calendar-year tier at the next local new year', async () => {
    const client = await newClient();
    await saveTrack(client, { name: 'Levels', reward_track_type: 'LEVEL_PROGRESSION' });
    await saveTrack(client, {
      name: 'Tiers',
      reward_track_type: 'TIER_PROGRESSION',
      milestones: TIERS,
      qualification_window: 'CALENDAR_YEAR',
    });
    const customerId = await addCustomer(t.app, client.admin);
    await earn(client, customerId, 300);
    expect((await player(client, customerId)).statistics.tier).toBe(2);
    expect(await reviewAt(customerId)).toEqual(new Date(Date.UTC(new Date().getUTCFullYear() + 1, 0, 1)));
  });
});

describe('with the real pipeline', () => {
  it('XP earned on orders through an XP earn config moves the level and the tier', async () => {
    const admin = await createClientAndSignIn(t.app, { plan: 'GROWTH' });
    const client = { admin, key: (await createApiKey(t.app, admin)).key };
    await saveTrack(client, { name: 'Levels', reward_track_type: 'LEVEL_PROGRESSION' });
    await saveTrack(client, { name: 'Tiers', reward_track_type: 'TIER_PROGRESSION', milestones: TIERS });
    const segments = await t.app.inject({
      method: 'GET',
      url: '/api/segments?page=1&size=50',
      headers: bearer(admin.clientToken),
    });
    const everyone = segments.json().content.find((s: { name: string }) => s.name === 'AllPlayers')._id;
    const config = await t.app.inject({
      method: 'POST',
      url: '/api/economy/earn-configs',
      headers: bearer(admin.clientToken),
      payload: { type: 'Statistic', trigger_value: 10, earn_amount: 1, segment_id: everyone },
    });
    expect(config.statusCode, config.body).toBe(200);
    const customerId = await addCustomer(t.app, admin);
    const order = (id: string, total: number) =>
      eventFor(customerId, {
        type: 'order.created',
        data: { order_id: id, total, items: [{ price: total, quantity: 1 }] },
      });
    await sendAndProcess(t, client.key, [eventFor(customerId)]);
    await sendAndProcess(t, client.key, [order('rt-1', 2000)]);
    expect((await player(client, customerId)).statistics).toMatchObject({ xp: 200, level: 1, tier: 1 });
    await sendAndProcess(t, client.key, [order('rt-2', 5000)]);
    const content = await player(client, customerId);
    expect(content.statistics).toMatchObject({ xp: 700, level: 3, tier: 3 });
    expect(content.segments).toContain('tierGold');
    expect((await ledger(customerId)).map((row) => row.reward_claimed)).toEqual([
      'Level 1',
      'Level 2',
      'Level 3',
      'Bronze',
      'Silver',
      'Gold',
    ]);
  });
});

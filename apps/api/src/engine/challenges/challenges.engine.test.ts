import type { TPlayer } from '@laurel/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChallenge, day, linkChallenge, objective } from '../../../test/challenge-helpers';
import { createCurrency, createEarnConfig, segmentId } from '../../../test/economy-helpers';
import {
  createBadge,
  createSegment,
  eventAt,
  playerOf,
  rule,
  sendAndProcess,
} from '../../../test/engine-helpers';
import {
  addCustomer,
  bearer,
  createApiKey,
  createClientAndSignIn,
  type SignedIn,
} from '../../../test/factories';
import { createClientApp, type TestApp } from '../../../test/test-app';
import { rowsOf } from '../../db/raw-sql';

let t: TestApp;
let admin: SignedIn;
let key: string;

beforeAll(async () => {
  ({ t, admin, key } = await createClientApp('GROWTH'));
});
afterAll(() => t.close());

let counter = 0;
const ref = (prefix: string) => `${prefix}-${Date.now()}-${++counter}`;

/** An event `hoursAgo` hours back (yesterday's and today's events fall in the default schedule). */
const at = (hoursAgo: number) => new Date(Date.now() - hoursAgo * 3_600_000).toISOString();

const order = (
  customerId: string,
  data: Record<string, unknown> = {},
  occurredAt = at(1),
): Record<string, unknown> => {
  const id = ref('order');
  return {
    id: `created-${id}`,
    type: 'order.created',
    customer: { _id: customerId },
    occurred_at: occurredAt,
    data: { order_id: id, total: 250, payment_method: 'CARD', ...data },
  };
};

const event = (customerId: string, type: string, data: Record<string, unknown> = {}, occurredAt = at(1)) => ({
  ...eventAt(customerId, 1, { type, data }),
  id: ref(type),
  occurred_at: occurredAt,
});

const player = (customerId: string) => playerOf(t.app, key, customerId);

const standing = async (customerId: string, challengeId: string) =>
  (await player(customerId)).challenges.find((challenge) => challenge.challenge_id === challengeId);

const transactions = (challengeId: string, customerId: string) =>
  rowsOf<{ challenge_status: string; reward_earned: string; xp_points_earned: string }>(
    t.ctx.database.db,
    sql`SELECT challenge_status, reward_earned, xp_points_earned FROM challenge_transactions
        WHERE challenge_id = ${challengeId} AND customer_id = ${customerId} ORDER BY occurred_at, challenge_status`,
  );

/** A released challenge of one objective granted to AllPlayers. */
const released = async (
  objectiveOverrides: Record<string, unknown>,
  overrides: Record<string, unknown> = {},
) => {
  const challenge = await createChallenge(t.app, admin, {
    objectives: [objective({ rewards: [], ...objectiveOverrides })],
    ...overrides,
  });
  await linkChallenge(t.app, admin, challenge._id);
  return challenge;
};

const progressOf = async (customerId: string, challengeId: string) =>
  (await standing(customerId, challengeId))?.objectives[0]?.progress ?? 0;

describe('the Done-when journey', () => {
  it('completes "order value >= R200 paid by CARD between two dates" once, paying a badge and 50 XP', async () => {
    const badge = await createBadge(t.app, admin, { name: 'High Roller' });
    const challenge = await released({
      event_type: 'orderValue',
      trigger: { trigger_quantity: 200 },
      conditions: [
        { type: 'payment_method', values: ['CARD'] },
        { type: 'date_range', range_type: 'between', start_date: day(-1), end_date: day(0) },
      ],
      rewards: [
        { type: 'badges', value: badge._id },
        { type: 'xp', value: 50 },
      ],
    });
    const customer = await addCustomer(t.app, admin);
    await sendAndProcess(t, key, [
      order(customer, { total: 150, payment_method: 'CARD' }),
      order(customer, { total: 300, payment_method: 'WALLET' }),
      order(customer, { total: 300, payment_method: 'CARD' }, at(24 * 3)),
    ]);
    expect(await standing(customer, challenge._id)).toMatchObject({ status: 'active', completed_at: null });
    await sendAndProcess(t, key, [order(customer, { total: 200, payment_method: 'CARD' })]);
    await sendAndProcess(t, key, [order(customer, { total: 500, payment_method: 'CARD' })]);
    const after = await player(customer);
    const mine = after.challenges.find((c) => c.challenge_id === challenge._id);
    expect(mine).toMatchObject({ status: 'completed', objectives: [{ progress: 1, target: 1 }] });
    expect(mine?.completed_at).not.toBeNull();
    expect(after.badges.filter((b) => b._id === badge._id)).toMatchObject([{ quantity: 1 }]);
    expect(after.statistics.xp).toBe(50);
    expect(
      (await transactions(challenge._id, customer)).map((row) => ({
        ...row,
        xp_points_earned: Number(row.xp_points_earned),
      })),
    ).toEqual([
      { challenge_status: 'Active', reward_earned: '', xp_points_earned: 0 },
      { challenge_status: 'Completed', reward_earned: 'Badge: High Roller, 50 XP', xp_points_earned: 50 },
    ]);
    const badgeRows = await rowsOf<{ n: number }>(
      t.ctx.database.db,
      sql`SELECT count(*)::int AS n FROM badge_transactions WHERE badge_id = ${badge._id} AND customer_id = ${customer}
            AND source = 'challenge' AND source_id = ${challenge._id}`,
    );
    expect(badgeRows[0]?.n).toBe(1);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/challenges/${challenge._id}`,
      headers: bearer(admin.clientToken),
    });
    expect(list.json().content).toMatchObject({ completed_quantity: 1 });
    expect(list.json().content.granted_quantity).toBeGreaterThanOrEqual(1);
  });
});

describe('event types', () => {
  it.each([
    ['numberOfLogins', 2, (c: string) => [event(c, 'user.logged-in'), event(c, 'user.logged-in')]],
    ['numberOfGifts', 2, (c: string) => [event(c, 'gift.sent', { recipient: 'a' }), event(c, 'gift.sent')]],
    ['numberOfReferrals', 1, (c: string) => [event(c, 'referral', { referred: 'friend' })]],
    ['numberOfVouchers', 2, (c: string) => [event(c, 'voucher.redeemed'), event(c, 'voucher.redeemed')]],
    [
      'appPayment',
      2,
      (c: string) => [event(c, 'app.payment', { amount: 10 }), event(c, 'app.payment', { amount: 5 })],
    ],
    ['qrCode', 1, (c: string) => [event(c, 'qr.scanned', { code: 'Q1' })]],
    ['subscription', 1, (c: string) => [event(c, 'subscription.purchased', { subscription_id: 's1' })]],
    ['orderVolume', 3, (c: string) => [order(c), order(c), order(c)]],
  ])('%s counts its events up to the trigger quantity', async (eventType, quantity, make) => {
    const challenge = await released({ event_type: eventType, trigger: { trigger_quantity: quantity } });
    const customer = await addCustomer(t.app, admin);
    const events = make(customer);
    if (quantity > 1) await sendAndProcess(t, key, events.slice(0, -1));
    if (quantity > 1) expect(await standing(customer, challenge._id)).toMatchObject({ status: 'active' });
    // Events of another type never count.
    await sendAndProcess(t, key, [
      event(customer, eventType === 'numberOfReferrals' ? 'gift.sent' : 'referral'),
    ]);
    await sendAndProcess(t, key, events.slice(-1));
    expect(await standing(customer, challenge._id)).toMatchObject({
      status: 'completed',
      objectives: [{ progress: quantity, target: quantity }],
    });
  });

  it('basketValue counts an order whose lines in scope reach the trigger value', async () => {
    const challenge = await released({
      event_type: 'basketValue',
      scope: { type: 'categories', value: ['coffee'] },
      trigger: { trigger_quantity: 100 },
    });
    const customer = await addCustomer(t.app, admin);
    const lines = (coffee: number) => [
      { price: coffee, quantity: 1, category_ids: ['coffee'] },
      { price: 500, quantity: 1, category_ids: ['tea'] },
    ];
    await sendAndProcess(t, key, [order(customer, { total: 580, items: lines(80) })]);
    expect(await progressOf(customer, challenge._id)).toBe(0);
    await sendAndProcess(t, key, [order(customer, { total: 620, items: lines(120) })]);
    expect(await standing(customer, challenge._id)).toMatchObject({ status: 'completed' });
  });

  it('productPurchased counts units of the listed products and, with match all, waits for each of them', async () => {
    const challenge = await released({
      event_type: 'productPurchased',
      scope: { type: 'products', value: ['latte', 'scone'], match_all: true },
      trigger: { trigger_quantity: 3 },
    });
    const customer = await addCustomer(t.app, admin);
    const item = (product_id: string, quantity: number) => ({ product_id, quantity, price: 30 });
    await sendAndProcess(t, key, [order(customer, { items: [item('latte', 3), item('muffin', 5)] })]);
    // Three lattes reach the quantity, but no scone was bought yet.
    expect(await standing(customer, challenge._id)).toMatchObject({
      status: 'active',
      objectives: [{ progress: 3 }],
    });
    await sendAndProcess(t, key, [order(customer, { items: [item('scone', 1)] })]);
    expect(await standing(customer, challenge._id)).toMatchObject({ status: 'completed' });
  });

  it('leaderboard completes for a player placed within the trigger quantity by totalOrderValue', async () => {
    const session = await createClientAndSignIn(t.app, { plan: 'GROWTH' });
    const apiKey = (await createApiKey(t.app, session)).key;
    const challenge = await createChallenge(t.app, session, {
      objectives: [
        objective({
          event_type: 'leaderboard',
          trigger: { trigger_quantity: 1, trigger_target: 'totalOrderValue' },
        }),
      ],
    });
    await linkChallenge(t.app, session, challenge._id);
    const [first, second] = [await addCustomer(t.app, session), await addCustomer(t.app, session)];
    await sendAndProcess(t, apiKey, [order(first, { total: 900 })]);
    await sendAndProcess(t, apiKey, [order(second, { total: 100 })]);
    const read = async (customer: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/players/${customer}`,
        headers: { 'x-api-key': apiKey },
      });
      return (res.json().content as TPlayer).challenges.find((c) => c.challenge_id === challenge._id)?.status;
    };
    expect(await read(first)).toBe('completed');
    expect(await read(second)).toBe('active');
  });

  it('earn counts currency earned through earn configs, in the chosen currency', async () => {
    const session = await createClientAndSignIn(t.app, { plan: 'GROWTH' });
    const apiKey = (await createApiKey(t.app, session)).key;
    const beans = await createCurrency(t.app, session);
    await createEarnConfig(t.app, session, {
      type: 'Currency',
      trigger_value: 100,
      earn_amount: 5,
      segment_id: await segmentId(t.app, session),
      earn_target: beans._id,
    });
    const challenge = await createChallenge(t.app, session, {
      objectives: [
        objective({ event_type: 'earn', trigger: { trigger_quantity: 20, trigger_target: beans._id } }),
      ],
    });
    await linkChallenge(t.app, session, challenge._id);
    const customer = await addCustomer(t.app, session);
    const read = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/players/${customer}`,
        headers: { 'x-api-key': apiKey },
      });
      return (res.json().content as TPlayer).challenges.find((c) => c.challenge_id === challenge._id);
    };
    await sendAndProcess(t, apiKey, [order(customer, { total: 200 })]);
    expect(await read()).toMatchObject({ status: 'active', objectives: [{ progress: 10, target: 20 }] });
    await sendAndProcess(t, apiKey, [order(customer, { total: 200 })]);
    expect(await read()).toMatchObject({ status: 'completed', objectives: [{ progress: 20 }] });
  });

  it('scopes: a payment method scope and a code type scope', async () => {
    const wallet = await released({
      event_type: 'appPayment',
      scopes: [{ type: 'payment_method', value: 'WALLET' }],
      trigger: { trigger_quantity: 1 },
    });
    const earnCodes = await released({
      event_type: 'qrCode',
      scopes: [{ type: 'code_type', value: 'EARN' }],
      trigger: { trigger_quantity: 1 },
    });
    const discountVouchers = await released({
      event_type: 'numberOfVouchers',
      scopes: [{ type: 'code_type', value: 'DISCOUNT' }],
      trigger: { trigger_quantity: 1 },
    });
    const customer = await addCustomer(t.app, admin);
    await sendAndProcess(t, key, [
      event(customer, 'app.payment', { amount: 10, payment_method: 'CARD' }),
      event(customer, 'qr.scanned', { code: 'x', code_type: 'DISCOUNT' }),
      event(customer, 'voucher.redeemed', { type: 'freeDelivery' }),
    ]);
    for (const challenge of [wallet, earnCodes, discountVouchers])
      expect(await progressOf(customer, challenge._id)).toBe(0);
    await sendAndProcess(t, key, [
      event(customer, 'app.payment', { amount: 10, payment_method: 'WALLET' }),
      event(customer, 'qr.scanned', { code: 'y', code_type: 'EARN' }),
      event(customer, 'voucher.redeemed', { type: 'discount' }),
    ]);
    for (const challenge of [wallet, earnCodes, discountVouchers])
      expect((await standing(customer, challenge._id))?.status).toBe('completed');
  });
});

describe('conditions', () => {
  // Events yesterday at 09:00 and 15:00 UTC (the client's time zone is UTC): inside the default schedule.
  const yesterdayAt = (hour: number) => `${day(-1)}T${String(hour).padStart(2, '0')}:00:00.000Z`;

  it('time: After and Before a time of day in the client time zone', async () => {
    const after = await released({
      event_type: 'numberOfLogins',
      trigger: { trigger_quantity: 1 },
      conditions: [{ type: 'time', range_type: 'After', time: '12:00' }],
    });
    const before = await released({
      event_type: 'numberOfGifts',
      trigger: { trigger_quantity: 1 },
      conditions: [{ type: 'time', range_type: 'Before', time: '12:00' }],
    });
    const customer = await addCustomer(t.app, admin);
    await sendAndProcess(t, key, [
      event(customer, 'user.logged-in', {}, yesterdayAt(9)),
      event(customer, 'gift.sent', {}, yesterdayAt(15)),
    ]);
    expect(await progressOf(customer, after._id)).toBe(0);
    expect(await progressOf(customer, before._id)).toBe(0);
    await sendAndProcess(t, key, [
      event(customer, 'user.logged-in', {}, yesterdayAt(15)),
      event(customer, 'gift.sent', {}, yesterdayAt(9)),
    ]);
    expect((await standing(customer, after._id))?.status).toBe('completed');
    expect((await standing(customer, before._id))?.status).toBe('completed');
  });

  it('date range: between two days, and a duration in days from the start', async () => {
    // The login outside the range is two days back, not "half an hour ago": run just after midnight UTC,
    // half an hour ago is yesterday, inside the range.
    const between = await released(
      {
        event_type: 'numberOfLogins',
        trigger: { trigger_quantity: 2 },
        conditions: [{ type: 'date_range', range_type: 'between', start_date: day(-1), end_date: day(-1) }],
      },
      { schedule: { start_date: day(-2), end_date: day(30) } },
    );
    const duration = await released(
      {
        event_type: 'numberOfReferrals',
        trigger: { trigger_quantity: 1 },
        conditions: [{ type: 'date_range', range_type: 'duration', days: 1 }],
      },
      { schedule: { start_date: day(-2), end_date: day(30) } },
    );
    const customer = await addCustomer(t.app, admin);
    await sendAndProcess(t, key, [
      event(customer, 'user.logged-in', {}, yesterdayAt(9)),
      event(customer, 'user.logged-in', {}, `${day(-2)}T09:00:00.000Z`),
      event(customer, 'referral', {}, yesterdayAt(9)),
    ]);
    expect(await progressOf(customer, between._id)).toBe(1);
    expect(await progressOf(customer, duration._id)).toBe(0);
    await sendAndProcess(t, key, [
      event(customer, 'user.logged-in', {}, yesterdayAt(10)),
      event(customer, 'referral', {}, `${day(-2)}T10:00:00.000Z`),
    ]);
    expect((await standing(customer, between._id))?.status).toBe('completed');
    expect((await standing(customer, duration._id))?.status).toBe('completed');
  });

  it("first occurrence counts only the player's first event of its type", async () => {
    const customer = await addCustomer(t.app, admin);
    await sendAndProcess(t, key, [
      event(customer, 'subscription.purchased', { subscription_id: 's0' }, at(30)),
    ]);
    const challenge = await released({
      event_type: 'subscription',
      trigger: { trigger_quantity: 1 },
      conditions: [{ type: 'first_occurrence' }],
    });
    const newcomer = await addCustomer(t.app, admin);
    await sendAndProcess(t, key, [
      event(customer, 'subscription.purchased', { subscription_id: 's1' }),
      event(newcomer, 'subscription.purchased', { subscription_id: 's2' }),
    ]);
    expect(await progressOf(customer, challenge._id)).toBe(0);
    expect((await standing(newcomer, challenge._id))?.status).toBe('completed');
  });

  it('first occurrence counts once when the first two events of a type arrive in one batch', async () => {
    const twice = await released({
      event_type: 'subscription',
      trigger: { trigger_quantity: 2 },
      conditions: [{ type: 'first_occurrence' }],
    });
    const newcomer = await addCustomer(t.app, admin);
    await sendAndProcess(t, key, [
      event(newcomer, 'subscription.purchased', { subscription_id: 's3' }, at(2)),
      event(newcomer, 'subscription.purchased', { subscription_id: 's4' }, at(1)),
    ]);
    expect(await progressOf(newcomer, twice._id)).toBe(1);
  });

  it('unique counts each value of the field once', async () => {
    const challenge = await released({
      event_type: 'qrCode',
      trigger: { trigger_quantity: 2 },
      conditions: [{ type: 'unique', field: 'code' }],
    });
    const customer = await addCustomer(t.app, admin);
    await sendAndProcess(t, key, [
      event(customer, 'qr.scanned', { code: 'TABLE-1' }),
      event(customer, 'qr.scanned', { code: 'TABLE-1' }),
    ]);
    expect(await progressOf(customer, challenge._id)).toBe(1);
    await sendAndProcess(t, key, [event(customer, 'qr.scanned', { code: 'TABLE-2' })]);
    expect((await standing(customer, challenge._id))?.status).toBe('completed');
  });

  it('payment method admits only the listed methods', async () => {
    const challenge = await released({
      event_type: 'orderVolume',
      trigger: { trigger_quantity: 1 },
      conditions: [{ type: 'payment_method', values: ['WALLET', 'VOUCHER'] }],
    });
    const customer = await addCustomer(t.app, admin);
    await sendAndProcess(t, key, [
      order(customer, { payment_method: 'CARD' }),
      order(customer, { payment_method: undefined }),
    ]);
    expect(await progressOf(customer, challenge._id)).toBe(0);
    await sendAndProcess(t, key, [order(customer, { payment_method: 'VOUCHER' })]);
    expect((await standing(customer, challenge._id))?.status).toBe('completed');
  });

  it('recurring counts one step per period with the count of events', async () => {
    const challenge = await released(
      {
        event_type: 'numberOfLogins',
        trigger: { trigger_quantity: 2 },
        conditions: [{ type: 'recurring', frequency: 'daily', interval: 1, day: 'monday', count: 2 }],
      },
      { schedule: { start_date: day(-3), end_date: day(30) } },
    );
    const customer = await addCustomer(t.app, admin);
    const onDay = (offset: number, hour: number) =>
      `${day(offset)}T${String(hour).padStart(2, '0')}:00:00.000Z`;
    await sendAndProcess(t, key, [
      event(customer, 'user.logged-in', {}, onDay(-2, 8)),
      event(customer, 'user.logged-in', {}, onDay(-2, 9)),
      event(customer, 'user.logged-in', {}, onDay(-2, 10)),
      event(customer, 'user.logged-in', {}, onDay(-1, 8)),
    ]);
    expect(await progressOf(customer, challenge._id)).toBe(1);
    await sendAndProcess(t, key, [event(customer, 'user.logged-in', {}, onDay(-1, 9))]);
    expect((await standing(customer, challenge._id))?.status).toBe('completed');
  });

  it('value admits events whose value reaches it', async () => {
    const challenge = await released({
      event_type: 'appPayment',
      trigger: { trigger_quantity: 1 },
      conditions: [{ type: 'value', value: 50 }],
    });
    const customer = await addCustomer(t.app, admin);
    await sendAndProcess(t, key, [event(customer, 'app.payment', { amount: 49.99 })]);
    expect(await progressOf(customer, challenge._id)).toBe(0);
    await sendAndProcess(t, key, [event(customer, 'app.payment', { amount: 50 })]);
    expect((await standing(customer, challenge._id))?.status).toBe('completed');
  });
});

describe('status, schedule and grants', () => {
  it('a draft or staging challenge never advances; events outside the schedule do not count', async () => {
    const draft = await released(
      { event_type: 'numberOfLogins', trigger: { trigger_quantity: 1 } },
      { status: 'draft' },
    );
    const staging = await released(
      { event_type: 'numberOfLogins', trigger: { trigger_quantity: 1 } },
      { status: 'staging' },
    );
    const later = await released(
      { event_type: 'numberOfLogins', trigger: { trigger_quantity: 1 } },
      { schedule: { start_date: day(1), end_date: day(5) } },
    );
    const customer = await addCustomer(t.app, admin);
    await sendAndProcess(t, key, [event(customer, 'user.logged-in')]);
    for (const challenge of [draft, staging, later]) {
      const mine = await standing(customer, challenge._id);
      expect(mine?.started_at ?? null).toBeNull();
    }
  });

  it('a released challenge past its end expires open progress with an Expired transaction', async () => {
    const challenge = await released(
      { event_type: 'numberOfLogins', trigger: { trigger_quantity: 5 } },
      { schedule: { start_date: day(-3), end_date: day(-2) } },
    );
    const customer = await addCustomer(t.app, admin);
    await sendAndProcess(t, key, [event(customer, 'user.logged-in', {}, `${day(-2)}T12:00:00.000Z`)]);
    expect(await standing(customer, challenge._id)).toMatchObject({
      status: 'expired',
      started_at: `${day(-2)}T12:00:00.000Z`,
      objectives: [{ progress: 1 }],
    });
    expect((await transactions(challenge._id, customer)).map((row) => row.challenge_status)).toEqual([
      'Active',
      'Expired',
    ]);
    // Later events change nothing: the expired player's, nor a late one (from before the end) of a player who had
    // not started, since the closed challenge is read no more.
    const late = await addCustomer(t.app, admin);
    await sendAndProcess(t, key, [
      event(customer, 'user.logged-in', {}, `${day(-2)}T13:00:00.000Z`),
      event(late, 'user.logged-in', {}, `${day(-2)}T14:00:00.000Z`),
    ]);
    expect((await transactions(challenge._id, customer)).length).toBe(2);
    expect(await transactions(challenge._id, late)).toEqual([]);
  });

  it('deleting a challenge fails its started, unfinished players; a finished one keeps Completed', async () => {
    const challenge = await released({ event_type: 'numberOfGifts', trigger: { trigger_quantity: 2 } });
    const [started, finished] = [await addCustomer(t.app, admin), await addCustomer(t.app, admin)];
    await sendAndProcess(t, key, [
      event(started, 'gift.sent', { recipient: 'a' }),
      event(finished, 'gift.sent', { recipient: 'a' }),
      event(finished, 'gift.sent', { recipient: 'b' }),
    ]);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/challenges/${challenge._id}`,
      headers: bearer(admin.clientToken),
    });
    expect(res.statusCode, res.body).toBe(200);
    const statuses = async (customer: string) =>
      (await transactions(challenge._id, customer)).map((row) => row.challenge_status);
    expect(await statuses(started)).toEqual(['Active', 'Failed']);
    expect(await statuses(finished)).toEqual(['Active', 'Completed']);
    expect(await standing(started, challenge._id)).toBeUndefined();
  });

  it("a segment's grant_mission action grants the challenge to the players who enter it", async () => {
    const session = await createClientAndSignIn(t.app, { plan: 'GROWTH' });
    const apiKey = (await createApiKey(t.app, session)).key;
    const challenge = await createChallenge(t.app, session, {
      objectives: [objective({ event_type: 'numberOfGifts', trigger: { trigger_quantity: 2 } })],
    });
    await createSegment(t.app, session, {
      name: 'Gifters',
      filters: [
        {
          type: 'statistic',
          statistic_name: 'numberOfGifts',
          comparison: 'GreaterThanOrEqual',
          filter_value: 1,
        },
      ],
      actions: [{ type: 'grant_mission', trigger: 'entered', mission_id: challenge._id }],
    });
    await t.ctx.engine.drain();
    const [giver, bystander] = [await addCustomer(t.app, session), await addCustomer(t.app, session)];
    const read = async (customer: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/players/${customer}`,
        headers: { 'x-api-key': apiKey },
      });
      return (res.json().content as TPlayer).challenges.find((c) => c.challenge_id === challenge._id);
    };
    await sendAndProcess(t, apiKey, [event(bystander, 'user.logged-in')]);
    // The gift that makes the player enter the segment grants the challenge, and counts for it (the challenges
    // step runs after the segments step).
    await sendAndProcess(t, apiKey, [event(giver, 'gift.sent')]);
    expect(await read(giver)).toMatchObject({ status: 'active', objectives: [{ progress: 1, target: 2 }] });
    await sendAndProcess(t, apiKey, [event(giver, 'gift.sent')]);
    expect(await read(giver)).toMatchObject({ status: 'completed' });
    // A player who never entered was never granted it.
    expect(await read(bystander)).toBeUndefined();
  });
});

describe('rewards', () => {
  it('XP a completion pays moves the player into a segment whose rule reads xp, in the same batch', async () => {
    const session = await createClientAndSignIn(t.app, { plan: 'GROWTH' });
    const apiKey = (await createApiKey(t.app, session)).key;
    await createSegment(t.app, session, {
      name: 'Ten XP',
      filters: [rule('xp', 'GreaterThanOrEqual', 10)],
      actions: [],
    });
    const challenge = await createChallenge(t.app, session, {
      objectives: [
        objective({
          event_type: 'numberOfLogins',
          trigger: { trigger_quantity: 1 },
          rewards: [{ type: 'xp', value: 10 }],
        }),
      ],
    });
    await linkChallenge(t.app, session, challenge._id);
    await t.ctx.engine.drain();
    const customer = await addCustomer(t.app, session);
    await sendAndProcess(t, apiKey, [event(customer, 'user.logged-in')]);
    const now = await playerOf(t.app, apiKey, customer);
    expect(now.statistics.xp).toBe(10);
    expect(now.segments).toContain('Ten XP');
  });

  it('an edit that removes the last open objective lets the next event complete the challenge and pay its rewards', async () => {
    const session = await createClientAndSignIn(t.app, { plan: 'GROWTH' });
    const apiKey = (await createApiKey(t.app, session)).key;
    const logins = objective({
      title: 'Log in',
      event_type: 'numberOfLogins',
      trigger: { trigger_quantity: 1 },
    });
    const referrals = objective({
      title: 'Refer',
      event_type: 'numberOfReferrals',
      trigger: { trigger_quantity: 1 },
    });
    const made = await createChallenge(t.app, session, {
      objectives: [logins, referrals],
      rewards: [{ type: 'xp', value: 50 }],
    });
    await linkChallenge(t.app, session, made._id);
    const customer = await addCustomer(t.app, session);
    await sendAndProcess(t, apiKey, [event(customer, 'user.logged-in')]);
    const loaded = await t.app.inject({
      method: 'GET',
      url: `/api/challenges/${made._id}`,
      headers: bearer(session.clientToken),
    });
    const { _id, objectives, ...rest } = loaded.json().content;
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/challenges/${made._id}`,
      headers: bearer(session.clientToken),
      payload: {
        title: rest.title,
        description: rest.description,
        schedule: rest.schedule,
        status: rest.status,
        visible: rest.visible,
        objectives: objectives.slice(0, 1),
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    await sendAndProcess(t, apiKey, [event(customer, 'user.logged-in')]);
    const after = await playerOf(t.app, apiKey, customer);
    expect(after.challenges.find((c) => c.challenge_id === made._id)).toMatchObject({
      status: 'completed',
    });
    expect(after.statistics.xp).toBe(50);
  });

  it('a level a challenge gave stays when a level track maps later XP to a lower level (the track keeps it as a floor)', async () => {
    const session = await createClientAndSignIn(t.app, { plan: 'GROWTH' });
    const apiKey = (await createApiKey(t.app, session)).key;
    const track = await t.app.inject({
      method: 'POST',
      url: '/api/reward-tracks',
      headers: bearer(session.clientToken),
      payload: {
        name: 'Levels',
        reward_track_type: 'LEVEL_PROGRESSION',
        milestones: [100, 300, 600, 1000].map((source_value, index) => ({
          name: `level ${index + 1}`,
          colour: '#d2a023',
          source_value,
          target_value: index + 1,
          image_url: `https://cdn.example.com/${index}.png`,
        })),
      },
    });
    expect(track.statusCode, track.body).toBe(200);
    const levelUp = await createChallenge(t.app, session, {
      objectives: [
        objective({
          event_type: 'numberOfLogins',
          trigger: { trigger_quantity: 1 },
          rewards: [{ type: 'level', value: 2 }],
        }),
      ],
    });
    const scan = await createChallenge(t.app, session, {
      objectives: [
        objective({
          event_type: 'numberOfReferrals',
          trigger: { trigger_quantity: 1 },
          rewards: [{ type: 'xp', value: 10 }],
        }),
      ],
    });
    await linkChallenge(t.app, session, levelUp._id);
    await linkChallenge(t.app, session, scan._id);
    const customer = await addCustomer(t.app, session);
    await sendAndProcess(t, apiKey, [event(customer, 'user.logged-in')]);
    expect((await playerOf(t.app, apiKey, customer)).statistics.level).toBe(2);
    await sendAndProcess(t, apiKey, [event(customer, 'referral', { referred: 'friend@example.com' })]);
    const after = await playerOf(t.app, apiKey, customer);
    expect(after.statistics.xp).toBe(10);
    expect(after.statistics.level).toBe(2);
  });

  it('a level reward raises the level statistic; a cashback reward credits the wallet; challenge rewards pay on completion', async () => {
    const session = await createClientAndSignIn(t.app, { plan: 'GROWTH' });
    const apiKey = (await createApiKey(t.app, session)).key;
    const beans = await createCurrency(t.app, session);
    const challenge = await createChallenge(t.app, session, {
      objectives: [
        objective({
          event_type: 'orderVolume',
          trigger: { trigger_quantity: 1 },
          rewards: [{ type: 'cashback', value: 10, currency_type: 'percentage', currency: beans._id }],
        }),
        objective({
          event_type: 'numberOfLogins',
          trigger: { trigger_quantity: 1 },
          rewards: [{ type: 'level', value: 2 }],
        }),
      ],
      rewards: [{ type: 'cashback', value: 7.5, currency_type: 'fixed', currency: beans._id }],
    });
    await linkChallenge(t.app, session, challenge._id);
    const customer = await addCustomer(t.app, session);
    const read = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/players/${customer}`,
        headers: { 'x-api-key': apiKey },
      });
      return res.json().content as TPlayer;
    };
    await sendAndProcess(t, apiKey, [order(customer, { total: 120 })]);
    let now = await read();
    expect(now.wallets.find((w) => w.currency === beans._id)?.balance).toBe(12);
    expect(now.challenges[0]).toMatchObject({ status: 'active' });
    await sendAndProcess(t, apiKey, [event(customer, 'user.logged-in')]);
    now = await read();
    expect(now.statistics.level).toBe(2);
    expect(now.wallets.find((w) => w.currency === beans._id)?.balance).toBe(19.5);
    expect(now.challenges[0]).toMatchObject({ status: 'completed' });
    const rows = await transactions(challenge._id, customer);
    expect(rows.at(-1)).toMatchObject({ challenge_status: 'Completed' });
    expect(rows.at(-1)?.reward_earned).toContain('2 Levels');
  });
});

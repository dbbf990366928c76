import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSegment,
  createStatistic,
  eventAt,
  playerOf,
  playerStatistics,
  rule,
  sendAndProcess,
} from '../../../test/engine-helpers';
import {
  addCustomer,
  bearer,
  createApiKey,
  createClientAndSignIn,
  eventFor,
  postEvents,
  type SignedIn,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createEngine } from '../core/engine';
import { currentValuesOf } from '../statistics/current-values';
import { loadStatisticCatalogue } from '../statistics/statistic-definitions';
import { ENGINE_STEPS } from '.';

let t: TestApp;
let admin: SignedIn;
let key: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createClientAndSignIn(t.app, { plan: 'STARTER' });
  key = (await createApiKey(t.app, admin)).key;
  await createStatistic(t.app, admin, 'stampsSum', 'Sum');
  await createStatistic(t.app, admin, 'bestScore', 'Max');
  await createStatistic(t.app, admin, 'fastestLap', 'Min');
  await createStatistic(t.app, admin, 'favouriteDrink', 'Last');
});
afterAll(() => t.close());

const update = (customerId: string, minutesAgo: number, name: string, value: number) =>
  eventAt(customerId, minutesAgo, { type: 'statistic.update', data: { name, value } });

describe('statistic.update applies each statistic’s aggregation', () => {
  it('Sum adds, Max and Min keep the extremes, Last keeps the value of the latest occurred_at', async () => {
    const player = await addCustomer(t.app, admin);
    await sendAndProcess(t, key, [
      update(player, 30, 'stampsSum', 1.1),
      update(player, 20, 'stampsSum', 2.2),
      update(player, 30, 'bestScore', 40),
      update(player, 20, 'bestScore', 90),
      update(player, 10, 'bestScore', 60),
      update(player, 30, 'fastestLap', 71.5),
      update(player, 20, 'fastestLap', 69.25),
      update(player, 10, 'favouriteDrink', 3),
      // Arrives later but happened earlier: it must not replace the latest value.
      update(player, 50, 'favouriteDrink', 7),
    ]);
    expect(await playerStatistics(t.app, key, player)).toMatchObject({
      stampsSum: 3.3,
      bestScore: 90,
      fastestLap: 69.25,
      favouriteDrink: 3,
    });
    // In a later batch too: an older value never overwrites a newer one.
    await sendAndProcess(t, key, [
      update(player, 40, 'favouriteDrink', 9),
      update(player, 40, 'stampsSum', -0.3),
    ]);
    expect(await playerStatistics(t.app, key, player)).toMatchObject({ favouriteDrink: 3, stampsSum: 3 });
  });

  it('counts system statistics for each event type', async () => {
    const player = await addCustomer(t.app, admin);
    const types = ['user.logged-in', 'user.logged-in', 'gift.sent', 'referral', 'qr.scanned'];
    await sendAndProcess(t, key, [
      ...types.map((type, i) => eventAt(player, i + 1, { type })),
      eventAt(player, 1, { type: 'voucher.redeemed', data: { voucher_code: 'V1' } }),
      eventAt(player, 1, { type: 'app.payment', data: { amount: 12.5 } }),
      eventAt(player, 1, { type: 'subscription.purchased', data: { subscription_id: 'S1' } }),
    ]);
    expect(await playerStatistics(t.app, key, player)).toEqual({
      numberOfLogins: 2,
      numberOfGifts: 1,
      numberOfReferrals: 1,
      numberOfQrScans: 1,
      numberOfVouchers: 1,
      numberOfAppPayments: 1,
      numberOfSubscriptions: 1,
    });
  });

  it('parks an update of an unknown or a system statistic, and applies the rest of the batch', async () => {
    const player = await addCustomer(t.app, admin);
    await sendAndProcess(t, key, [
      update(player, 3, 'noSuchStatistic', 1),
      update(player, 2, 'numberOfLogins', 100),
      update(player, 1, 'stampsSum', 5),
    ]);
    expect(await playerStatistics(t.app, key, player)).toEqual({ stampsSum: 5 });
    const log = await t.app.inject({
      method: 'GET',
      url: '/api/integrations/events?status=parked',
      headers: bearer(admin.clientToken),
    });
    // The event log is a BUSINESS feature; the parked rows are checked in the events tests.
    expect(log.statusCode).toBe(402);
  });
});

describe('an event counts in the interval its occurred_at falls in, whenever the statistic was created', () => {
  it('a Day statistic created after the events it is sent holds only today’s; a late event for yesterday stays out', async () => {
    const player = await addCustomer(t.app, admin);
    // The client's time zone is UTC: today began at midnight UTC.
    const now = Date.now();
    const midnight = now - (now % 86_400_000);
    const dated = (at: number, value: number) =>
      eventFor(player, {
        type: 'statistic.update',
        occurred_at: new Date(at).toISOString(),
        data: { name: 'todaysStamps', value },
      });
    // Every event happened before the statistic existed: yesterday's, and today's earlier on.
    const earlierToday = midnight + Math.floor((now - midnight) / 2);
    const events = [
      dated(midnight - 3 * 3_600_000, 10),
      dated(midnight - 2 * 3_600_000, 20),
      dated(midnight - 1, 30),
      dated(earlierToday, 5),
      dated(midnight, 7),
    ];
    await createStatistic(t.app, admin, 'todaysStamps', 'Sum', 'Day');
    await createSegment(t.app, admin, {
      name: 'Stamped fifty today',
      description: 'Fifty stamps in a day',
      filters: [rule('todaysStamps', 'GreaterThanOrEqual', 50)],
    });
    await sendAndProcess(t, key, events);
    expect((await playerStatistics(t.app, key, player)).todaysStamps).toBe(12);
    // A late event for yesterday, after today's were processed.
    await sendAndProcess(t, key, [dated(midnight - 30 * 60_000, 40)]);
    const read = await playerOf(t.app, key, player);
    expect(read.statistics.todaysStamps).toBe(12);
    // The segments read the same value: 12 today is not fifty.
    expect(read.segments).toEqual(['AllPlayers']);
  });
});

/**
 * The step at each interval's boundaries, in a client time zone away from UTC: a statistic created in the middle of
 * an interval holds what happened earlier in that interval and nothing of the one before, even when the one before
 * sends a late event; read in the next interval it has no value yet.
 */
describe('interval boundaries in the client’s time zone', () => {
  const cases = [
    {
      interval: 'Hour',
      timeZone: 'Asia/Kolkata',
      // 14:40 in Kolkata (+05:30): the local hour began at 08:30 UTC.
      created: '2026-11-25T09:10:00Z',
      startOfInterval: '2026-11-25T08:30:00Z',
      endOfPrevious: '2026-11-25T08:29:59.999Z',
      next: '2026-11-25T09:30:00Z',
    },
    {
      interval: 'Day',
      timeZone: 'Africa/Johannesburg',
      // 14:00 in Johannesburg (+02:00): the local day began at 22:00 UTC the evening before.
      created: '2026-11-25T12:00:00Z',
      startOfInterval: '2026-11-24T22:00:00Z',
      endOfPrevious: '2026-11-24T21:59:59.999Z',
      next: '2026-11-25T22:00:00Z',
    },
    {
      interval: 'Week',
      timeZone: 'Pacific/Auckland',
      // Thursday 26 November, 01:00 in Auckland (+13:00): the week began on Monday the 23rd, 11:00 UTC on the 22nd.
      created: '2026-11-25T12:00:00Z',
      startOfInterval: '2026-11-22T11:00:00Z',
      endOfPrevious: '2026-11-22T10:59:59.999Z',
      next: '2026-11-29T11:00:00Z',
    },
    {
      interval: 'Month',
      timeZone: 'America/New_York',
      // 15 November in New York (-05:00): the month began at 04:00 UTC on 1 November (still -04:00 then).
      created: '2026-11-15T12:00:00Z',
      startOfInterval: '2026-11-01T04:00:00Z',
      endOfPrevious: '2026-11-01T03:59:59.999Z',
      next: '2026-12-01T05:00:00Z',
    },
  ];
  let owner: SignedIn;
  let ownerKey: string;
  beforeAll(async () => {
    owner = await createClientAndSignIn(t.app, { plan: 'STARTER' });
    ownerKey = (await createApiKey(t.app, owner)).key;
  });

  it.each(cases)(
    '$interval ($timeZone)',
    async ({ interval, timeZone, created, startOfInterval, endOfPrevious, next }) => {
      const name = `${interval.toLowerCase()}Visits`;
      const statistic = await createStatistic(t.app, owner, name, 'Sum', interval);
      // Created at a known moment, in a client of that time zone.
      await t.ctx.database.query('UPDATE statistics SET epoch_start = $1 WHERE id = $2', [
        created,
        statistic._id,
      ]);
      await t.ctx.database.query('UPDATE clients SET time_zone = $1 WHERE id = $2', [
        timeZone,
        owner.clientId,
      ]);
      const player = await addCustomer(t.app, owner);
      const dated = (at: string, value: number) =>
        eventFor(player, { type: 'statistic.update', occurred_at: at, data: { name, value } });
      await sendAndProcess(t, ownerKey, [
        dated(endOfPrevious, 10),
        dated(startOfInterval, 5),
        dated(created, 7),
        dated(endOfPrevious, 20),
      ]);
      await sendAndProcess(t, ownerKey, [dated(endOfPrevious, 40)]);
      const valueAt = async (now: string) => {
        const catalogue = await loadStatisticCatalogue(t.ctx.database.db, [owner.clientId]);
        const values = await currentValuesOf(
          t.ctx.database.db,
          owner.clientId,
          [player],
          catalogue,
          timeZone,
          { now: new Date(now) },
        );
        return values.get(player)?.get(name);
      };
      expect(await valueAt(created)).toBe(12);
      // The interval before holds its own three, late one included.
      expect(await valueAt(endOfPrevious)).toBe(70);
      // The next interval starts empty: the last stored value is not shown as its value.
      expect(await valueAt(next)).toBeUndefined();
    },
  );
});

describe('orders', () => {
  it('count once per order id; a refund or cancellation takes the order out, a recovery puts it back', async () => {
    const player = await addCustomer(t.app, admin);
    const order = (minutesAgo: number, order_id: string, total: number) =>
      eventAt(player, minutesAgo, { type: 'order.created', data: { order_id, total } });
    const status = (minutesAgo: number, order_id: string, value: string) =>
      eventAt(player, minutesAgo, { type: 'order.status-change', data: { order_id, status: value } });
    await sendAndProcess(t, key, [
      order(50, 'ORD-1', 100.1),
      order(40, 'ORD-2', 50.05),
      order(39, 'ORD-2', 50.05),
      status(30, 'ORD-1', 'REFUNDED'),
      order(20, 'ORD-3', 10),
      status(10, 'ORD-3', 'CANCELLED'),
      status(5, 'ORD-3', 'FULFILLED'),
    ]);
    expect(await playerStatistics(t.app, key, player)).toEqual({ totalOrderValue: 60.05, orderVolume: 2 });
    // The customers area's figures (list, profile) are the engine's too: refunded and cancelled orders excluded.
    const [customer] = await t.ctx.database.query<{ total: string; last: string }>(
      'SELECT total_order_value_minor AS total, last_order_amount_minor AS last FROM customers WHERE id = $1',
      [player],
    );
    expect(Number(customer?.total)).toBe(6005);
    // A repeat order.created once the order is counted is a duplicate at once (DESIGN §5): not even stored.
    const repeat = await postEvents(t.app, key, order(1, 'ORD-2', 50.05));
    expect(repeat.json().content.status).toBe('duplicate');
    await t.ctx.engine.drain();
    expect(await playerStatistics(t.app, key, player)).toEqual({ totalOrderValue: 60.05, orderVolume: 2 });
  });

  it('a status change for an order not yet known waits for it, then applies', async () => {
    const player = await addCustomer(t.app, admin);
    await sendAndProcess(t, key, [
      eventAt(player, 5, { type: 'order.status-change', data: { order_id: 'LATE-1', status: 'REFUNDED' } }),
    ]);
    const [row] = await t.ctx.database.query<{ status: string; attempts: number; error: string }>(
      `SELECT status, attempts, error FROM events WHERE customer_id = $1`,
      [player],
    );
    expect(row).toMatchObject({ status: 'accepted', attempts: 1 });
    expect(row?.error).toContain('LATE-1');
  });
});

describe('orders made by the commerce API', () => {
  it('count when their own order.created is processed, once, and leave when refunded even if the row already says so', async () => {
    const player = await addCustomer(t.app, admin);
    // What POST /api/v1/orders stores: the order row, not yet counted, and its event.
    await t.ctx.database.query(
      `INSERT INTO orders (id, client_id, customer_id, code, external_id, status, total_minor, source)
       VALUES ($1, $2, $3, 'API-1', 'API-1', 'ORDERED', 4550, 'api')`,
      ['a1'.repeat(12), admin.clientId, player],
    );
    const created = eventAt(player, 5, { type: 'order.created', data: { order_id: 'API-1', total: 45.5 } });
    await sendAndProcess(t, key, [created]);
    expect(await playerStatistics(t.app, key, player)).toEqual({ totalOrderValue: 45.5, orderVolume: 1 });
    const repeat = await postEvents(
      t.app,
      key,
      eventAt(player, 4, { type: 'order.created', data: { order_id: 'API-1', total: 45.5 } }),
    );
    expect(repeat.json().content.status).toBe('duplicate');
    await t.ctx.engine.drain();
    expect(await playerStatistics(t.app, key, player)).toEqual({ totalOrderValue: 45.5, orderVolume: 1 });
    // The API changes the status first, then its event is processed.
    await t.ctx.database.query(`UPDATE orders SET status = 'REFUNDED' WHERE external_id = 'API-1'`);
    await sendAndProcess(t, key, [
      eventAt(player, 3, { type: 'order.status-change', data: { order_id: 'API-1', status: 'REFUNDED' } }),
    ]);
    expect(await playerStatistics(t.app, key, player)).toEqual({ totalOrderValue: 0, orderVolume: 0 });
    const [row] = await t.ctx.database.query<{ status: string; counted: boolean }>(
      `SELECT status, counted FROM orders WHERE external_id = 'API-1'`,
    );
    expect(row).toEqual({ status: 'REFUNDED', counted: false });
  });
});

describe('the same effects whether events run in one batch or one at a time', () => {
  it('batch size 1 and batch size 500 give identical statistics', async () => {
    const players = [await addCustomer(t.app, admin), await addCustomer(t.app, admin)];
    const events = (player: string, tag: string) => [
      update(player, 9, 'stampsSum', 2),
      update(player, 8, 'bestScore', 7),
      update(player, 7, 'favouriteDrink', 4),
      update(player, 9, 'favouriteDrink', 5),
      eventAt(player, 6, { type: 'order.created', data: { order_id: `${tag}-A`, total: 20 } }),
      eventAt(player, 5, { type: 'order.created', data: { order_id: `${tag}-A`, total: 20 } }),
      eventAt(player, 4, {
        type: 'order.status-change',
        data: { order_id: `${tag}-A`, status: 'CANCELLED' },
      }),
      update(player, 3, 'unknownOne', 1),
      eventAt(player, 2, { type: 'user.logged-in' }),
    ];
    const [one, many] = players as [string, string];
    const single = createEngine({
      database: t.ctx.database,
      steps: ENGINE_STEPS,
      log: t.ctx.log,
      batchSize: 1,
    });
    const first = await postEvents(t.app, key, { events: events(one, 'one') });
    expect(first.statusCode).toBe(200);
    await single.drain();
    await sendAndProcess(t, key, events(many, 'many'));
    expect(await playerStatistics(t.app, key, one)).toEqual(await playerStatistics(t.app, key, many));
    expect(await playerStatistics(t.app, key, many)).toEqual({
      stampsSum: 2,
      bestScore: 7,
      favouriteDrink: 4,
      totalOrderValue: 0,
      orderVolume: 0,
      numberOfLogins: 1,
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStatistic, eventAt, playerStatistics, sendAndProcess } from '../../../test/engine-helpers';
import {
  addCustomer,
  bearer,
  createApiKey,
  createClientAndSignIn,
  postEvents,
  type SignedIn,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createEngine } from '../core/engine';
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
    // A repeat order.created in a later batch is a duplicate too.
    await sendAndProcess(t, key, [order(1, 'ORD-2', 50.05)]);
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
    await sendAndProcess(t, key, [
      eventAt(player, 4, { type: 'order.created', data: { order_id: 'API-1', total: 45.5 } }),
    ]);
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

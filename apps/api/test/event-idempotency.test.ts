import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, ENGINE_STEPS } from '../src/engine';
import { testDbKind } from './db-kind';
import {
  addCustomer,
  createApiKey,
  createClientAndSignIn,
  eventFor,
  postEvents,
  type SignedIn,
} from './factories';
import { createTestApp, type TestApp } from './test-app';

/*
 * DESIGN §5: each event carries an idempotency key; a repeat is acknowledged and ignored. Here the repeats arrive at
 * the same moment (50 requests at once), which on PostgreSQL means concurrent transactions racing for one key.
 */

const TIMES = 50;

let t: TestApp;
let admin: SignedIn;
let key: string;

beforeAll(async () => {
  // Hundreds of requests within a minute from one address and one key: past the default rate limits.
  t = await createTestApp({
    env: { RATE_LIMIT_IP_PER_MINUTE: '1000000', RATE_LIMIT_TOKEN_PER_MINUTE: '1000000' },
  });
  admin = await createClientAndSignIn(t.app, { plan: 'STARTER' });
  key = (await createApiKey(t.app, admin)).key;
});
afterAll(() => t.close());

const statisticsOf = async (customerId: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/players/${customerId}`,
    headers: { 'x-api-key': key },
  });
  expect(res.statusCode).toBe(200);
  return res.json().content.statistics as Record<string, number>;
};

const logRows = (externalIds: readonly string[]) =>
  t.ctx.database.query<{ external_id: string; status: string }>(
    'SELECT external_id, status FROM events WHERE client_id = $1 AND external_id = ANY($2::text[])',
    [admin.clientId, externalIds],
  );

const tally = (statuses: readonly (string | number)[]) => {
  const counts: Record<string, number> = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
};

describe('the same event sent 50 times at once', () => {
  it('as a single event: one 202 accepted, 49 200 duplicates, one log row, one login', async () => {
    const customer = await addCustomer(t.app, admin);
    const login = eventFor(customer, { data: { channel: 'app' } });
    const answers = await Promise.all(Array.from({ length: TIMES }, () => postEvents(t.app, key, login)));
    expect(tally(answers.map((res) => res.statusCode))).toEqual({ 202: 1, 200: TIMES - 1 });
    expect(tally(answers.map((res) => res.json().content.status))).toEqual({
      accepted: 1,
      duplicate: TIMES - 1,
    });
    expect(answers.every((res) => res.json().content.id === login.id)).toBe(true);

    await t.ctx.engine.drain();
    expect(await logRows([login.id])).toEqual([{ external_id: login.id, status: 'processed' }]);
    expect(await statisticsOf(customer)).toEqual({ numberOfLogins: 1 });
  });

  it('inside 50 batches: accepted in exactly one of them, the order counted once', async () => {
    const customer = await addCustomer(t.app, admin);
    const order = eventFor(customer, { type: 'order.created', data: { order_id: 'IDEM-1', total: 84.5 } });
    const batches = Array.from({ length: TIMES }, () => [order, eventFor(customer)]);
    const answers = await Promise.all(batches.map((events) => postEvents(t.app, key, { events })));
    expect(answers.every((res) => res.statusCode === 200)).toBe(true);
    const contents = answers.map((res) => res.json().content as { id: string; status: string }[]);
    expect(tally(contents.map(([first]) => `${first?.id === order.id} ${first?.status}`))).toEqual({
      'true accepted': 1,
      'true duplicate': TIMES - 1,
    });
    // Each batch's own login was taken whatever happened to the shared event.
    expect(contents.every(([, second]) => second?.status === 'accepted')).toBe(true);

    await t.ctx.engine.drain();
    expect(await logRows([order.id])).toEqual([{ external_id: order.id, status: 'processed' }]);
    expect(await statisticsOf(customer)).toEqual({
      numberOfLogins: TIMES,
      orderVolume: 1,
      totalOrderValue: 84.5,
    });
  });

  it('as 50 events of one order id for five customers, applied by two engines at once: counted once', async () => {
    const customers = await Promise.all(Array.from({ length: 5 }, () => addCustomer(t.app, admin)));
    // A second engine on the same database, as a second worker would be; small batches so that they interleave.
    const first = createEngine({
      database: t.ctx.database,
      steps: ENGINE_STEPS,
      log: t.ctx.log,
      batchSize: 3,
    });
    const second = createEngine({
      database: t.ctx.database,
      steps: ENGINE_STEPS,
      log: t.ctx.log,
      batchSize: 3,
    });
    // The engines race for an order only until one of them has stored it: five rounds of two orders each. PGlite is
    // one connection, so there the engines take turns and one round shows all there is to see.
    const rounds = testDbKind() === 'postgres' ? 5 : 1;
    const orderIds: string[] = [];
    const events: ReturnType<typeof eventFor>[] = [];
    for (let round = 0; round < rounds; round += 1) {
      const pair = [`IDEM-${round}-A`, `IDEM-${round}-B`];
      orderIds.push(...pair);
      const sent = Array.from({ length: TIMES * pair.length }, (_, n) =>
        eventFor(customers[n % customers.length] as string, {
          type: 'order.created',
          data: { order_id: pair[n % pair.length], total: 20 },
        }),
      );
      events.push(...sent);
      const answers = await Promise.all(sent.map((event) => postEvents(t.app, key, event)));
      expect(answers.filter((res) => res.statusCode !== 202).map((res) => res.body)).toEqual([]);
      await Promise.all([first.drain(), second.drain()]);
    }
    await t.ctx.engine.drain();

    const rows = await logRows(events.map((event) => event.id));
    for (const orderId of orderIds) {
      const ofOrder = new Set(
        events
          .filter((event) => (event.data as { order_id?: string }).order_id === orderId)
          .map((event) => event.id),
      );
      const statuses = rows.filter((row) => ofOrder.has(row.external_id)).map((row) => row.status);
      expect(tally(statuses), orderId).toEqual({ processed: 1, duplicate: TIMES - 1 });
    }
    const totals = await Promise.all(customers.map(statisticsOf));
    expect(totals.reduce((sum, statistics) => sum + (statistics.orderVolume ?? 0), 0)).toBe(orderIds.length);
    expect(totals.reduce((sum, statistics) => sum + (statistics.totalOrderValue ?? 0), 0)).toBe(
      20 * orderIds.length,
    );
    const orders = await t.ctx.database.query<{ external_id: string }>(
      'SELECT external_id FROM orders WHERE client_id = $1 AND external_id = ANY($2::text[])',
      [admin.clientId, orderIds],
    );
    expect(orders.map((order) => order.external_id).sort()).toEqual([...orderIds].sort());
  });
});

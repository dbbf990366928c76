import { EVENT_MESSAGES } from '@laurel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStatistic, eventAt, playerStatistics, sendAndProcess } from '../../../test/engine-helpers';
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
  suspendCustomer,
  uniqueCell,
  uniqueEmail,
} from '../../../test/factories';
import { createClientApp, type TestApp } from '../../../test/test-app';
import { createOrder, uniqueOrderId } from '../orders/orders.test-support';

let t: TestApp;
let admin: SignedIn;
let key: string;
let player: string;

beforeAll(async () => {
  ({ t, admin, key } = await createClientApp('BUSINESS'));
  player = await addCustomer(t.app, admin);
});
afterAll(() => t.close());

const eventLog = async (query = '') => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/integrations/events${query}`,
    headers: bearer(admin.clientToken),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    content: Record<string, unknown>[];
    pagination: { count: number; hasMore: boolean };
  };
};

describe('one event', () => {
  it('202 accepted, then 200 duplicate for the same id and payload, 409 for the same id with another payload', async () => {
    const event = eventFor(player);
    const first = await postEvents(t.app, key, event);
    expect(first.statusCode).toBe(202);
    expect(first.json()).toMatchObject({
      success: true,
      message: EVENT_MESSAGES.accepted,
      content: { id: event.id, status: 'accepted' },
    });
    const again = await postEvents(t.app, key, event);
    expect(again.statusCode).toBe(200);
    expect(again.json().content).toEqual({ id: event.id, status: 'duplicate' });
    const changed = await postEvents(t.app, key, { ...event, type: 'qr.scanned' });
    expect(changed.statusCode).toBe(409);
    expect(changed.json()).toMatchObject({ success: false, message: EVENT_MESSAGES.conflict });
  });

  it('takes an event without occurred_at as happening when it arrived; its repeat is still a duplicate', async () => {
    const { occurred_at: _left, ...event } = eventFor(player);
    const before = Date.now();
    const res = await postEvents(t.app, key, event);
    expect([res.statusCode, res.json().content.status]).toEqual([202, 'accepted']);
    const again = await postEvents(t.app, key, event);
    expect([again.statusCode, again.json().content.status]).toEqual([200, 'duplicate']);
    const [stored] = await t.ctx.database.query<{ occurred_at: Date }>(
      'SELECT occurred_at FROM events WHERE external_id = $1',
      [event.id],
    );
    const at = new Date(stored?.occurred_at as Date).getTime();
    expect(at).toBeGreaterThanOrEqual(before - 1000);
    expect(at).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it.each([
    [{ id: '' }, 'id'],
    [{ type: 'coffee.drunk' }, 'type'],
    [{ customer: {} }, 'customer'],
    [{ customer: { _id: 'f'.repeat(24), email: 'a@b.co' } }, 'customer'],
    [{ occurred_at: 'yesterday' }, 'occurred_at'],
    [{ occurred_at: new Date(Date.now() + 3_600_000).toISOString() }, 'occurred_at'],
    [{ type: 'order.created', data: { total: 10 } }, 'data.order_id'],
    [{ type: 'order.created', data: { order_id: 'X', total: 10.123 } }, 'data.total'],
    [{ type: 'order.created', data: { order_id: 'X', total: -1 } }, 'data.total'],
    [{ type: 'statistic.update', data: { name: 'x', value: 'ten' } }, 'data.value'],
    [{ type: 'order.status-change', data: { order_id: 'X', status: 'LOST' } }, 'data.status'],
  ])('%j -> 400 naming %s, nothing stored', async (override, field) => {
    const before = (await eventLog()).pagination.count;
    const res = await postEvents(t.app, key, eventFor(player, override));
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.success).toBe(false);
    expect(body.content.errors[0].field).toBe(field);
    expect(body.message).toContain(field);
    expect((await eventLog()).pagination.count).toBe(before);
  });

  it('an unknown customer -> 400 naming customer', async () => {
    const res = await postEvents(t.app, key, eventFor('a'.repeat(24)));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`customer: ${EVENT_MESSAGES.customerNotFound}`);
  });

  it('finds the customer by email, local or international cell number, or loyalty number', async () => {
    const email = uniqueEmail('Ref');
    const cell = uniqueCell();
    const customer = await addCustomer(t.app, admin, { email, cell_number: cell });
    const loyaltyNumber = `LN-${cell}`;
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/user/loyalty_sign_up',
      headers: bearer(admin.token),
      payload: {
        customer_id: customer,
        loyalty_number: loyaltyNumber,
        member_card_number: `6${cell}0000`,
        linked: true,
      },
    });
    expect(signUp.statusCode, signUp.body).toBe(200);
    const refs: Record<string, string>[] = [
      { email: email.toUpperCase() },
      { cell_number: cell },
      { cell_number: `+27${cell.slice(1)}` },
      { loyalty_number: loyaltyNumber },
    ];
    await sendAndProcess(
      t,
      key,
      refs.map((customerRef) => eventFor(customer, { customer: customerRef })),
    );
    expect((await playerStatistics(t.app, key, customer)).numberOfLogins).toBe(refs.length);
  });
});

describe('a batch', () => {
  it('answers 200 with a result per event in request order and keeps the good ones', async () => {
    const good = eventFor(player);
    const repeated = eventFor(player);
    await postEvents(t.app, key, repeated);
    const res = await postEvents(t.app, key, {
      events: [
        good,
        { id: 'broken' },
        repeated,
        { ...repeated, type: 'gift.sent' },
        eventFor('b'.repeat(24)),
        good,
      ],
    });
    expect(res.statusCode).toBe(200);
    const content = res.json().content;
    expect(content.map((answer: { status: string }) => answer.status)).toEqual([
      'accepted',
      'rejected',
      'duplicate',
      'rejected',
      'rejected',
      'duplicate',
    ]);
    expect(content[1]).toMatchObject({ id: 'broken', error: expect.stringContaining('type') });
    expect(content[3].error).toBe(EVENT_MESSAGES.conflict);
    expect(content[4].error).toContain(EVENT_MESSAGES.customerNotFound);
  });

  it('refuses an empty batch or one over 1,000 events (400)', async () => {
    expect((await postEvents(t.app, key, { events: [] })).statusCode).toBe(400);
    const tooMany = Array.from({ length: 1001 }, () => eventFor(player));
    const res = await postEvents(t.app, key, { events: tooMany });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(EVENT_MESSAGES.batchTooLarge);
  });
});

describe('an order.created event for an order already known (DESIGN §5)', () => {
  const orderEvent = (customerId: string, orderId: string) =>
    eventFor(customerId, { type: 'order.created', data: { order_id: orderId, total: 84.5 } });
  const orderVolume = async (customerId: string) =>
    (await playerStatistics(t.app, key, customerId)).orderVolume ?? 0;

  it('is a duplicate (200) once POST /api/v1/orders made the order, even before the engine counted it', async () => {
    const buyer = await addCustomer(t.app, admin);
    const order = await createOrder(t.app, key, buyer);
    const till = await postEvents(t.app, key, orderEvent(buyer, order.order_id));
    expect([till.statusCode, till.json().content]).toEqual([
      200,
      { id: expect.any(String), status: 'duplicate' },
    ]);
    await t.ctx.engine.drain();
    expect(await orderVolume(buyer)).toBe(1);
    // A batch says so per event.
    const batch = await postEvents(t.app, key, {
      events: [orderEvent(buyer, order.order_id), eventFor(buyer)],
    });
    expect(batch.json().content.map((answer: { status: string }) => answer.status)).toEqual([
      'duplicate',
      'accepted',
    ]);
  });

  it("is a duplicate once the engine counted a till's order; another customer's order id is left to the engine", async () => {
    const buyer = await addCustomer(t.app, admin);
    const other = await addCustomer(t.app, admin);
    const orderId = uniqueOrderId('TILL');
    await sendAndProcess(t, key, [orderEvent(buyer, orderId)]);
    const again = await postEvents(t.app, key, orderEvent(buyer, orderId));
    expect([again.statusCode, again.json().content.status]).toEqual([200, 'duplicate']);
    // The same order id for someone else is accepted, and the engine parks it with its reason.
    const stranger = await postEvents(t.app, key, orderEvent(other, orderId));
    expect([stranger.statusCode, stranger.json().content.status]).toEqual([202, 'accepted']);
    await t.ctx.engine.drain();
    expect(await orderVolume(buyer)).toBe(1);
    expect(await orderVolume(other)).toBe(0);
    // A repeat of an event id already received still follows the id: the same payload is a duplicate, another a 409.
    const first = orderEvent(buyer, uniqueOrderId('TILL'));
    await sendAndProcess(t, key, [first]);
    expect((await postEvents(t.app, key, first)).statusCode).toBe(200);
    const changed = await postEvents(t.app, key, { ...first, data: { ...first.data, total: 1 } });
    expect(changed.statusCode).toBe(409);
  });
});

describe('who may send events', () => {
  it('a key in Authorization: Bearer, or a console client token; a user token or none -> 401', async () => {
    const bearerKey = await t.app.inject({
      method: 'POST',
      url: '/api/v1/events',
      headers: bearer(key),
      payload: eventFor(player),
    });
    expect(bearerKey.statusCode).toBe(202);
    const console = await t.app.inject({
      method: 'POST',
      url: '/api/v1/events',
      headers: bearer(admin.clientToken),
      payload: eventFor(player),
    });
    expect(console.statusCode).toBe(202);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/events',
          headers: bearer(admin.token),
          payload: eventFor(player),
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/events', payload: eventFor(player) })).statusCode,
    ).toBe(401);
  });

  it('a staff member needs Customers Edit to send events with the console token', async () => {
    const branch = await createBranch(t.app, admin);
    const viewer = await createStaffAndSignIn(t.app, admin, {
      manager_of: [branch._id],
      user_permissions: { CUSTOMERS: { read: true } },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/events',
      headers: bearer(viewer.clientToken),
      payload: eventFor(player),
    });
    expect(res.statusCode).toBe(403);
  });

  it("a manager's console token reaches only their branches' customers: another branch's is unknown, nothing stored", async () => {
    const [north, south] = [await createBranch(t.app, admin), await createBranch(t.app, admin)];
    const ours = await addCustomer(t.app, admin, { member_branch_id: north._id });
    const theirs = await addCustomer(t.app, admin, {
      member_branch_id: south._id,
      email: uniqueEmail('south'),
    });
    const manager = await createStaffAndSignIn(t.app, admin, {
      manager_of: [north._id],
      user_permissions: { CUSTOMERS: { read: true, update: true } },
    });
    const send = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/v1/events', headers: bearer(manager.clientToken), payload });
    const refused = await send(eventFor(theirs));
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().message).toBe(`customer: ${EVENT_MESSAGES.customerNotFound}`);
    const batch = await send({ events: [eventFor(ours), eventFor(theirs), eventFor(theirs)] });
    expect(batch.json().content.map((answer: { status: string }) => answer.status)).toEqual([
      'accepted',
      'rejected',
      'rejected',
    ]);
    await t.ctx.engine.drain();
    expect((await playerStatistics(t.app, key, ours)).numberOfLogins).toBe(1);
    expect((await playerStatistics(t.app, key, theirs)).numberOfLogins).toBeUndefined();
    // The admin reaches every branch.
    const asAdmin = await t.app.inject({
      method: 'POST',
      url: '/api/v1/events',
      headers: bearer(admin.clientToken),
      payload: eventFor(theirs),
    });
    expect(asAdmin.statusCode, asAdmin.body).toBe(202);
  });

  it('a FREEMIUM business sends events with its key; a revoked key is refused at once', async () => {
    const freemium = await createClientAndSignIn(t.app, { plan: 'FREEMIUM' });
    const created = await createApiKey(t.app, freemium);
    const customer = await addCustomer(t.app, freemium);
    expect((await postEvents(t.app, created.key, eventFor(customer))).statusCode).toBe(202);
    // The scheme's name is case-insensitive (RFC 9110): a client library that writes `bearer` is not refused.
    for (const scheme of ['bearer', 'BEARER']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/events',
        headers: { authorization: `${scheme} ${created.key}` },
        payload: eventFor(customer),
      });
      expect(res.statusCode, `${scheme}: ${res.body}`).toBe(202);
    }
    await t.ctx.engine.drain();
    expect((await playerStatistics(t.app, created.key, customer)).numberOfLogins).toBe(3);
    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/integrations/api-keys/${created._id}`,
      headers: bearer(freemium.clientToken),
    });
    expect(revoked.statusCode).toBe(200);
    const refused = await postEvents(t.app, created.key, eventFor(customer));
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe('The API key is missing or invalid.');
    // The event log is a BUSINESS feature.
    const log = await t.app.inject({
      method: 'GET',
      url: '/api/integrations/events',
      headers: bearer(freemium.clientToken),
    });
    expect(log.statusCode).toBe(402);
  });

  it('an integrator without a key, or with a wrong X-API-Key, is told about its key', async () => {
    const none = await t.app.inject({ method: 'POST', url: '/api/v1/events', payload: {} });
    expect(none.statusCode).toBe(401);
    expect(none.json().message).toBe('The API key is missing or invalid.');
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/v1/events',
      headers: { 'x-api-key': 'not-a-key' },
      payload: {},
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('The API key is missing or invalid.');
    // A console token that is no longer valid is still told to sign in again.
    const stale = await t.app.inject({
      method: 'POST',
      url: '/api/v1/events',
      headers: bearer('not.a.token'),
      payload: {},
    });
    expect(stale.statusCode).toBe(401);
    expect(stale.json().message).toBe('Your session is invalid or has expired. Please sign in again.');
  });

  it("a client's key never reaches another client's customers", async () => {
    const other = await createClientAndSignIn(t.app, { plan: 'BUSINESS' });
    const otherCustomer = await addCustomer(t.app, other);
    const res = await postEvents(t.app, key, eventFor(otherCustomer));
    expect(res.statusCode).toBe(400);
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/v1/players/${otherCustomer}`,
      headers: { 'x-api-key': key },
    });
    expect(read.statusCode).toBe(404);
  });
});

describe('the event log', () => {
  it('lists events newest first with status and error, filters by status and type, and pages', async () => {
    const customer = await addCustomer(t.app, admin, { name: 'Lindiwe', surname: 'Zulu' });
    await sendAndProcess(t, key, [
      eventAt(customer, 3, { type: 'qr.scanned', data: { code: 'TABLE-4' } }),
      eventAt(customer, 2, { type: 'statistic.update', data: { name: 'notYetCreated', value: 1 } }),
    ]);
    const all = await eventLog(`?search_string=${customer}`);
    expect(all.content).toHaveLength(2);
    expect(all.content[0]).toMatchObject({
      type: 'statistic.update',
      status: 'parked',
      customer_id: customer,
      customer_name: 'Lindiwe Zulu',
      error: "No statistic named 'notYetCreated' exists. Create it under Statistics, then retry this event.",
    });
    expect(all.content[1]).toMatchObject({
      type: 'qr.scanned',
      status: 'processed',
      error: null,
      data: { code: 'TABLE-4' },
    });
    expect(all.content[1]?.processed_at).toEqual(expect.any(String));
    // The sender's event id finds that one event.
    const sent = all.content[1]?.event_id as string;
    expect((await eventLog(`?search_string=${encodeURIComponent(sent)}`)).content).toMatchObject([
      { event_id: sent, type: 'qr.scanned' },
    ]);
    expect((await eventLog(`?search_string=${customer}&status=parked`)).content).toHaveLength(1);
    expect((await eventLog(`?search_string=${customer}&type=qr.scanned`)).content).toHaveLength(1);
    const page = await eventLog('?page=1&size=2');
    expect(page.content).toHaveLength(2);
    expect(page.pagination.hasMore).toBe(true);
  });

  it('an unknown filter value is a 400, not a 500', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/integrations/events?status=lost',
      headers: bearer(admin.clientToken),
    });
    expect(res.statusCode).toBe(400);
  });

  it('a parked event is retried once its cause is fixed; only parked events can be retried', async () => {
    const customer = await addCustomer(t.app, admin);
    await sendAndProcess(t, key, [
      eventAt(customer, 1, { type: 'statistic.update', data: { name: 'visits', value: 3 } }),
    ]);
    const [parked] = (await eventLog(`?search_string=${customer}`)).content as {
      _id: string;
      status: string;
    }[];
    expect(parked?.status).toBe('parked');
    await createStatistic(t.app, admin, 'visits', 'Sum');
    const retry = await t.app.inject({
      method: 'POST',
      url: `/api/integrations/events/${parked?._id}/retry`,
      headers: bearer(admin.clientToken),
    });
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toMatchObject({
      message: EVENT_MESSAGES.retried,
      content: { status: 'accepted', error: null },
    });
    await t.ctx.engine.drain();
    expect((await playerStatistics(t.app, key, customer)).visits).toBe(3);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/integrations/events/${parked?._id}/retry`,
      headers: bearer(admin.clientToken),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(EVENT_MESSAGES.notParked);
    const unknown = await t.app.inject({
      method: 'POST',
      url: `/api/integrations/events/${'c'.repeat(24)}/retry`,
      headers: bearer(admin.clientToken),
    });
    expect(unknown.statusCode).toBe(404);
  });

  it("a suspended customer's events are stored and marked skipped", async () => {
    const customer = await addCustomer(t.app, admin);
    await suspendCustomer(t.app, admin, customer);
    await sendAndProcess(t, key, [eventAt(customer, 1, { type: 'user.logged-in' })]);
    const [entry] = (await eventLog(`?search_string=${customer}`)).content;
    expect(entry).toMatchObject({ status: 'skipped', error: 'The customer is suspended.' });
    expect(await playerStatistics(t.app, key, customer)).toEqual({});
  });
});

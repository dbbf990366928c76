import { ORDER_INTAKE_MESSAGES } from '@laurel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playerStatistics } from '../../../test/engine-helpers';
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
  uniqueCell,
  uniqueEmail,
} from '../../../test/factories';
import { createClientApp, type TestApp } from '../../../test/test-app';
import { createProduct } from '../subscriptions/commerce.fixtures';
import { getOrderPage, orderBody, postOrder, uniqueOrderId } from './orders.test-support';

let t: TestApp;
let admin: SignedIn;
let key: string;
let branchId: string;
beforeAll(async () => {
  ({
    t,
    admin,
    key,
    branchIds: { 'Sea Point': branchId },
  } = await createClientApp('BUSINESS', { branches: ['Sea Point'] }));
});
afterAll(() => t.close());

const eventsOf = (clientId: string, like: string) =>
  t.ctx.database.query<{
    external_id: string;
    type: string;
    customer_id: string;
    data: Record<string, unknown>;
  }>(
    `SELECT external_id, type, customer_id, data FROM events WHERE client_id = $1 AND external_id LIKE $2 ORDER BY seq`,
    [clientId, like],
  );

const analytics = async (customerId: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v2/user/lifetime/analitycs?user_id=${customerId}`,
    headers: bearer(admin.clientToken),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().content as { lifetime_spent: number; order_count: number };
};

describe('POST /api/v1/orders', () => {
  it("stores a customer's order with its lines, first parcel, history and order.created event (201)", async () => {
    const customer = await addCustomer(t.app, admin, { name: 'Lerato', surname: 'Khumalo' });
    const body = orderBody(customer, {
      branch_id: branchId,
      method: 'DELIVERY',
      payment_location: 'online',
      delivery_fee: 25,
      total: 140.5,
      expected_fulfilment_date: '2026-12-01',
    });
    const res = await postOrder(t.app, key, body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ success: true, message: ORDER_INTAKE_MESSAGES.created });
    const receipt = res.json().content;
    expect(receipt).toMatchObject({
      order_id: body.order_id,
      code: body.order_id,
      status: 'ORDERED',
      customer_id: customer,
      guest: false,
      subtotal: 115.5,
      delivery_fee: 25,
      total: 140.5,
      // 140.50 × 0.15 / 1.15 = 18.326… -> 18.33
      vat: 18.33,
    });

    const page = await getOrderPage(t.app, admin.clientToken, receipt._id);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().content).toMatchObject({
      _id: receipt._id,
      order_id: body.order_id,
      source: 'api',
      customer: 'Lerato Khumalo',
      customer_id: customer,
      branch: { _id: branchId, display_name: 'Sea Point' },
      method: 'DELIVERY',
      payment_method: 'CARD',
      payment_location: 'online',
      status: 'ORDERED',
      expected_fulfilment_date: '2026-12-01T00:00:00.000Z',
      items: [
        {
          sku: 'FLAT-WHITE',
          product_id: null,
          title: 'Flat white',
          quantity: 2,
          unit_price: 42.25,
          line_total: 84.5,
        },
        {
          sku: null,
          product_id: 'p-croissant',
          title: 'Croissant',
          quantity: 1,
          unit_price: 31,
          line_total: 31,
        },
      ],
      subtotal: 115.5,
      delivery_fee: 25,
      total: 140.5,
      vat: 18.33,
      vat_rate: 0.15,
      total_excl_vat: 122.17,
      counted: false,
      next_statuses: ['PROCESSING', 'CANCELLED'],
      parcels: [{ number: 1, status: 'OPEN', next_statuses: ['PACKED', 'ABANDONED'] }],
      status_history: [
        { seq: 1, parcel: null, from_status: null, to_status: 'ORDERED', changed_by: "API key 'till'" },
      ],
    });

    const events = await eventsOf(admin.clientId, `order:${receipt._id}%`);
    expect(events).toEqual([
      {
        external_id: `order:${receipt._id}`,
        type: 'order.created',
        customer_id: customer,
        data: {
          order_id: body.order_id,
          total: 140.5,
          status: 'ORDERED',
          method: 'DELIVERY',
          payment_method: 'CARD',
          items: [
            { sku: 'FLAT-WHITE', quantity: 2, price: 42.25 },
            { product_id: 'p-croissant', quantity: 1, price: 31 },
          ],
        },
      },
    ]);
    const [row] = await t.ctx.database.query<{ source: string; counted: boolean; counted_at: string | null }>(
      'SELECT source, counted, counted_at FROM orders WHERE id = $1',
      [receipt._id],
    );
    expect(row).toEqual({ source: 'api', counted: false, counted_at: null });
  });

  it("a line sent with a catalogue SKU and no title shows the product's title on the order page", async () => {
    const product = await createProduct(t.app, admin, { title: 'Decaf Beans 250 g' });
    const body = orderBody(null, {
      items: [
        { sku: product.sku.toLowerCase(), quantity: 1, price: 120 },
        { sku: 'NOT-IN-CATALOGUE', quantity: 1, price: 10 },
      ],
    });
    const res = await postOrder(t.app, key, body);
    expect(res.statusCode, res.body).toBe(201);
    const page = await getOrderPage(t.app, admin.clientToken, res.json().content._id);
    expect(page.json().content.items.map((item: { title: string }) => item.title)).toEqual([
      'Decaf Beans 250 g',
      'NOT-IN-CATALOGUE',
    ]);
  });

  it('finds the customer by email, cell number or loyalty number, like events', async () => {
    const email = uniqueEmail('buyer');
    const cell = uniqueCell();
    const customer = await addCustomer(t.app, admin, { email, cell_number: cell });
    const loyalty = await t.app.inject({
      method: 'POST',
      url: '/api/user/loyalty_sign_up',
      headers: bearer(admin.token),
      payload: {
        customer_id: customer,
        loyalty_number: `LOY-${uniqueOrderId()}`,
        member_card_number: '600000000000009',
        linked: true,
      },
    });
    expect(loyalty.statusCode, loyalty.body).toBe(200);
    const refs = [
      { email: email.toUpperCase() },
      { cell_number: cell },
      { cell_number: `+27${cell.slice(1)}` },
      { loyalty_number: loyalty.json().content.loyalty_number },
    ];
    for (const ref of refs) {
      const res = await postOrder(t.app, key, orderBody(null, { guest: undefined, customer: ref }));
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().content.customer_id).toBe(customer);
    }
  });

  it('a repeat with the same payload returns the first answer (200); another payload is 409; one order, one event', async () => {
    const customer = await addCustomer(t.app, admin);
    const body = orderBody(customer);
    const first = await postOrder(t.app, key, body);
    expect(first.statusCode).toBe(201);
    const again = await postOrder(t.app, key, body);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      message: ORDER_INTAKE_MESSAGES.duplicate,
      content: first.json().content,
    });
    // A console token of the same client is the same sender.
    expect((await postOrder(t.app, admin.clientToken, body)).statusCode).toBe(200);
    const changed = await postOrder(t.app, key, { ...body, payment_method: 'WALLET' });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().message).toBe(ORDER_INTAKE_MESSAGES.conflict);
    const rows = await t.ctx.database.query(
      'SELECT id FROM orders WHERE client_id = $1 AND external_id = $2',
      [admin.clientId, body.order_id],
    );
    expect(rows).toHaveLength(1);
    expect(await eventsOf(admin.clientId, `order:${first.json().content._id}%`)).toHaveLength(1);
  });

  it('ten concurrent copies of one order store it once', async () => {
    const customer = await addCustomer(t.app, admin);
    const body = orderBody(customer);
    const answers = await Promise.all(Array.from({ length: 10 }, () => postOrder(t.app, key, body)));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([
      200, 200, 200, 200, 200, 200, 200, 200, 200, 201,
    ]);
    expect(new Set(answers.map((res) => res.json().content._id)).size).toBe(1);
  });

  it("records a guest's order with what the guest gave, and stores no event", async () => {
    const body = orderBody(null, {
      guest: { name: 'Pieter', email: 'pieter@example.com', contact_number: '0831112222' },
      status: 'POS-ORDERED',
    });
    const res = await postOrder(t.app, key, body);
    expect(res.statusCode, res.body).toBe(201);
    const receipt = res.json().content;
    expect(receipt).toMatchObject({ status: 'POS-ORDERED', customer_id: null, guest: true, total: 115.5 });
    const page = (await getOrderPage(t.app, admin.clientToken, body.order_id)).json().content;
    expect(page).toMatchObject({
      customer: 'Pieter',
      guest: true,
      email: 'pieter@example.com',
      contact_number: '+27831112222',
      status: 'POS-ORDERED',
      next_statuses: ['FULFILLED', 'CANCELLED'],
      // A till sale is not sent out: no parcel.
      parcels: [],
    });
    expect(await eventsOf(admin.clientId, `order:${receipt._id}%`)).toEqual([]);
    const anonymous = await postOrder(t.app, key, orderBody(null, { guest: {} }));
    expect(anonymous.statusCode).toBe(201);
    const anonymousPage = (await getOrderPage(t.app, admin.clientToken, anonymous.json().content._id)).json();
    expect(anonymousPage.content).toMatchObject({
      customer: 'Guest User',
      email: null,
      contact_number: null,
    });
  });

  it('API keys work on every plan: a FREEMIUM business records orders', async () => {
    const freemium = await createClientAndSignIn(t.app, { plan: 'FREEMIUM' });
    const freemiumKey = (await createApiKey(t.app, freemium)).key;
    const customer = await addCustomer(t.app, freemium);
    expect((await postOrder(t.app, freemiumKey, orderBody(customer))).statusCode).toBe(201);
  });
});

describe('POST /api/v1/orders refuses', () => {
  const unknownId = 'a'.repeat(24);
  type Body = Record<string, unknown>;
  const cases: [string, (body: Body) => Body, string, string | undefined][] = [
    [
      'neither customer nor guest',
      ({ customer: _c, ...body }) => body,
      'customer',
      ORDER_INTAKE_MESSAGES.customerOrGuest,
    ],
    [
      'both customer and guest',
      (body) => ({ ...body, guest: { name: 'X' } }),
      'customer',
      ORDER_INTAKE_MESSAGES.customerOrGuest,
    ],
    [
      'an empty customer reference',
      (body) => ({ ...body, customer: {} }),
      'customer',
      'customer must name exactly one of _id, email, cell_number, loyalty_number or external_id',
    ],
    [
      'an unknown customer',
      (body) => ({ ...body, customer: { _id: unknownId } }),
      'customer',
      ORDER_INTAKE_MESSAGES.customerNotFound,
    ],
    [
      'an unknown branch',
      (body) => ({ ...body, branch_id: unknownId }),
      'branch_id',
      ORDER_INTAKE_MESSAGES.branchNotFound,
    ],
    [
      'an item without product',
      (body) => ({ ...body, items: [{ quantity: 1, price: 5 }] }),
      'items.0.product_id',
      ORDER_INTAKE_MESSAGES.itemRef,
    ],
    ['no items', (body) => ({ ...body, items: [] }), 'items', 'must hold at least one item'],
    [
      'quantity 0',
      (body) => ({ ...body, items: [{ sku: 'A', quantity: 0, price: 5 }] }),
      'items.0.quantity',
      'must be at least 1',
    ],
    [
      'a fractional quantity',
      (body) => ({ ...body, items: [{ sku: 'A', quantity: 1.5, price: 5 }] }),
      'items.0.quantity',
      'must be a whole number',
    ],
    [
      'three decimals',
      (body) => ({ ...body, items: [{ sku: 'A', quantity: 1, price: 5.001 }] }),
      'items.0.price',
      'must have at most two decimal places',
    ],
    [
      'a negative price',
      (body) => ({ ...body, items: [{ sku: 'A', quantity: 1, price: -1 }] }),
      'items.0.price',
      'must not be negative',
    ],
    ['a wrong total', (body) => ({ ...body, total: 100 }), 'total', ORDER_INTAKE_MESSAGES.totalMismatch],
    [
      'a total too large',
      (body) => ({ ...body, items: [{ sku: 'A', quantity: 100_000, price: 99_999 }] }),
      'total',
      ORDER_INTAKE_MESSAGES.totalTooLarge,
    ],
    [
      'a delivery fee on a collection',
      (body) => ({ ...body, delivery_fee: 10 }),
      'delivery_fee',
      ORDER_INTAKE_MESSAGES.deliveryFeeNeedsDelivery,
    ],
    [
      'ordered_at in the future',
      (body) => ({ ...body, ordered_at: new Date(Date.now() + 3_600_000).toISOString() }),
      'ordered_at',
      ORDER_INTAKE_MESSAGES.futureOrderedAt,
    ],
    [
      'a status other than ORDERED or POS-ORDERED',
      (body) => ({ ...body, status: 'FULFILLED' }),
      'status',
      undefined,
    ],
    ['an unknown method', (body) => ({ ...body, method: 'POST' }), 'method', undefined],
    [
      'an unknown payment method',
      (body) => ({ ...body, payment_method: 'CASH' }),
      'payment_method',
      undefined,
    ],
    ['an empty order id', (body) => ({ ...body, order_id: '' }), 'order_id', 'is required'],
    [
      'a long order id',
      (body) => ({ ...body, order_id: 'x'.repeat(65) }),
      'order_id',
      'must not be more than 64 characters',
    ],
    [
      'an unreadable ETA',
      (body) => ({ ...body, expected_fulfilment_date: 'soon' }),
      'expected_fulfilment_date',
      'must be a date (YYYY-MM-DD) or an ISO 8601 date-time',
    ],
    [
      "a guest's bad email",
      ({ customer: _c, ...body }) => ({ ...body, guest: { email: 'nope' } }),
      'guest.email',
      'Invalid email address',
    ],
  ];
  it.each(cases)('%s -> 400', async (_label, change, field, message) => {
    const customer = await addCustomer(t.app, admin);
    const res = await postOrder(t.app, key, change(orderBody(customer)));
    expect(res.statusCode, res.body).toBe(400);
    const errors = res.json().content.errors as { field: string; message: string }[];
    expect(errors[0]?.field).toBe(field);
    // A message that says only what is wrong reads with its field in front ('order_id is required').
    if (message)
      expect(res.json().message).toBe(/^(?:is|must|has) /.test(message) ? `${field} ${message}` : message);
  });

  it.each([
    ['0000-01-01', 'must be between 1900-01-01 and 2999-12-31'],
    ['9999-12-31T23:00:00-05:00', 'must be between 1900-01-01 and 2999-12-31'],
    ['2026-02-30', 'must be a real date'],
    ['2026-02-30T10:00:00Z', 'must be a real date'],
  ])('an expected fulfilment date of %s -> 400, and no order is stored', async (date, message) => {
    const body = orderBody(await addCustomer(t.app, admin), { expected_fulfilment_date: date });
    const res = await postOrder(t.app, key, body);
    expect(res.statusCode, res.body).toBe(400);
    const errors = res.json().content.errors as { field: string; message: string }[];
    expect(errors).toHaveLength(1);
    expect(errors[0]?.field).toBe('expected_fulfilment_date');
    expect(errors[0]?.message).toMatch(message);
    const stored = await t.ctx.database.query(
      'SELECT id FROM orders WHERE client_id = $1 AND external_id = $2',
      [admin.clientId, body.order_id],
    );
    expect(stored).toEqual([]);
  });

  it("a manager's console token: only at their branches (403), and a branch must be named (400)", async () => {
    const other = (await createBranch(t.app, admin))._id;
    const manager = await createStaffAndSignIn(t.app, admin, {
      role: 'BRANCH_MANAGER',
      manager_of: [branchId],
      user_permissions: { ORDERS: { create: true, read: true } },
    });
    const customer = await addCustomer(t.app, admin);
    const foreign = await postOrder(t.app, manager.clientToken, orderBody(customer, { branch_id: other }));
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe(ORDER_INTAKE_MESSAGES.branchNotManaged);
    const none = await postOrder(t.app, manager.clientToken, orderBody(customer));
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Please select a branch');
    expect(
      (await postOrder(t.app, manager.clientToken, orderBody(customer, { branch_id: branchId }))).statusCode,
    ).toBe(201);
    // Without ORDERS:create the route is closed.
    const reader = await createStaffAndSignIn(t.app, admin, {
      manager_of: [branchId],
      user_permissions: { ORDERS: { read: true } },
    });
    expect(
      (await postOrder(t.app, reader.clientToken, orderBody(customer, { branch_id: branchId }))).statusCode,
    ).toBe(403);
  });
});

describe('an order from the API feeds the engine exactly once', () => {
  it('counts once in totalOrderValue and the analytics, through repeats and a stray event; a refund takes it out', async () => {
    const customer = await addCustomer(t.app, admin);
    const body = orderBody(customer, { ordered_at: new Date(Date.now() - 60_000).toISOString() });
    const receipt = (await postOrder(t.app, key, body)).json().content;
    expect((await postOrder(t.app, key, body)).statusCode).toBe(200);
    // The channel also sends the order as an event: the order id is known, so it is a duplicate (DESIGN §5).
    const stray = await postEvents(
      t.app,
      key,
      eventFor(customer, { type: 'order.created', data: { order_id: body.order_id, total: 115.5 } }),
    );
    expect([stray.statusCode, stray.json().content.status]).toEqual([200, 'duplicate']);
    await t.ctx.engine.drain();
    expect(await playerStatistics(t.app, key, customer)).toMatchObject({
      totalOrderValue: 115.5,
      orderVolume: 1,
    });
    expect(await analytics(customer)).toEqual({ lifetime_spent: 115.5, order_count: 1 });
    expect((await getOrderPage(t.app, admin.clientToken, receipt._id)).json().content.counted).toBe(true);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/v2/get/user?_id=${customer}`,
      headers: bearer(admin.clientToken),
    });
    expect(list.json().content.total_order_value).toBe(115.5);

    for (const status of ['PROCESSING', 'FULFILLED', 'REFUNDED']) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/v1/orders/${body.order_id}`,
        headers: { 'x-api-key': key },
        payload: { status },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    await t.ctx.engine.drain();
    expect(await playerStatistics(t.app, key, customer)).toMatchObject({
      totalOrderValue: 0,
      orderVolume: 0,
    });
    expect(await analytics(customer)).toEqual({ lifetime_spent: 0, order_count: 0 });
    const page = (await getOrderPage(t.app, admin.clientToken, receipt._id)).json().content;
    expect(page).toMatchObject({ status: 'REFUNDED', counted: false, next_statuses: [] });
    const events = await eventsOf(admin.clientId, `order:${receipt._id}%`);
    expect(events.map((event) => [event.external_id, event.type, event.data.status])).toEqual([
      [`order:${receipt._id}`, 'order.created', 'ORDERED'],
      [`order:${receipt._id}:status:2`, 'order.status-change', 'PROCESSING'],
      [`order:${receipt._id}:status:3`, 'order.status-change', 'FULFILLED'],
      [`order:${receipt._id}:status:4`, 'order.status-change', 'REFUNDED'],
    ]);
    const processed = await t.ctx.database.query<{ status: string }>(
      `SELECT status FROM events WHERE client_id = $1 AND external_id LIKE $2`,
      [admin.clientId, `order:${receipt._id}%`],
    );
    expect(processed.every((event) => event.status === 'processed')).toBe(true);
  });
});

describe('tenant isolation', () => {
  it('another client neither sees nor changes an order, and may use the same order id for its own', async () => {
    const customer = await addCustomer(t.app, admin);
    const body = orderBody(customer);
    const receipt = (await postOrder(t.app, key, body)).json().content;
    const other = await createClientAndSignIn(t.app, { plan: 'BUSINESS' });
    const otherKey = (await createApiKey(t.app, other)).key;
    for (const id of [receipt._id, body.order_id]) {
      expect((await getOrderPage(t.app, other.clientToken, id)).statusCode).toBe(404);
      const patch = await t.app.inject({
        method: 'PATCH',
        url: `/api/v1/orders/${id}`,
        headers: { 'x-api-key': otherKey },
        payload: { status: 'CANCELLED' },
      });
      expect(patch.statusCode).toBe(404);
    }
    // Another client's customer cannot be named either.
    const foreign = await postOrder(t.app, otherKey, { ...body, order_id: uniqueOrderId() });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(ORDER_INTAKE_MESSAGES.customerNotFound);
    const own = await addCustomer(t.app, other);
    expect((await postOrder(t.app, otherKey, { ...body, customer: { _id: own } })).statusCode).toBe(201);
    expect((await getOrderPage(t.app, admin.clientToken, receipt._id)).json().content.status).toBe('ORDERED');
  });
});

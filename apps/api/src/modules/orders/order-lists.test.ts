import { ORDER_SORT_KEYS } from '@laurel/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addCustomer,
  createApiKey,
  createClientAndSignIn,
  createStaffAndSignIn,
  eventFor,
  postEvents,
  type SignedIn,
} from '../../../test/factories';
import { createClientApp, NO_RATE_LIMITS, type TestApp } from '../../../test/test-app';
import { pageIdsQuery } from './list-paging';
import { orderPageSpec } from './orders.queries';
import { createOrder, getList, patchOrder } from './orders.test-support';

let t: TestApp;
let admin: SignedIn;
let key: string;
let north: string;
let south: string;
let naledi: string;
let bongani: string;
/** The orders of the first client, by code. */
const ids: Record<string, string> = {};

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

beforeAll(async () => {
  ({
    t,
    admin,
    key,
    branchIds: { North: north, South: south },
  } = await createClientApp('BUSINESS', { env: NO_RATE_LIMITS, branches: ['North', 'South'] }));
  naledi = await addCustomer(t.app, admin, {
    name: 'Naledi',
    surname: 'Zulu',
    email: 'naledi.zulu@example.com',
  });
  bongani = await addCustomer(t.app, admin, { name: 'Bongani', surname: 'Adams' });
  const orders: [string, string | null, Record<string, unknown>][] = [
    [
      'A-100',
      naledi,
      {
        branch_id: north,
        ordered_at: daysAgo(5),
        method: 'DELIVERY',
        expected_fulfilment_date: '2026-12-03',
      },
    ],
    [
      'A-101',
      bongani,
      { branch_id: south, ordered_at: daysAgo(4), items: [{ sku: 'BIG', quantity: 10, price: 99.9 }] },
    ],
    [
      'A-102',
      null,
      {
        branch_id: north,
        ordered_at: daysAgo(3),
        guest: { name: 'Carla Guest' },
        expected_fulfilment_date: '2026-12-01',
      },
    ],
    [
      'A-103',
      naledi,
      { branch_id: south, ordered_at: daysAgo(2), items: [{ sku: 'S', quantity: 1, price: 5 }] },
    ],
    [
      'A-104',
      bongani,
      { ordered_at: daysAgo(1), method: 'DELIVERY', expected_fulfilment_date: '2026-12-02' },
    ],
  ];
  for (const [code, customer, overrides] of orders) {
    ids[code] = (await createOrder(t.app, key, customer, { order_id: code, ...overrides }))._id;
  }
  expect((await patchOrder(t.app, key, 'A-103', { status: 'CANCELLED' })).statusCode).toBe(200);
  // An order made by an event alone is listed too, with its customer's name.
  const event = eventFor(bongani, {
    type: 'order.created',
    occurred_at: daysAgo(6),
    data: { order_id: 'EV-1', total: 12 },
  });
  expect((await postEvents(t.app, key, event)).statusCode).toBe(202);
  await t.ctx.engine.drain();
  // Another client's orders never show.
  const other = await createClientAndSignIn(t.app, { plan: 'BUSINESS' });
  const otherKey = (await createApiKey(t.app, other)).key;
  await createOrder(t.app, otherKey, await addCustomer(t.app, other), { order_id: 'A-999' });
});
afterAll(() => t.close());

const orderList = async (query: string, session = admin) => {
  const res = await getList(t.app, session.clientToken, `/api/v2/order/list${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().content as {
    order_list: Record<string, unknown>[];
    count: number;
    count_capped: boolean;
    statuses: string[];
  };
};
const codes = (content: {
  order_list?: Record<string, unknown>[];
  orders_list?: Record<string, unknown>[];
}) => (content.order_list ?? content.orders_list ?? []).map((row) => row.code);

describe('GET /api/v2/order/list', () => {
  it('lists the rows of the Orders table, newest order first, in content.order_list and content.count', async () => {
    const content = await orderList('');
    expect(codes(content)).toEqual(['A-104', 'A-103', 'A-102', 'A-101', 'A-100', 'EV-1']);
    expect(content).toMatchObject({ count: 6, count_capped: false });
    const [latest] = content.order_list;
    expect(latest).toMatchObject({
      _id: ids['A-104'],
      order_id: 'A-104',
      code: 'A-104',
      customer: 'Bongani Adams',
      customer_id: bongani,
      guest: false,
      total: 115.5,
      branch: null,
      method: 'DELIVERY',
      payment_method: 'CARD',
      expected_fulfilment_date: '2026-12-02T00:00:00.000Z',
      status: 'ORDERED',
    });
    const rows = Object.fromEntries(content.order_list.map((row) => [row.code, row]));
    expect(rows['A-102']).toMatchObject({
      customer: 'Carla Guest',
      guest: true,
      branch: { _id: north, display_name: 'North' },
    });
    expect(rows['EV-1']).toMatchObject({
      customer: 'Bongani Adams',
      total: 12,
      method: null,
      status: 'ORDERED',
    });
  });

  it('pages from 1 with size, and ignores the staff user_id the console sends', async () => {
    const second = await orderList(`?page=2&size=2&user_id=${admin.userId}`);
    expect(codes(second)).toEqual(['A-102', 'A-101']);
    expect(second.count).toBe(6);
    expect(codes(await orderList('?page=4&size=2'))).toEqual([]);
  });

  it('sorts by every column but branch, both ways', async () => {
    const expected: Record<string, string[]> = {
      customer: ['EV-1', 'A-101', 'A-104', 'A-102', 'A-100', 'A-103'],
      code: ['A-100', 'A-101', 'A-102', 'A-103', 'A-104', 'EV-1'],
      order_date: ['EV-1', 'A-100', 'A-101', 'A-102', 'A-103', 'A-104'],
      // Ties go by order date, then id, the same way.
      total: ['A-103', 'EV-1', 'A-100', 'A-102', 'A-104', 'A-101'],
      method: ['A-101', 'A-102', 'A-103', 'A-100', 'A-104', 'EV-1'],
      // No ETA sorts last going up, first going down.
      expected_fulfilment_date: ['A-102', 'A-104', 'A-100', 'EV-1', 'A-101', 'A-103'],
      status: ['A-103', 'EV-1', 'A-100', 'A-101', 'A-102', 'A-104'],
    };
    for (const key of ORDER_SORT_KEYS) {
      expect(codes(await orderList(`?sort_key=${key}&sort_direction=asc`)), `${key} asc`).toEqual(
        expected[key],
      );
      expect(codes(await orderList(`?sort_key=${key}&sort_direction=desc`)), `${key} desc`).toEqual(
        [...(expected[key] ?? [])].reverse(),
      );
    }
    expect(codes(await orderList('?sort_key=&sort_direction=desc'))[0]).toBe('A-104');
    const bad = await getList(t.app, admin.clientToken, '/api/v2/order/list?sort_key=branch');
    expect(bad.statusCode).toBe(400);
  });

  it('filters by status, method and search (code, order id, name, email, number); ALL is no filter', async () => {
    expect(codes(await orderList('?status=CANCELLED'))).toEqual(['A-103']);
    expect((await orderList('?status=ALL')).count).toBe(6);
    expect(codes(await orderList('?method=DELIVERY'))).toEqual(['A-104', 'A-100']);
    expect(codes(await orderList('?method=COLLECTION&status=ORDERED'))).toEqual(['A-102', 'A-101']);
    expect(codes(await orderList('?search_string=a-10'))).toEqual([
      'A-104',
      'A-103',
      'A-102',
      'A-101',
      'A-100',
    ]);
    expect(codes(await orderList('?search_string=NALEDI.ZULU@'))).toEqual(['A-103', 'A-100']);
    expect(codes(await orderList('?search_string=carla'))).toEqual(['A-102']);
    expect(codes(await orderList('?search_string=%25'))).toEqual([]);
    expect((await getList(t.app, admin.clientToken, '/api/v2/order/list?status=SHIPPED')).statusCode).toBe(
      400,
    );
  });

  it('names the statuses found in the orders, for the status filter: the same whatever the filter and search', async () => {
    for (const query of ['', '?status=CANCELLED', '?search_string=carla&page=9'])
      expect((await orderList(query)).statuses).toEqual(['ORDERED', 'CANCELLED']);
  });

  it("managers see their branches' orders only, whatever branch_id_list asks; admins may narrow by branch", async () => {
    const manager = await createStaffAndSignIn(t.app, admin, {
      role: 'AREA_MANAGER',
      manager_of: [north],
      user_permissions: { ORDERS: { read: true } },
    });
    expect(codes(await orderList('', manager))).toEqual(['A-102', 'A-100']);
    // South's cancelled order is not found for North's manager.
    expect((await orderList('', manager)).statuses).toEqual(['ORDERED']);
    expect(codes(await orderList(`?branch_id_list=${south}`, manager))).toEqual([]);
    expect(codes(await orderList(`?branch_id_list=${south}`))).toEqual(['A-103', 'A-101']);
    const both = await createStaffAndSignIn(t.app, admin, {
      role: 'AREA_MANAGER',
      manager_of: [north, south],
      user_permissions: { ORDERS: { read: true } },
    });
    expect(codes(await orderList('', both))).toEqual(['A-103', 'A-102', 'A-101', 'A-100']);
    expect(codes(await orderList('?sort_key=total&sort_direction=desc&page=2&size=2', both))).toEqual([
      'A-100',
      'A-103',
    ]);
    const noFlag = await createStaffAndSignIn(t.app, admin, {
      manager_of: [north],
      user_permissions: { CUSTOMERS: { read: true } },
    });
    expect((await getList(t.app, noFlag.clientToken, '/api/v2/order/list')).statusCode).toBe(403);
  });
});

describe("a customer's orders", () => {
  it('GET /api/v2/user/order/list: rows of the Orders table in content.orders_list', async () => {
    const res = await getList(t.app, admin.clientToken, `/api/v2/user/order/list?user_id=${naledi}`);
    expect(res.statusCode).toBe(200);
    expect(codes(res.json().content)).toEqual(['A-103', 'A-100']);
    expect(res.json().content.count).toBe(2);
    const sorted = await getList(
      t.app,
      admin.clientToken,
      `/api/v2/user/order/list?user_id=${naledi}&sort_key=total&sort_direction=asc`,
    );
    expect(codes(sorted.json().content)).toEqual(['A-103', 'A-100']);
    const missing = await getList(t.app, admin.clientToken, '/api/v2/user/order/list?user_id=nope');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('The customer id must be 24 hexadecimal characters.');
  });

  it('GET /api/v2/user/list/order/summary: the profile columns, count and the value of counted orders', async () => {
    const res = await getList(t.app, admin.clientToken, `/api/v2/user/list/order/summary?user_id=${naledi}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().content).toEqual({
      orders_list: [
        expect.objectContaining({
          code: 'A-103',
          amount: 5,
          status: 'CANCELLED',
          branch: { _id: south, display_name: 'South' },
        }),
        {
          _id: ids['A-100'],
          code: 'A-100',
          customer: 'Naledi Zulu',
          email: 'naledi.zulu@example.com',
          phone_number: expect.stringMatching(/^\+27\d{9}$/),
          date: expect.any(String),
          amount: 115.5,
          branch: { _id: north, display_name: 'North' },
          method: 'DELIVERY',
          status: 'ORDERED',
        },
      ],
      count: 2,
      // The cancelled order does not count.
      total_value: 115.5,
    });
  });
});

describe('every sort and filter of the Orders table reads an index', () => {
  /** The page query's plan with sequential scans and sorts priced out: what remains needs no sort of its own. */
  const planOf = async (spec: ReturnType<typeof orderPageSpec>) =>
    t.ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      await tx.execute(sql`SET LOCAL enable_sort = off`);
      const result = (await tx.execute(sql`EXPLAIN ${pageIdsQuery(spec)}`)) as unknown as {
        rows: { 'QUERY PLAN': string }[];
      };
      return result.rows.map((row) => row['QUERY PLAN']).join('\n');
    });
  const base = { clientId: admin?.clientId ?? '', branchIds: null };

  it.each(ORDER_SORT_KEYS)('sort by %s, both ways', async (sortKey) => {
    for (const direction of ['asc', 'desc'] as const) {
      const plan = await planOf(
        orderPageSpec({ ...base, clientId: admin.clientId }, { key: sortKey, direction }, 3, 15),
      );
      expect(plan, `${sortKey} ${direction}`).toMatch(/Index (Only )?Scan/);
      expect(plan, `${sortKey} ${direction}`).not.toMatch(/Sort(?! Key)/);
    }
  });

  it('status, method, branch and customer filters keep the newest-first order from an index; search uses the trigram index', async () => {
    const newest = { key: 'order_date', direction: 'desc' } as const;
    const filters = [
      { status: 'ORDERED' },
      { method: 'DELIVERY' },
      { branchIds: [north] },
      { customerId: naledi },
    ];
    for (const filter of filters) {
      const plan = await planOf(
        orderPageSpec({ ...base, clientId: admin.clientId, ...filter }, newest, 1, 15),
      );
      expect(plan, JSON.stringify(filter)).toMatch(/Index (Only )?Scan/);
      expect(plan, JSON.stringify(filter)).not.toMatch(/Sort(?! Key)/);
    }
    // Several branches: each branch's first rows come from its index; only those few are merged and sorted.
    const several = await planOf(
      orderPageSpec({ ...base, clientId: admin.clientId, branchIds: [north, south] }, newest, 1, 15),
    );
    expect(several.match(/Index (Only )?Scan/g)).toHaveLength(2);
    expect(several.match(/Sort(?! Key)/g) ?? [], several).toHaveLength(
      several.includes('Merge Append') ? 0 : 1,
    );
    // A fragment search cannot keep any order: its rows come from the trigram index, then are sorted.
    const search = await t.ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      await tx.execute(sql`SET LOCAL enable_indexscan = off`);
      const result = (await tx.execute(
        sql`EXPLAIN SELECT id FROM orders WHERE search_text LIKE '%zulu%'`,
      )) as unknown as { rows: { 'QUERY PLAN': string }[] };
      return result.rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(search).toMatch(/orders_search_trgm_idx/);
  });
});

import { BASKET_API_MESSAGES } from '@laurel/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addCustomer,
  createApiKey,
  createBranch,
  createClientAndSignIn,
  createStaffAndSignIn,
  type SignedIn,
} from '../../../test/factories';
import { createClientApp, NO_RATE_LIMITS, type TestApp } from '../../../test/test-app';
import { pageIdsQuery } from '../orders';
import { getList, postBasket, uniqueOrderId } from '../orders/orders.test-support';
import { basketPageSpec } from './baskets.queries';

let t: TestApp;
let admin: SignedIn;
let key: string;
let north: string;
let south: string;
let thabo: string;
beforeAll(async () => {
  ({
    t,
    admin,
    key,
    branchIds: { North: north, South: south },
  } = await createClientApp('BUSINESS', { env: NO_RATE_LIMITS, branches: ['North', 'South'] }));
  thabo = await addCustomer(t.app, admin, {
    name: 'Thabo',
    surname: 'Molefe',
    email: 'thabo.molefe@example.com',
  });
});
afterAll(() => t.close());

const basketBody = (overrides: Record<string, unknown> = {}) => ({
  basket_id: uniqueOrderId('CART'),
  customer: { _id: thabo },
  branch_id: north,
  type: 'COLLECTION',
  items: [{ sku: 'FLAT-WHITE', title: 'Flat white', quantity: 2, price: 42.25 }],
  ...overrides,
});

describe('POST /api/v1/baskets', () => {
  it('creates a basket (201), answers a repeat unchanged (200), and replaces it on an update (200)', async () => {
    const body = basketBody({ total: 84.5 });
    const created = await postBasket(t.app, key, body);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      message: BASKET_API_MESSAGES.created,
      content: {
        basket_id: body.basket_id,
        customer: 'Thabo Molefe',
        customer_id: thabo,
        guest: false,
        email: 'thabo.molefe@example.com',
        contact_number: expect.stringMatching(/^\+27/),
        branch: { _id: north, display_name: 'North' },
        type: 'COLLECTION',
        status: 'OPEN',
        item_count: 2,
        total: 84.5,
        items: [
          {
            sku: 'FLAT-WHITE',
            product_id: null,
            title: 'Flat white',
            quantity: 2,
            unit_price: 42.25,
            line_total: 84.5,
          },
        ],
      },
    });
    const first = created.json().content;
    const again = await postBasket(t.app, key, body);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ message: BASKET_API_MESSAGES.unchanged, content: first });

    const checkedOut = await postBasket(t.app, key, {
      ...body,
      total: undefined,
      status: 'CHECKED-OUT',
      type: 'DELIVERY',
      items: [...body.items, { product_id: 'p-muffin', quantity: 1, price: 25 }],
    });
    expect(checkedOut.statusCode).toBe(200);
    expect(checkedOut.json()).toMatchObject({
      message: BASKET_API_MESSAGES.updated,
      content: {
        _id: first._id,
        status: 'CHECKED-OUT',
        type: 'DELIVERY',
        item_count: 3,
        total: 109.5,
        created_at: first.created_at,
      },
    });
    expect(checkedOut.json().content.items[1]).toMatchObject({
      product_id: 'p-muffin',
      title: 'p-muffin',
      line_total: 25,
    });
    const rows = await t.ctx.database.query(
      'SELECT id FROM baskets WHERE client_id = $1 AND external_id = $2',
      [admin.clientId, body.basket_id],
    );
    expect(rows).toHaveLength(1);
  });

  it("a guest's basket shows 'Guest User' and '-'; concurrent sends make one basket", async () => {
    const body = basketBody({ customer: undefined, items: [] });
    const answers = await Promise.all(Array.from({ length: 5 }, () => postBasket(t.app, key, body)));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(answers[0]?.json().content).toMatchObject({
      customer: 'Guest User',
      customer_id: null,
      guest: true,
      email: '-',
      contact_number: '-',
      item_count: 0,
      total: 0,
    });
  });

  const unknownId = 'c'.repeat(24);
  it.each([
    [{ customer: { _id: unknownId } }, 'customer', BASKET_API_MESSAGES.customerNotFound],
    [{ branch_id: unknownId }, 'branch_id', BASKET_API_MESSAGES.branchNotFound],
    [{ total: 1 }, 'total', BASKET_API_MESSAGES.totalMismatch],
    [
      { items: [{ quantity: 1, price: 1 }] },
      'items.0.product_id',
      'items.0.product_id must name product_id or sku',
    ],
    [{ type: 'BOTH' }, 'type', undefined],
    [{ status: 'ALL' }, 'status', undefined],
    [{ basket_id: ' ' }, 'basket_id', 'basket_id is required'],
  ])('%j -> 400 on %s', async (change, field, message) => {
    const res = await postBasket(t.app, key, basketBody(change));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().content.errors[0].field).toBe(field);
    if (message) expect(res.json().message).toBe(message);
  });

  it("a manager's console token records baskets at their branches only", async () => {
    const manager = await createStaffAndSignIn(t.app, admin, {
      role: 'BRANCH_MANAGER',
      manager_of: [north],
      user_permissions: { BASKETS: { create: true, read: true } },
    });
    const foreign = await postBasket(t.app, manager.clientToken, basketBody({ branch_id: south }));
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe(BASKET_API_MESSAGES.branchNotManaged);
    // Nor may it take over another branch's basket by its id.
    const southern = basketBody({ branch_id: south });
    expect((await postBasket(t.app, key, southern)).statusCode).toBe(201);
    const takeover = await postBasket(t.app, manager.clientToken, { ...southern, branch_id: north });
    expect(takeover.statusCode).toBe(403);
    expect((await postBasket(t.app, manager.clientToken, basketBody())).statusCode).toBe(201);
  });
});

describe('basket lists', () => {
  let client: SignedIn;
  let clientKey: string;
  let a: string;
  let b: string;
  const day = (date: string) => `${date}T12:00:00Z`;

  beforeAll(async () => {
    client = await createClientAndSignIn(t.app, { plan: 'BUSINESS' });
    clientKey = (await createApiKey(t.app, client)).key;
    a = (await createBranch(t.app, client, { display_name: 'Alpha' }))._id;
    b = (await createBranch(t.app, client, { display_name: 'Beta' }))._id;
    const zanele = await addCustomer(t.app, client, {
      name: 'Zanele',
      surname: 'Dube',
      email: 'zanele@example.com',
    });
    const seed: [string, Record<string, unknown>, string][] = [
      [
        'B1',
        {
          customer: { _id: zanele },
          branch_id: a,
          type: 'COLLECTION',
          items: [{ sku: 'X', quantity: 1, price: 10 }],
        },
        '2026-10-01',
      ],
      [
        'B2',
        {
          branch_id: a,
          type: 'DELIVERY',
          status: 'ABANDONED',
          items: [{ sku: 'X', quantity: 5, price: 10 }],
        },
        '2026-10-05',
      ],
      [
        'B3',
        {
          customer: { _id: zanele },
          branch_id: b,
          type: 'DELIVERY',
          status: 'CHECKED-OUT',
          items: [{ sku: 'X', quantity: 20, price: 10 }],
        },
        '2026-10-10',
      ],
      ['B4', { branch_id: b, type: 'COLLECTION', items: [] }, '2026-10-15'],
    ];
    for (const [id, body, date] of seed) {
      const res = await postBasket(t.app, clientKey, { basket_id: id, ...body });
      expect(res.statusCode, res.body).toBe(201);
      await t.ctx.database.query(
        'UPDATE baskets SET updated_at = $1 WHERE client_id = $2 AND external_id = $3',
        [day(date), client.clientId, id],
      );
    }
    // The first client's baskets never show here.
    expect((await postBasket(t.app, key, basketBody({ basket_id: 'B1' }))).statusCode).toBe(201);
  });

  const list = async (query: string, session?: SignedIn) => {
    const res = await getList(t.app, (session ?? client).clientToken, `/api/v2/client/basket/list${query}`);
    expect(res.statusCode, res.body).toBe(200);
    const content = res.json().content as { baskets: { basket_id: string }[]; count: number };
    return { ids: content.baskets.map((row) => row.basket_id), count: content.count, content };
  };

  it('GET /api/v2/client/basket/list: newest change first in content.baskets and content.count; type BOTH and status ALL by default', async () => {
    const all = await list('');
    expect(all.ids).toEqual(['B4', 'B3', 'B2', 'B1']);
    expect(all.count).toBe(4);
    expect(all.content.baskets[0]).toMatchObject({
      customer: 'Guest User',
      email: '-',
      contact_number: '-',
      branch: { display_name: 'Beta' },
    });
    expect(all.content.baskets[1]).toMatchObject({
      customer: 'Zanele Dube',
      email: 'zanele@example.com',
      total: 200,
    });
    expect((await list('?type=BOTH&status=ALL')).ids).toEqual(['B4', 'B3', 'B2', 'B1']);
    expect((await list('?page=2&size=3')).ids).toEqual(['B1']);
  });

  it('filters by date range, type, status, total range, branch and search', async () => {
    expect((await list('?from_date=2026-10-05&to_date=2026-10-10')).ids).toEqual(['B3', 'B2']);
    expect((await list('?from_date=2026-10-11')).ids).toEqual(['B4']);
    expect((await list('?to_date=2026-10-01')).ids).toEqual(['B1']);
    expect((await list('?type=DELIVERY')).ids).toEqual(['B3', 'B2']);
    expect((await list('?status=ABANDONED')).ids).toEqual(['B2']);
    expect((await list('?min_value=10&max_value=50')).ids).toEqual(['B2', 'B1']);
    expect((await list('?min_value=0&max_value=0')).ids).toEqual(['B4']);
    expect((await list(`?branch_id=${a}`)).ids).toEqual(['B2', 'B1']);
    expect((await list(`?branch_id_list=${b}`)).ids).toEqual(['B4', 'B3']);
    expect((await list('?search_string=dube')).ids).toEqual(['B3', 'B1']);
    expect((await list('?search_string=b2')).ids).toEqual(['B2']);
  });

  it.each([
    ['?from_date=2026-10-10&to_date=2026-10-01', BASKET_API_MESSAGES.dateRange],
    ['?min_value=50&max_value=10', BASKET_API_MESSAGES.valueRange],
    ['?min_value=-1', 'min_value must be a number of at least 0'],
    ['?from_date=10/01/2026', 'Date must be in the format YYYY-MM-DD'],
    ['?type=PICKUP', undefined],
    ['?status=LOST', undefined],
  ])('%s -> 400', async (query, message) => {
    const res = await getList(t.app, client.clientToken, `/api/v2/client/basket/list${query}`);
    expect(res.statusCode).toBe(400);
    if (message) expect(res.json().message).toBe(message);
  });

  it("managers see their branches' baskets only, whatever they ask for", async () => {
    const manager = await createStaffAndSignIn(t.app, client, {
      role: 'AREA_MANAGER',
      manager_of: [a],
      user_permissions: { BASKETS: { read: true } },
    });
    expect((await list('', manager)).ids).toEqual(['B2', 'B1']);
    expect((await list(`?branch_id=${b}`, manager)).ids).toEqual([]);
    expect((await list(`?branch_id_list=${b}`, manager)).ids).toEqual([]);
    const noFlag = await createStaffAndSignIn(t.app, client, {
      manager_of: [a],
      user_permissions: { ORDERS: { read: true } },
    });
    expect((await getList(t.app, noFlag.clientToken, '/api/v2/client/basket/list')).statusCode).toBe(403);
  });

  it("GET /api/v2/user/basket/list: one customer's baskets, with the same filters", async () => {
    const [customer] = await t.ctx.database.query<{ customer_id: string }>(
      `SELECT customer_id FROM baskets WHERE client_id = $1 AND external_id = 'B1'`,
      [client.clientId],
    );
    const url = `/api/v2/user/basket/list?user_id=${customer?.customer_id}`;
    const res = await getList(t.app, client.clientToken, url);
    expect(res.statusCode).toBe(200);
    expect(res.json().content.baskets.map((row: { basket_id: string }) => row.basket_id)).toEqual([
      'B3',
      'B1',
    ]);
    expect(res.json().content.count).toBe(2);
    const filtered = await getList(t.app, client.clientToken, `${url}&status=CHECKED-OUT&type=DELIVERY`);
    expect(filtered.json().content.count).toBe(1);
    // Another client's customer id finds nothing.
    expect((await getList(t.app, admin.clientToken, url)).json().content).toEqual({ baskets: [], count: 0 });
  });

  it('each filter keeps the newest-first order from an index', async () => {
    for (const filter of [
      {},
      { status: 'OPEN' },
      { type: 'DELIVERY' },
      { branchIds: [a] },
      { customerId: 'x' },
      { fromDate: '2026-10-02' },
    ]) {
      const plan = await t.ctx.database.db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL enable_seqscan = off`);
        await tx.execute(sql`SET LOCAL enable_sort = off`);
        const spec = basketPageSpec({ clientId: client.clientId, branchIds: null, ...filter }, 1, 15);
        const result = (await tx.execute(sql`EXPLAIN ${pageIdsQuery(spec)}`)) as unknown as {
          rows: { 'QUERY PLAN': string }[];
        };
        return result.rows.map((row) => row['QUERY PLAN']).join('\n');
      });
      expect(plan, JSON.stringify(filter)).toMatch(/Index (Only )?Scan/);
      expect(plan, JSON.stringify(filter)).not.toMatch(/Sort(?! Key)/);
    }
  });
});

import { EXPORT_FIELDS, EXPORT_FILE_PREFIXES, REPORT_CARD_LABELS } from '@laurel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCurrency } from '../../../test/economy-helpers';
import {
  addCustomer,
  bearer,
  createApiKey,
  createBranch,
  createClientAndSignIn,
  createStaffAndSignIn,
  type SignedIn,
} from '../../../test/factories';
import { attachmentName, exportFileUrl } from '../../../test/report-helpers';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { newId } from '../../db/ids';

let t: TestApp;
let admin: SignedIn;
let north: string;
let south: string;
let beans: string;
let thandi: string;
let sipho: string;
let coffee: string;
let mug: string;

type Row = {
  _id: string;
  user_name: string;
  reward_name: string;
  status: string;
  coupon_code: string | null;
  cost: number;
  currency: string | null;
  branch_location: string | null;
};

const get = (session: SignedIn, url: string) =>
  t.app.inject({ method: 'GET', url, headers: bearer(session.clientToken) });
const rowsOf = async (query: string, session = admin) => {
  const res = await get(session, `/api/rewards/redemptions?size=100&${query}`);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  return { transactions: body.content as Row[], count: body.pagination.count as number };
};
const codesOf = async (query: string, session = admin) =>
  (await rowsOf(query, session)).transactions.map((row) => row.coupon_code ?? row.reward_name);
const summaryOf = async (query: string, session = admin) => {
  const res = await get(session, `/api/rewards/redemptions/summary?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().content as {
    cards: { label: string; value: number | string; detail: string | null }[];
    options: Record<string, string[]>;
    count: number;
  };
};
const exported = async (payload: Record<string, unknown>, session = admin) => {
  const ready = await t.app.inject({
    method: 'POST',
    url: '/api/rewards/redemptions/export',
    headers: bearer(session.clientToken),
    payload,
  });
  expect(ready.statusCode, ready.body).toBe(200);
  const file = await get(session, exportFileUrl('/api/rewards/redemptions/export', ready));
  expect(file.statusCode, file.body).toBe(200);
  return { file };
};

const addReward = async (name: string, type: string, cost: number) => {
  const id = newId();
  await t.ctx.database.query(
    `INSERT INTO rewards (id, client_id, name, description, type, currency_id, cost)
     VALUES ($1, $2, $3, $3, $4, $5, $6)`,
    [id, admin.clientId, name, type, beans, cost],
  );
  return id;
};

/** A redemption as the rewards area writes it, `daysAgo` days back (fractions allowed). */
const addRedemption = async (r: {
  reward: string;
  name: string;
  type: string;
  customer: string;
  branch: string;
  status: 'issued' | 'used' | 'cancelled';
  code: string | null;
  cost: number;
  daysAgo: number;
  expiresInDays?: number;
}) => {
  await t.ctx.database.query(
    `INSERT INTO reward_redemptions (id, client_id, reward_id, reward_name, reward_type, customer_id, branch_id,
       idempotency_id, status, coupon_code, expires_at, currency_id, cost, balance_after, created_at, used_at,
       cancelled_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $1, $8, $9,
       CASE WHEN $10::float8 IS NULL THEN NULL ELSE now() + make_interval(secs => $10::float8 * 86400) END,
       $11, $12, 0, now() - make_interval(secs => $13::float8 * 86400),
       CASE WHEN $8 = 'used' THEN now() END, CASE WHEN $8 = 'cancelled' THEN now() END)`,
    [
      newId(),
      admin.clientId,
      r.reward,
      r.name,
      r.type,
      r.customer,
      r.branch,
      r.status,
      r.code,
      r.expiresInDays ?? null,
      beans,
      r.cost,
      r.daysAgo,
    ],
  );
};

const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

/**
 * Five redemptions, newest first: a mug for Thandi (North, issued), a mug for Sipho (South, cancelled), a coffee
 * coupon Thandi used, a coffee coupon of hers still valid, and Sipho's coffee coupon that expired unused.
 */
beforeAll(async () => {
  t = await createTestApp();
  admin = await createClientAndSignIn(t.app, { plan: 'BUSINESS' });
  north = (await createBranch(t.app, admin, { display_name: 'North' }))._id;
  south = (await createBranch(t.app, admin, { display_name: 'South' }))._id;
  beans = (await createCurrency(t.app, admin, { code: 'BNS' }))._id;
  thandi = await addCustomer(t.app, admin, { name: 'Thandi', surname: 'Mokoena', member_branch_id: north });
  sipho = await addCustomer(t.app, admin, { name: 'Sipho', surname: 'Dlamini', member_branch_id: south });
  coffee = await addReward('Free coffee', 'coupon', 50);
  mug = await addReward('Branded mug', 'physical', 200);
  const coffeeOf = { reward: coffee, name: 'Free coffee', type: 'coupon', cost: 50 };
  const mugOf = { reward: mug, name: 'Branded mug', type: 'physical', cost: 200, code: null };
  await addRedemption({
    ...coffeeOf,
    customer: sipho,
    branch: south,
    status: 'issued',
    code: 'EXPIRED3',
    daysAgo: 10,
    expiresInDays: -3,
  });
  await addRedemption({
    ...coffeeOf,
    customer: thandi,
    branch: north,
    status: 'issued',
    code: 'VALID1',
    daysAgo: 3,
    expiresInDays: 27,
  });
  await addRedemption({
    ...coffeeOf,
    customer: thandi,
    branch: north,
    status: 'used',
    code: 'USED2',
    daysAgo: 2,
    expiresInDays: 28,
  });
  await addRedemption({ ...mugOf, customer: sipho, branch: south, status: 'cancelled', daysAgo: 1 });
  await addRedemption({ ...mugOf, customer: thandi, branch: north, status: 'issued', daysAgo: 0.01 });
});
afterAll(() => t.close());

describe('the Redemptions report', () => {
  it('lists every redemption newest first, an issued coupon past its expiry as expired', async () => {
    const { transactions, count } = await rowsOf('');
    expect(count).toBe(5);
    expect(transactions.map((row) => [row.reward_name, row.user_name, row.status, row.coupon_code])).toEqual([
      ['Branded mug', 'Thandi Mokoena', 'issued', null],
      ['Branded mug', 'Sipho Dlamini', 'cancelled', null],
      ['Free coffee', 'Thandi Mokoena', 'used', 'USED2'],
      ['Free coffee', 'Thandi Mokoena', 'issued', 'VALID1'],
      ['Free coffee', 'Sipho Dlamini', 'expired', 'EXPIRED3'],
    ]);
    expect(transactions[0]).toMatchObject({ cost: 200, currency: 'BNS', branch_location: 'North' });
  });

  it('filters by status, issued and expired apart; an unknown status matches nothing', async () => {
    expect(await codesOf('status=expired')).toEqual(['EXPIRED3']);
    expect(await codesOf('status=issued')).toEqual(['Branded mug', 'VALID1']);
    expect(await codesOf('status=issued|expired')).toEqual(['Branded mug', 'VALID1', 'EXPIRED3']);
    expect(await codesOf('status=used')).toEqual(['USED2']);
    expect(await codesOf('status=cancelled')).toEqual(['Branded mug']);
    expect(await codesOf('status=lost')).toEqual([]);
  });

  it('filters by reward name, branch, date and search (customer, reward or code)', async () => {
    expect(await codesOf('reward_name=Branded%20mug')).toEqual(['Branded mug', 'Branded mug']);
    expect(await codesOf('reward_name=Nothing')).toEqual([]);
    expect(await codesOf('branch_location=South')).toEqual(['Branded mug', 'EXPIRED3']);
    expect(await codesOf(`end_date=${day(2)}`)).toEqual(['USED2', 'VALID1', 'EXPIRED3']);
    expect(await codesOf(`start_date=${day(1)}&branch_location=North`)).toEqual(['Branded mug']);
    expect(await codesOf('search_string=valid1')).toEqual(['VALID1']);
    expect(await codesOf('search_string=Sipho')).toEqual(['Branded mug', 'EXPIRED3']);
    expect(await codesOf('search_string=mug&status=issued')).toEqual(['Branded mug']);
  });

  it('answers the snapshot cards over the redemptions that stand, and the filter options', async () => {
    const all = await summaryOf('');
    // The list counts the cancelled mug; the cards leave it out (its 200 was credited back).
    expect(all.count).toBe(5);
    expect(all.cards).toEqual([
      { label: REPORT_CARD_LABELS.redemptions[0], value: 4, detail: null },
      { label: 'Points Spent', value: 350, detail: 'BNS' },
      { label: 'Coupons Used', value: 1, detail: null },
      { label: 'Most Redeemed Reward', value: 'Free coffee', detail: '3' },
    ]);
    expect(all.options).toEqual({
      branch_location: ['North', 'South'],
      status: ['issued', 'used', 'cancelled', 'expired'],
      reward_name: ['Branded mug', 'Free coffee'],
    });
    const south = await summaryOf('branch_location=South');
    expect(south.count).toBe(2);
    expect(south.cards.map((card) => [card.label, card.value])).toEqual([
      ['Redemptions', 1],
      ['Points Spent', 50],
      ['Coupons Used', 0],
      ['Most Redeemed Reward', 'Free coffee'],
    ]);
  });

  it('describes exactly the rows a status filter shows, cancelled ones spending nothing', async () => {
    const cancelled = await summaryOf('status=cancelled');
    expect(cancelled.count).toBe(1);
    expect(cancelled.cards).toEqual([
      { label: 'Redemptions', value: 1, detail: null },
      { label: 'Points Spent', value: 0, detail: null },
      { label: 'Coupons Used', value: 0, detail: null },
      { label: 'Most Redeemed Reward', value: 'Branded mug', detail: '1' },
    ]);
    const issuedOrCancelled = await summaryOf('status=issued|cancelled');
    expect(issuedOrCancelled.count).toBe(3);
    expect(issuedOrCancelled.cards.map((card) => [card.label, card.value])).toEqual([
      ['Redemptions', 3],
      ['Points Spent', 250],
      ['Coupons Used', 0],
      ['Most Redeemed Reward', 'Branded mug'],
    ]);
  });

  it('names every reward tied for most redeemed, not one picked of them', async () => {
    // Issued and not expired: Thandi's mug and her valid coffee coupon, one each.
    const issued = await summaryOf('status=issued');
    expect(issued.count).toBe(2);
    expect(issued.cards[3]).toEqual({
      label: 'Most Redeemed Reward',
      value: 'Branded mug, Free coffee',
      detail: 'tied, 1 each',
    });
  });

  it('has no most redeemed reward when no row matches (null, shown as a dash)', async () => {
    const none = await summaryOf('reward_name=Nothing');
    expect(none.count).toBe(0);
    expect(none.cards.map((card) => card.value)).toEqual([0, 0, 0, null]);
    expect(none.cards[3]?.detail).toBeNull();
  });

  it('exports the filtered rows as CSV with the default columns, or the chosen ones', async () => {
    const all = await exported({});
    expect(attachmentName(all.file)).toMatch(
      new RegExp(`^${EXPORT_FILE_PREFIXES.redemptions}_\\d{4}-\\d\\d-\\d\\d\\.csv$`),
    );
    const lines = all.file.body.trim().split('\n');
    expect(lines[0]).toBe(EXPORT_FIELDS.redemptions.join(','));
    expect(lines).toHaveLength(6);
    const chosen = await exported({
      filters: { status: 'used|expired' },
      fields: [
        'user_name',
        'reward_name',
        'reward_type',
        'status',
        'coupon_code',
        'cost',
        'currency',
        'branch_location',
      ],
    });
    expect(chosen.file.body.trim().split('\n')).toEqual([
      'user_name,reward_name,reward_type,status,coupon_code,cost,currency,branch_location',
      'Thandi Mokoena,Free coffee,coupon,used,USED2,50.00,BNS,North',
      'Sipho Dlamini,Free coffee,coupon,expired,EXPIRED3,50.00,BNS,South',
    ]);
  });

  it('shows a branch manager the redemptions of the branches they manage, in rows, cards and export', async () => {
    const manager = await createStaffAndSignIn(t.app, admin, {
      manager_of: [south],
      user_permissions: { REWARDS: { read: true, create: false, update: false, delete: false } },
    });
    expect(await codesOf('', manager)).toEqual(['Branded mug', 'EXPIRED3']);
    expect(await codesOf('branch_location=North', manager)).toEqual([]);
    expect((await summaryOf('', manager)).count).toBe(2);
    expect((await summaryOf('', manager)).options.branch_location).toEqual(['South']);
    const file = await exported({ fields: ['coupon_code', 'branch_location'] }, manager);
    expect(file.file.body.trim().split('\n')).toEqual([
      'coupon_code,branch_location',
      ',South',
      'EXPIRED3,South',
    ]);
  });
});

describe('redemptions the rewards area writes', () => {
  it('reports a staff redemption with its branch, a used coupon as used, a cancelled one as cancelled', async () => {
    const shop = await createClientAndSignIn(t.app, { plan: 'BUSINESS' });
    const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: bearer(shop.clientToken), ...(payload ? { payload } : {}) });
    const east = (await createBranch(t.app, shop, { display_name: 'East' }))._id;
    const stars = (await createCurrency(t.app, shop, { code: 'STR' }))._id;
    const lindiwe = await addCustomer(t.app, shop, {
      name: 'Lindiwe',
      surname: 'Zulu',
      member_branch_id: east,
    });
    const credit = await call('POST', `/api/economy/customers/${lindiwe}/adjustments`, {
      currency: stars,
      direction: 'credit',
      amount: 100,
      reason: 'Welcome',
    });
    expect(credit.statusCode, credit.body).toBe(200);
    const reward = await call('POST', '/api/rewards', {
      name: 'Free muffin',
      description: 'Any muffin',
      type: 'coupon',
      cost: { currency: stars, amount: 30 },
      coupon: { source: 'generated', value_type: 'amount', value: 25, valid_days: 14 },
    });
    expect(reward.statusCode, reward.body).toBe(200);
    const redeem = async (id: string) => {
      const res = await call('POST', `/api/customers/${lindiwe}/redemptions`, {
        id,
        reward_id: reward.json().content._id,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().content as { _id: string; coupon_code: string };
    };
    const [used, cancelled, kept] = [await redeem('first'), await redeem('second'), await redeem('third')];
    const key = await createApiKey(t.app, shop);
    const use = await t.app.inject({
      method: 'POST',
      url: `/api/v1/coupons/${used.coupon_code}/use`,
      headers: { 'x-api-key': key.key },
      payload: {},
    });
    expect(use.statusCode, use.body).toBe(200);
    expect((await call('POST', `/api/redemptions/${cancelled._id}/cancel`)).statusCode).toBe(200);

    const list = await call('GET', '/api/rewards/redemptions');
    expect(list.statusCode, list.body).toBe(200);
    const rows = list.json().content as Row[];
    expect(
      rows.map((row) => [row.coupon_code, row.status, row.branch_location, row.cost, row.currency]),
    ).toEqual([
      [kept.coupon_code, 'issued', 'East', 30, 'STR'],
      [cancelled.coupon_code, 'cancelled', 'East', 30, 'STR'],
      [used.coupon_code, 'used', 'East', 30, 'STR'],
    ]);
    const summary = await call('GET', '/api/rewards/redemptions/summary');
    // The two that stand: the cancelled one is neither counted nor spent.
    expect(summary.json().content.cards.map((card: { value: unknown }) => card.value)).toEqual([
      2,
      60,
      1,
      'Free muffin',
    ]);
  });
});

describe('who may read the Redemptions report', () => {
  it('refuses a user without the Rewards view permission, whatever their Transactions permission', async () => {
    const staff = await createStaffAndSignIn(t.app, admin, {
      manager_of: [north, south],
      user_permissions: { TRANSACTIONS: { read: true, create: false, update: false, delete: false } },
    });
    expect((await get(staff, '/api/rewards/redemptions')).statusCode).toBe(403);
    expect((await get(staff, '/api/rewards/redemptions/summary')).statusCode).toBe(403);
  });

  it('serves the list and cards on the GROWTH plan (REWARDS), the export only with EXPORTS', async () => {
    const growth = await createClientAndSignIn(t.app, { plan: 'GROWTH' });
    expect((await get(growth, '/api/rewards/redemptions')).statusCode).toBe(200);
    expect((await get(growth, '/api/rewards/redemptions/summary')).statusCode).toBe(200);
    const exportRes = await t.app.inject({
      method: 'POST',
      url: '/api/rewards/redemptions/export',
      headers: bearer(growth.clientToken),
      payload: {},
    });
    expect(exportRes.statusCode).toBe(402);
    const starter = await createClientAndSignIn(t.app, { plan: 'STARTER' });
    expect((await get(starter, '/api/rewards/redemptions')).statusCode).toBe(402);
    // The transaction reports stay on BUSINESS.
    expect((await get(growth, '/api/transactions/badges')).statusCode).toBe(402);
  });
});

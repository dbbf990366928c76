import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCurrency, spend } from '../../../test/economy-helpers';
import {
  addCustomer,
  bearer,
  createApiKey,
  createBranch,
  createClientAndSignIn,
  createStaffAndSignIn,
  type SignedIn,
} from '../../../test/factories';
import { CARDS_FROM_ROWS, economyCards } from '../../../test/report-helpers';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let admin: SignedIn;
let north: string;
let thandi: string;
let pieter: string;

const get = (session: SignedIn, url: string) =>
  t.app.inject({ method: 'GET', url, headers: bearer(session.clientToken) });
const adjust = (customerId: string, body: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: `/api/economy/customers/${customerId}/adjustments`,
    headers: bearer(admin.clientToken),
    payload: body,
  });
const cardsOf = (session: SignedIn, query: string) => economyCards(t.app, session, query);
const FROM_ROWS = CARDS_FROM_ROWS;

/**
 * Ledger rows made through the economy's own APIs: credits and debits by an admin, spends by the till; Thandi
 * belongs to North, Pieter to no branch.
 */
beforeAll(async () => {
  t = await createTestApp();
  admin = await createClientAndSignIn(t.app, { plan: 'BUSINESS' });
  north = (await createBranch(t.app, admin, { display_name: 'North' }))._id;
  const key = (await createApiKey(t.app, admin)).key;
  const beans = (await createCurrency(t.app, admin, { code: 'BNS' }))._id;
  const stars = (await createCurrency(t.app, admin, { code: 'STR' }))._id;
  thandi = await addCustomer(t.app, admin, { name: 'Thandi', surname: 'Mokoena', member_branch_id: north });
  pieter = await addCustomer(t.app, admin, { name: 'Pieter', surname: 'Botha' });
  for (const [customer, currency, amount] of [
    [thandi, beans, 100],
    [thandi, stars, 7.5],
    [pieter, beans, 40],
  ] as const) {
    const res = await adjust(customer, { currency, direction: 'credit', amount, reason: 'Welcome' });
    expect(res.statusCode, res.body).toBe(200);
  }
  expect(
    (await adjust(pieter, { currency: beans, direction: 'debit', amount: 15, reason: 'Correction' }))
      .statusCode,
  ).toBe(200);
  // A redemption cancelled: its debit and its credit back are both Spending rows, and net to nothing spent.
  const reward = await t.app.inject({
    method: 'POST',
    url: '/api/rewards',
    headers: bearer(admin.clientToken),
    payload: {
      name: 'Muffin',
      description: 'Any muffin',
      type: 'physical',
      cost: { currency: beans, amount: 10 },
    },
  });
  expect(reward.statusCode, reward.body).toBe(200);
  const redeemed = await t.app.inject({
    method: 'POST',
    url: `/api/v1/players/${thandi}/redemptions`,
    headers: { 'x-api-key': key },
    payload: { id: 'muffin-1', reward_id: reward.json().content._id },
  });
  expect(redeemed.statusCode, redeemed.body).toBe(201);
  const cancelled = await t.app.inject({
    method: 'POST',
    url: `/api/v1/redemptions/${redeemed.json().content._id}/cancel`,
    headers: { 'x-api-key': key },
  });
  expect(cancelled.statusCode, cancelled.body).toBe(200);
  expect((await spend(t.app, key, thandi, { id: 'till-1', currency: beans, amount: 30 })).statusCode).toBe(
    200,
  );
});
afterAll(() => t.close());

describe('economy transactions report', () => {
  it('lists the ledger newest first with the signed value, currency and balance after', async () => {
    const res = await get(admin, '/api/transactions/economy?size=10');
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().content;
    expect(rows).toHaveLength(7);
    expect(rows[0]).toMatchObject({
      user_name: 'Thandi Mokoena',
      branch_location: 'North',
      transaction_type: 'Spending',
      value: -30,
      currency: 'BNS',
      wallet_balance_post_transaction: 70,
    });
  });

  it('answers the cards from the daily totals exactly as from the rows, for each filter the totals serve', async () => {
    for (const query of [
      '',
      'transaction_type=Spending',
      'currency=BNS',
      'branch_location=North',
      `start_date=${new Date().toISOString().slice(0, 10)}`,
      'start_date=2001-01-01&end_date=2001-12-31',
    ]) {
      const fromTotals = await cardsOf(admin, query);
      const fromRows = await cardsOf(admin, `${query}&${FROM_ROWS}`);
      expect(fromTotals, query).toEqual(fromRows);
    }
    // The cancelled redemption's credit back is not an earning: earnings less spent is the liability.
    expect(await cardsOf(admin, '')).toEqual({
      count: 7,
      'Total Earnings': 147.5,
      'Total Cashback': 0,
      'Total XP Earned': 0,
      // The admin's debit is spending too.
      'Total Spent': 45,
      'Total Wallet Liability': 102.5,
    });
  });

  it("gives a branch manager the cards of their branch's rows only", async () => {
    const manager = await createStaffAndSignIn(t.app, admin, {
      manager_of: [north],
      user_permissions: { TRANSACTIONS: { read: true, create: false, update: false, delete: false } },
    });
    const cards = await cardsOf(manager, '');
    expect(cards).toEqual(await cardsOf(manager, FROM_ROWS));
    expect(cards).toMatchObject({ count: 5, 'Total Earnings': 107.5, 'Total Spent': 30 });
    const rows = (await get(manager, '/api/transactions/economy')).json().content;
    expect(rows.every((row: { user_id: string }) => row.user_id === thandi)).toBe(true);
    expect(pieter).not.toBe(thandi);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf, createCurrency, ledgerOf, spend, walletsOf } from '../../../test/economy-helpers';
import { addCustomer, bearer, type SignedIn } from '../../../test/factories';
import { createClientApp, type TestApp } from '../../../test/test-app';
import { expireDueLots } from './expiry';

let t: TestApp;
let admin: SignedIn;
let key: string;

beforeAll(async () => {
  ({ t, admin, key } = await createClientApp('GROWTH'));
});
afterAll(() => t.close());

const credit = (customerId: string, currency: string, amount: number) =>
  t.app.inject({
    method: 'POST',
    url: `/api/economy/customers/${customerId}/adjustments`,
    headers: bearer(admin.clientToken),
    payload: { currency, direction: 'credit', amount, reason: 'Promotion' },
  });

const DAY = 86_400_000;

describe('expiry policies', () => {
  it('after N days: shown as expiring soon, spends take it first, the rest is written off once', async () => {
    const currency = (
      await createCurrency(t.app, admin, { code: 'EXP', expiry_policy: 'after_days', expiry_days: 10 })
    )._id;
    const customer = await addCustomer(t.app, admin);
    expect((await credit(customer, currency, 8)).statusCode).toBe(200);
    const [wallet] = await walletsOf(t.app, admin, customer);
    expect(wallet).toMatchObject({ balance: 8, expiring_soon: 8 });
    expect(Date.parse(String(wallet?.next_expiry_at))).toBeGreaterThan(Date.now() + 9 * DAY);

    expect((await spend(t.app, key, customer, { id: 'exp-spend', currency, amount: 3 })).statusCode).toBe(
      200,
    );
    expect(await expireDueLots(t.ctx.database, new Date(Date.now() + 5 * DAY))).toBe(false);
    expect(await expireDueLots(t.ctx.database, new Date(Date.now() + 11 * DAY))).toBe(true);
    expect(await expireDueLots(t.ctx.database, new Date(Date.now() + 11 * DAY))).toBe(false);

    expect(await balanceOf(t.app, admin, customer, currency)).toBe(0);
    const expired = (await ledgerOf(t.app, admin, customer)).filter((row) => row.source === 'expiry');
    expect(
      expired.map((row) => [row.transaction_type, row.value, row.wallet_balance_post_transaction]),
    ).toEqual([['Spending', -5, 0]]);
  });

  it('a redemption takes its cost from what expires first, so expiry writes off only the rest', async () => {
    const currency = (
      await createCurrency(t.app, admin, { code: 'EXR', expiry_policy: 'after_days', expiry_days: 10 })
    )._id;
    const reward = await t.app.inject({
      method: 'POST',
      url: '/api/rewards',
      headers: bearer(admin.clientToken),
      payload: {
        name: 'Free coffee',
        description: 'Any size',
        type: 'coupon',
        cost: { currency, amount: 50 },
        coupon: { source: 'generated', value_type: 'amount', value: 35, valid_days: 30 },
      },
    });
    expect(reward.statusCode, reward.body).toBe(200);
    const customer = await addCustomer(t.app, admin);
    expect((await credit(customer, currency, 80)).statusCode).toBe(200);
    const redeemed = await t.app.inject({
      method: 'POST',
      url: `/api/v1/players/${customer}/redemptions`,
      headers: { 'x-api-key': key },
      payload: { id: 'exp-redeem', reward_id: reward.json().content._id },
    });
    expect(redeemed.statusCode, redeemed.body).toBe(201);
    expect(await expireDueLots(t.ctx.database, new Date(Date.now() + 11 * DAY))).toBe(true);
    expect(await balanceOf(t.app, admin, customer, currency)).toBe(0);
    const expired = (await ledgerOf(t.app, admin, customer)).filter((row) => row.source === 'expiry');
    expect(expired.map((row) => [row.value, row.wallet_balance_post_transaction])).toEqual([[-30, 0]]);
  });

  it('end of month: expires at the first instant of the next month in the client’s time zone', async () => {
    const currency = (await createCurrency(t.app, admin, { code: 'EOM', expiry_policy: 'end_of_month' }))._id;
    const never = (await createCurrency(t.app, admin, { code: 'NVR' }))._id;
    const customer = await addCustomer(t.app, admin);
    await credit(customer, currency, 4);
    await credit(customer, never, 4);
    const wallets = await walletsOf(t.app, admin, customer);
    const monthly = wallets.find((w) => w.currency._id === currency);
    const now = new Date();
    expect(monthly?.next_expiry_at).toBe(
      new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString(),
    );
    expect(wallets.find((w) => w.currency._id === never)).toMatchObject({
      expiring_soon: 0,
      next_expiry_at: null,
    });
    await expireDueLots(t.ctx.database, new Date(Date.now() + 40 * DAY));
    expect(await balanceOf(t.app, admin, customer, currency)).toBe(0);
    expect(await balanceOf(t.app, admin, customer, never)).toBe(4);
  });
});

import { API_ERROR_MESSAGES, EVENT_MESSAGES, REDEMPTION_MESSAGES } from '@laurel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addCustomer,
  bearer,
  createApiKey,
  createBranch,
  createClientAndSignIn,
  createStaffAndSignIn,
  type SignedIn,
  suspendCustomer,
} from '../../../test/factories';
import { createClientApp, type TestApp } from '../../../test/test-app';
import { createCategory, createPlan, createProduct, issue, planBody, redeem } from './commerce.fixtures';

let t: TestApp;
let admin: SignedIn;
let key: string;

beforeAll(async () => {
  ({ t, admin, key } = await createClientApp('FREEMIUM'));
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(admin.clientToken) });

/** A plan issued to a new customer. */
const holder = async (overrides: Record<string, unknown> = {}) => {
  const plan = await createPlan(t.app, admin, overrides);
  const customer = await addCustomer(t.app, admin);
  const res = await issue(t.app, admin, customer, plan._id);
  if (res.statusCode !== 200) throw new Error(res.body);
  return { plan, customer, holding: res.json().content as { _id: string } };
};

const expect409 = async (res: Awaited<ReturnType<typeof redeem>>, message: string) => {
  expect(res.statusCode, res.body).toBe(409);
  expect(res.json().message).toBe(message);
};

describe('redeeming a subscription through the integrator API', () => {
  it('records a redemption (201); the same id again answers the first one (200); other details 409', async () => {
    const { plan, customer, holding } = await holder();
    const branch = await createBranch(t.app, admin, { display_name: 'Rosebank' });
    const body = { id: 'till-4-000017', branch_id: branch._id, price: 12.5, redemption_method: 'POS' };
    const first = await redeem(t.app, key, plan._id, customer, body);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().message).toBe(REDEMPTION_MESSAGES.recorded);
    expect(first.json().content).toMatchObject({
      redemption_id: 'till-4-000017',
      subscription_id: plan._id,
      customer_subscription_id: holding._id,
      customer: { _id: customer },
      branch: { _id: branch._id, display_name: 'Rosebank' },
      price: 12.5,
      redemption_method: 'POS',
    });
    const again = await redeem(t.app, key, plan._id, customer, body);
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe(REDEMPTION_MESSAGES.duplicate);
    expect(again.json().content).toEqual(first.json().content);
    await expect409(
      await redeem(t.app, key, plan._id, customer, { ...body, price: 13 }),
      REDEMPTION_MESSAGES.conflict,
    );

    // A console client token with the SUBSCRIPTIONS flag works too; the customer may be named by email.
    const byToken = await t.app.inject({
      method: 'POST',
      url: `/api/v1/subscriptions/${plan._id}/redemptions`,
      headers: bearer(admin.clientToken),
      payload: { id: 'console-1', customer: { _id: customer }, redemption_method: 'CONSOLE' },
    });
    expect(byToken.statusCode, byToken.body).toBe(201);

    const customerRow = (await get(`/api/v2/user/subscriptions?user_id=${customer}`)).json().content
      .subscription_list[0];
    expect(customerRow).toMatchObject({
      redemptions: 2,
      last_redemption_date: byToken.json().content.redemption_date,
    });
    const list = await get(`/api/subscriptions/${plan._id}/redemptions`);
    expect(list.json().content.map((r: { redemption_id: string }) => r.redemption_id)).toEqual([
      'console-1',
      'till-4-000017',
    ]);
    const planRow = (await get(`/api/v2/client/subscription/list?search_string=${plan.name}`)).json().content
      .subscription_list[0];
    expect(planRow).toMatchObject({
      redemptions: 2,
      last_redemption_date: byToken.json().content.redemption_date,
    });
  });

  it('a daily limit: the next redemption that day is refused naming max_redemptions_per_day', async () => {
    const { plan, customer } = await holder({ max_redemptions_per_day: 2 });
    expect((await redeem(t.app, key, plan._id, customer)).statusCode).toBe(201);
    expect((await redeem(t.app, key, plan._id, customer)).statusCode).toBe(201);
    await expect409(await redeem(t.app, key, plan._id, customer), REDEMPTION_MESSAGES.dailyLimit(2));
  });

  it('redemptions sent at the same moment are counted one after the other: the limit holds exactly', async () => {
    const { plan, customer } = await holder({ max_redemptions_per_day: 3 });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => redeem(t.app, key, plan._id, customer)),
    );
    expect(answers.filter((res) => res.statusCode === 201)).toHaveLength(3);
    expect(answers.filter((res) => res.statusCode === 409)).toHaveLength(7);
    // One id sent five times at once is recorded once.
    const { plan: other, customer: someone } = await holder();
    const same = await Promise.all(
      Array.from({ length: 5 }, () => redeem(t.app, key, other._id, someone, { id: 'till-same-1' })),
    );
    expect(new Set(same.map((res) => res.json().content._id)).size).toBe(1);
    expect(same.filter((res) => res.statusCode === 201)).toHaveLength(1);
  });

  it('a period limit, with unused redemptions of the previous period carried over when the plan says so', async () => {
    const { plan, customer } = await holder({
      period: 'WEEKLY',
      max_redemptions_per_period: 2,
      payment_type: 'PRE_PAYMENT',
    });
    await redeem(t.app, key, plan._id, customer);
    await redeem(t.app, key, plan._id, customer);
    await expect409(await redeem(t.app, key, plan._id, customer), REDEMPTION_MESSAGES.periodLimit(2, 'week'));

    // Issued ten days ago: one redemption in the first week leaves one to carry into this one (2 + 1).
    const carried = await holder({ period: 'WEEKLY', max_redemptions_per_period: 2, carry_over: true });
    await t.ctx.database.query(
      `UPDATE customer_subscriptions SET issued_at = now() - interval '10 days' WHERE id = $1`,
      [carried.holding._id],
    );
    const fiveDaysAgo = new Date(Date.now() - 5 * 86_400_000).toISOString();
    expect(
      (await redeem(t.app, key, carried.plan._id, carried.customer, { occurred_at: fiveDaysAgo })).statusCode,
    ).toBe(201);
    for (let i = 0; i < 3; i++)
      expect((await redeem(t.app, key, carried.plan._id, carried.customer)).statusCode).toBe(201);
    await expect409(
      await redeem(t.app, key, carried.plan._id, carried.customer),
      REDEMPTION_MESSAGES.periodLimit(3, 'week'),
    );
  });

  it('a limit per customer across the subscription, naming max_per_user', async () => {
    const { plan, customer } = await holder({ max_per_user: 1 });
    expect((await redeem(t.app, key, plan._id, customer)).statusCode).toBe(201);
    await expect409(await redeem(t.app, key, plan._id, customer), REDEMPTION_MESSAGES.userLimit(1));
  });

  it('refuses a plan that is not active, a customer without it, and an expired subscription (409)', async () => {
    const { plan, customer, holding } = await holder();
    const stranger = await addCustomer(t.app, admin);
    await expect409(await redeem(t.app, key, plan._id, stranger), REDEMPTION_MESSAGES.notHeld);

    await t.ctx.database.query(
      `UPDATE customer_subscriptions SET expires_at = '2025-03-01T00:00:00Z' WHERE id = $1`,
      [holding._id],
    );
    await expect409(await redeem(t.app, key, plan._id, customer), REDEMPTION_MESSAGES.expired('2025-02-28'));

    const paused = await holder();
    await t.app.inject({
      method: 'PUT',
      url: `/api/subscriptions/${paused.plan._id}`,
      headers: bearer(admin.clientToken),
      payload: planBody({ name: paused.plan.name, status: 'PAUSED' }),
    });
    await expect409(
      await redeem(t.app, key, paused.plan._id, paused.customer),
      REDEMPTION_MESSAGES.planNotActive('PAUSED'),
    );
  });

  it('checks the product against what the plan applies to; unknown customers, SKUs and plans are refused', async () => {
    const category = await createCategory(t.app, admin);
    const inCategory = await createProduct(t.app, admin, { category_ids: [category._id] });
    const outside = await createProduct(t.app, admin);
    const { plan, customer } = await holder({ apply_to: 'CATEGORY', categories: [category._id] });
    expect((await redeem(t.app, key, plan._id, customer, { sku: inCategory.sku })).statusCode).toBe(201);
    await expect409(
      await redeem(t.app, key, plan._id, customer, { sku: outside.sku }),
      REDEMPTION_MESSAGES.productNotCovered,
    );
    const unknownSku = await redeem(t.app, key, plan._id, customer, { sku: 'NO-SUCH' });
    expect(unknownSku.statusCode).toBe(400);
    expect(unknownSku.json().message).toBe(REDEMPTION_MESSAGES.unknownProduct);
    const nobody = await redeem(t.app, key, plan._id, 'f'.repeat(24));
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json().message).toBe(EVENT_MESSAGES.customerNotFound);
    expect((await redeem(t.app, key, 'f'.repeat(24), customer)).statusCode).toBe(404);
    const noCustomer = await t.app.inject({
      method: 'POST',
      url: `/api/v1/subscriptions/${plan._id}/redemptions`,
      headers: { 'x-api-key': key },
      payload: { id: 'x' },
    });
    expect(noCustomer.statusCode).toBe(400);
  });

  it('a branch subscription is redeemed at its branches only', async () => {
    const home = await createBranch(t.app, admin);
    const away = await createBranch(t.app, admin);
    const { plan, customer } = await holder({ apply_to: 'BRANCH', branches: [home._id] });
    expect((await redeem(t.app, key, plan._id, customer, { branch_id: home._id })).statusCode).toBe(201);
    await expect409(
      await redeem(t.app, key, plan._id, customer, { branch_id: away._id }),
      REDEMPTION_MESSAGES.branchNotCovered,
    );
    const without = await redeem(t.app, key, plan._id, customer);
    expect(without.statusCode).toBe(400);
    expect(without.json().message).toBe(REDEMPTION_MESSAGES.branchRequired);
  });

  it('refuses a suspended customer (409), and holds a console user to the customers of their branches', async () => {
    const { plan, customer } = await holder();
    await suspendCustomer(t.app, admin, customer);
    await expect409(await redeem(t.app, key, plan._id, customer), API_ERROR_MESSAGES.customerSuspended);

    const other = await holder();
    const branch = await createBranch(t.app, admin);
    const manager = await createStaffAndSignIn(t.app, admin, {
      role: 'BRANCH_MANAGER',
      manager_of: [branch._id],
      user_permissions: { SUBSCRIPTIONS: { read: true, update: true } },
    });
    const outOfScope = await t.app.inject({
      method: 'POST',
      url: `/api/v1/subscriptions/${other.plan._id}/redemptions`,
      headers: bearer(manager.clientToken),
      payload: { id: 'manager-redeems', customer: { _id: other.customer }, branch_id: branch._id },
    });
    expect(outOfScope.statusCode, outOfScope.body).toBe(404);
    expect(outOfScope.json().message).toBe(EVENT_MESSAGES.customerNotFound);
  });

  it("another client's key cannot redeem this client's plan", async () => {
    const { plan, customer } = await holder();
    const other = await createClientAndSignIn(t.app, { plan: 'FREEMIUM' });
    const otherKey = (await createApiKey(t.app, other)).key;
    expect((await redeem(t.app, otherKey, plan._id, customer)).statusCode).toBe(404);
  });
});

describe('subscription analytics', () => {
  it('subscribers, redemptions, value, most purchased product and revenue by date come from the records', async () => {
    const latte = await createProduct(t.app, admin, { title: 'Latte' });
    const scone = await createProduct(t.app, admin, { title: 'Scone' });
    const plan = await createPlan(t.app, admin, {
      price: 100,
      apply_to: 'PRODUCT',
      products: [latte._id, scone._id],
    });
    const first = await addCustomer(t.app, admin);
    const second = await addCustomer(t.app, admin);
    await issue(t.app, admin, first, plan._id);
    await issue(t.app, admin, second, plan._id);
    await redeem(t.app, key, plan._id, first, { sku: latte.sku, price: 10 });
    await redeem(t.app, key, plan._id, second, { sku: latte.sku, price: 10 });
    await redeem(t.app, key, plan._id, second, { sku: scone.sku, price: 5.5 });
    const res = await get(`/api/subscriptions/${plan._id}/analytics`);
    expect(res.statusCode, res.body).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    expect(res.json().content).toEqual({
      subscribers: 2,
      issued: 2,
      redemptions: 3,
      subscriptionsValue: 225.5,
      mostPurchasedProduct: { _id: latte._id, title: 'Latte', sku: latte.sku, count: 2 },
      incrementalRevenueDate: [{ date: today, revenue: 225.5, cumulative: 225.5 }],
    });
  });
});

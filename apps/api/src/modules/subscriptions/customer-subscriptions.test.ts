import {
  API_ERROR_MESSAGES,
  API_SUCCESS_MESSAGES,
  CUSTOMER_MESSAGES,
  SUBSCRIPTION_API_MESSAGES,
} from '@laurel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playerStatistics } from '../../../test/engine-helpers';
import {
  addCustomer,
  bearer,
  createApiKey,
  createBranch,
  createClientAndSignIn,
  createStaffAndSignIn,
  type SignedIn,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createPlan, issue } from './commerce.fixtures';

let t: TestApp;
let admin: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createClientAndSignIn(t.app, { plan: 'FREEMIUM' });
});
afterAll(() => t.close());

const get = (url: string, session: SignedIn = admin) =>
  t.app.inject({ method: 'GET', url, headers: bearer(session.clientToken) });

describe('issuing a subscription to a customer', () => {
  it('issues an active plan, lists it on the customer profile, and the engine counts the purchase once', async () => {
    const plan = await createPlan(t.app, admin, {
      name: 'Coffee Club',
      price: 199,
      expires: true,
      expires_in: 30,
      image: 'https://cdn.example/club.png',
    });
    const customer = await addCustomer(t.app, admin, { name: 'Lerato', surname: 'Khumalo' });
    const res = await issue(t.app, admin, customer, plan._id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(API_SUCCESS_MESSAGES.subscriptionIssued);
    const issued = res.json().content;
    const today = new Date().toISOString().slice(0, 10);
    const in30Days = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    expect(issued).toMatchObject({
      subscription_id: plan._id,
      customer_id: customer,
      customer: { _id: customer, name: 'Lerato', surname: 'Khumalo' },
      title: 'Coffee Club',
      image: 'https://cdn.example/club.png',
      price: 199,
      amount_paid: 199,
      free_trial: false,
      payment_type: 'POST_PAYMENT',
      start_date: today,
      end_date: in30Days,
      last_redemption_date: null,
      redemptions: 0,
      status: 'ACTIVE',
    });

    const list = await get(`/api/v2/user/subscriptions?user_id=${customer}&page=1&size=15`);
    expect(list.json().content).toEqual({ subscription_list: [issued], count: 1 });
    expect(list.json().pagination).toEqual({ count: 1, hasMore: false });
    const searched = await get(`/api/v2/user/subscriptions?user_id=${customer}&search_string=tea`);
    expect(searched.json().content.count).toBe(0);

    // subscription.purchased reached the event log in the same transaction, keyed by the customer subscription.
    const [event] = await t.ctx.database.query<{ external_id: string; data: { amount: number } }>(
      'SELECT external_id, data FROM events WHERE customer_id = $1 AND type = $2',
      [customer, 'subscription.purchased'],
    );
    expect(event).toMatchObject({ external_id: `subscription:${issued._id}`, data: { amount: 199 } });
    await t.ctx.engine.drain();
    const { key } = await createApiKey(t.app, admin);
    expect(await playerStatistics(t.app, key, customer)).toMatchObject({ numberOfSubscriptions: 1 });

    // The plan's figures come from the record.
    const planRow = (await get(`/api/subscriptions/${plan._id}`)).json().content;
    expect(planRow).toMatchObject({ subscribers: 1, redemptions: 0 });
    expect(planRow.last_purchase_date).toBe(issued.issued_at);
  });

  it('a free trial charges nothing until it ends and shows TRIAL', async () => {
    const plan = await createPlan(t.app, admin, { free_trial: true, trial_period: 14, price: 99 });
    const customer = await addCustomer(t.app, admin);
    const res = await issue(t.app, admin, customer, plan._id);
    expect(res.json().content).toMatchObject({
      status: 'TRIAL',
      amount_paid: 0,
      price: 99,
      free_trial: true,
    });
  });

  it.each([
    ['DRAFT', SUBSCRIPTION_API_MESSAGES.notIssuable('DRAFT')],
    ['PAUSED', SUBSCRIPTION_API_MESSAGES.notIssuable('PAUSED')],
    ['COMING_SOON', SUBSCRIPTION_API_MESSAGES.notIssuable('COMING_SOON')],
  ])('a %s plan cannot be issued (409)', async (status, message) => {
    const plan = await createPlan(t.app, admin, { status });
    const res = await issue(t.app, admin, await addCustomer(t.app, admin), plan._id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(message);
  });

  it('refuses a second current subscription of the same plan, an ended plan and a suspended customer (409)', async () => {
    const plan = await createPlan(t.app, admin);
    const customer = await addCustomer(t.app, admin);
    expect((await issue(t.app, admin, customer, plan._id)).statusCode).toBe(200);
    const twice = await issue(t.app, admin, customer, plan._id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(SUBSCRIPTION_API_MESSAGES.alreadyHeld);

    const ended = await createPlan(t.app, admin, { start_date: '2024-01-01', end_date: '2024-12-31' });
    const endedRes = await issue(t.app, admin, customer, ended._id);
    expect(endedRes.json().message).toBe(SUBSCRIPTION_API_MESSAGES.ended('2024-12-31'));
    const future = await createPlan(t.app, admin, { start_date: '2099-01-01' });
    expect((await issue(t.app, admin, customer, future._id)).json().message).toBe(
      SUBSCRIPTION_API_MESSAGES.notStarted('2099-01-01'),
    );

    const suspended = await addCustomer(t.app, admin);
    await t.app.inject({
      method: 'PUT',
      url: '/api/v2/suspend/user',
      headers: bearer(admin.clientToken),
      payload: { _id: suspended },
    });
    const refused = await issue(t.app, admin, suspended, plan._id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(API_ERROR_MESSAGES.customerSuspended);
  });

  it('two issues of one plan to one customer at the same moment make one subscription', async () => {
    const plan = await createPlan(t.app, admin);
    const customer = await addCustomer(t.app, admin);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => issue(t.app, admin, customer, plan._id)),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409, 409, 409]);
  });

  it('unknown customers and plans are 404; bad ids are 400', async () => {
    const plan = await createPlan(t.app, admin);
    const customer = await addCustomer(t.app, admin);
    expect((await issue(t.app, admin, 'f'.repeat(24), plan._id)).json().message).toBe(
      CUSTOMER_MESSAGES.notFound,
    );
    expect((await issue(t.app, admin, customer, 'f'.repeat(24))).json().message).toBe(
      SUBSCRIPTION_API_MESSAGES.notFound,
    );
    const bad = await issue(t.app, admin, 'nope', plan._id);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(CUSTOMER_MESSAGES.invalidId);
  });
});

describe('branch scope, permissions and tenants', () => {
  it("a manager sees and issues only their branches' customers' subscriptions; figures count only those", async () => {
    const session = await createClientAndSignIn(t.app, { plan: 'FREEMIUM' });
    const mine = await createBranch(t.app, session);
    const theirs = await createBranch(t.app, session);
    const plan = await createPlan(t.app, session);
    const inMine = await addCustomer(t.app, session, { member_branch_id: mine._id });
    const inTheirs = await addCustomer(t.app, session, { member_branch_id: theirs._id });
    expect((await issue(t.app, session, inTheirs, plan._id)).statusCode).toBe(200);
    const manager = await createStaffAndSignIn(t.app, session, {
      manager_of: [mine._id],
      user_permissions: { SUBSCRIPTIONS: { read: true, create: true, update: false, delete: false } },
    });
    expect((await issue(t.app, manager, inMine, plan._id)).statusCode).toBe(200);
    const hidden = await issue(t.app, manager, inTheirs, plan._id);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe(CUSTOMER_MESSAGES.notFound);
    expect((await get(`/api/v2/user/subscriptions?user_id=${inTheirs}`, manager)).statusCode).toBe(404);
    expect((await get(`/api/v2/user/subscriptions?user_id=${inMine}`, manager)).json().content.count).toBe(1);

    const managerPlan = (await get(`/api/subscriptions/${plan._id}`, manager)).json().content;
    expect(managerPlan.subscribers).toBe(1);
    // Asking for another branch does not widen a manager's scope.
    const widened = await get(`/api/v2/client/subscription/list?branch_id_list=${theirs._id}`, manager);
    expect(widened.json().content.subscription_list[0].subscribers).toBe(0);
    expect((await get(`/api/subscriptions/${plan._id}`, session)).json().content.subscribers).toBe(2);
    const subscribers = await get(`/api/subscriptions/${plan._id}/subscribers`, manager);
    expect(subscribers.json().content.map((s: { customer_id: string }) => s.customer_id)).toEqual([inMine]);
    const analytics = await get(`/api/subscriptions/${plan._id}/analytics`, manager);
    expect(analytics.json().content).toMatchObject({ subscribers: 1, issued: 1 });
  });

  it('SUBSCRIPTIONS flags: viewing does not allow issuing (403)', async () => {
    const branch = await createBranch(t.app, admin);
    const viewer = await createStaffAndSignIn(t.app, admin, {
      manager_of: [branch._id],
      user_permissions: { SUBSCRIPTIONS: { read: true, create: false, update: false, delete: false } },
    });
    const plan = await createPlan(t.app, admin);
    const customer = await addCustomer(t.app, admin, { member_branch_id: branch._id });
    expect((await get('/api/v2/client/subscription/list', viewer)).statusCode).toBe(200);
    const refused = await issue(t.app, viewer, customer, plan._id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(API_ERROR_MESSAGES.forbidden);
  });

  it("another client's plans and customers are not found; its figures never show", async () => {
    const other = await createClientAndSignIn(t.app, { plan: 'FREEMIUM' });
    const theirPlan = await createPlan(t.app, other, { name: 'Tenant B Secret Plan' });
    const theirCustomer = await addCustomer(t.app, other);
    const myPlan = await createPlan(t.app, admin);
    const myCustomer = await addCustomer(t.app, admin);
    expect((await issue(t.app, admin, myCustomer, theirPlan._id)).statusCode).toBe(404);
    expect((await issue(t.app, admin, theirCustomer, myPlan._id)).statusCode).toBe(404);
    expect((await get(`/api/subscriptions/${theirPlan._id}`)).statusCode).toBe(404);
    expect((await get(`/api/subscriptions/${theirPlan._id}/analytics`)).statusCode).toBe(404);
    expect((await get(`/api/subscriptions/${theirPlan._id}/redemptions`)).statusCode).toBe(404);
    expect((await get(`/api/v2/user/subscriptions?user_id=${theirCustomer}`)).statusCode).toBe(404);
    const list = await get('/api/subscriptions?size=100&search_string=tenant');
    expect(list.json().content).toEqual([]);
  });
});

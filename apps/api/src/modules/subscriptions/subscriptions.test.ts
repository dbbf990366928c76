import { SUBSCRIPTION_API_MESSAGES } from '@laurel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addCustomer,
  bearer,
  createBranch,
  createClientAndSignIn,
  type SignedIn,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createCategory, createPlan, createProduct, issue, planBody } from './commerce.fixtures';

let t: TestApp;
let admin: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createClientAndSignIn(t.app, { plan: 'FREEMIUM' });
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(admin.clientToken), ...(payload ? { payload } : {}) });

const messagesOf = (res: { json: () => { content: { errors: { message: string }[] } } }) =>
  res.json().content.errors.map((e) => e.message);

describe('saving a subscription', () => {
  it('creates one with every field of spec 1 §3, DRAFT by default, and reads it back with its products', async () => {
    const category = await createCategory(t.app, admin, { name: 'Coffee' });
    const primary = await createProduct(t.app, admin, { title: 'Flat White', price: 38 });
    const extra = await createProduct(t.app, admin, { title: 'Muffin', price: 25 });
    const branch = await createBranch(t.app, admin, { display_name: 'Sea Point' });
    const body = planBody({
      name: 'Coffee Club',
      image: 'https://cdn.example/club.png',
      notes: 'Staff favourite',
      status: undefined,
      apply_to: 'COMPOUND',
      primary_products: [primary._id],
      products: [extra._id],
      categories: [category._id],
      branches: [branch._id],
      period: 'CUSTOM',
      custom_days: 10,
      type: 'FIXED_PERIOD',
      number_of_periods: 6,
      end_date: '2027-12-31',
      expires: true,
      expires_in: 60,
      free_trial: true,
      trial_period: 7,
      trial_conversion: true,
      auto_renewal: true,
      is_new: true,
      cheapest_only: true,
      billable: false,
      discountable: true,
      carry_over: true,
      payment_type: 'PRE_PAYMENT',
      subscription_usage_type: 'ORDER_CREATION',
      on_payment_failure: 'RETRY',
      pause_while_retrying: true,
      retry_days: 3,
      retry_count: 2,
      max_per_user: 40,
      max_redemptions_per_day: 2,
      max_redemptions_per_period: 8,
      price: 249.99,
    });
    const res = await call('POST', '/api/subscriptions', body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(SUBSCRIPTION_API_MESSAGES.saved);
    const plan = res.json().content;
    const { status: _status, ...sent } = body;
    expect(plan).toMatchObject({ ...sent, status: 'DRAFT', subscribers: 0, redemptions: 0 });
    expect(plan).toMatchObject({
      last_purchase_date: null,
      last_redemption_date: null,
      product_details: [expect.objectContaining({ title: 'Muffin', price: 25 })],
      primary_product_details: [expect.objectContaining({ title: 'Flat White' })],
      category_details: [{ _id: category._id, name: 'Coffee' }],
      branch_details: [{ _id: branch._id, display_name: 'Sea Point' }],
    });
    expect(Date.parse(plan.createdAt)).not.toBeNaN();

    const fetched = await call('GET', `/api/subscriptions/${plan._id}`);
    expect(fetched.json().content).toEqual(plan);
    const updated = await call('PUT', `/api/subscriptions/${plan._id}`, {
      ...body,
      name: 'Coffee Club Gold',
      status: 'COMING_SOON',
    });
    expect(updated.json().content).toMatchObject({ name: 'Coffee Club Gold', status: 'COMING_SOON' });
  });

  it.each([
    // spec 1 §5: CATEGORY needs categories, COMPOUND primary products and products, RETRY days and count.
    [{ apply_to: 'CATEGORY' }, ['categories is required']],
    [{ apply_to: 'COMPOUND' }, ['primary products is required', 'products is required']],
    [{ on_payment_failure: 'RETRY' }, ['retry days is required', 'retry count is required']],
    [{ on_payment_failure: 'RETRY', retry_days: 3 }, ['retry count is required']],
    // What such a plan cannot work without.
    [{ apply_to: 'PRODUCT' }, ['products is required']],
    [{ apply_to: 'BRANCH' }, ['branches is required']],
    [{ period: 'CUSTOM' }, ['custom days is required']],
    [{ type: 'FIXED_PERIOD' }, ['number of periods is required']],
    [{ type: 'FIXED_END_DATE' }, ['end date is required']],
    [{ payment_type: 'PRE_PAYMENT' }, ['max redemptions per period is required']],
    // The generic rules: '{field} is required', underscores as spaces, numbers.
    [{ expires_in: undefined }, ['expires in is required']],
    [{ expires_in: 'soon' }, ['expires in must be a number']],
    [{ name: '' }, ['name is required']],
    [{ description: undefined }, ['description is required']],
    [{ sku: ' ' }, ['sku is required']],
    [{ price: undefined }, ['price is required']],
    [{ start_date: undefined }, ['start date is required']],
    [{ period: undefined }, ['period is required']],
    [{ subscription_usage_type: undefined }, ['subscription usage type is required']],
    [{ on_payment_failure: undefined }, ['on payment failure is required']],
    [{ end_date: '2024-12-31' }, [SUBSCRIPTION_API_MESSAGES.endBeforeStart]],
    [{ start_date: '01-01-2025' }, ['start date must be a date in the format YYYY-MM-DD']],
    [{ max_per_user: 0 }, ['max per user must be at least 1']],
  ])('%j -> 400 %j', async (override, messages) => {
    const res = await call('POST', '/api/subscriptions', planBody(override));
    expect(res.statusCode).toBe(400);
    expect(messagesOf(res)).toEqual(messages);
    expect(res.json().message).toBe(messages[0]);
  });

  it('lists every problem at once, the conditional rules too', async () => {
    const res = await call('POST', '/api/subscriptions', {
      apply_to: 'COMPOUND',
      on_payment_failure: 'RETRY',
    });
    expect(messagesOf(res)).toEqual(
      expect.arrayContaining([
        'name is required',
        'expires in is required',
        'primary products is required',
        'products is required',
        'retry days is required',
        'retry count is required',
      ]),
    );
  });

  it('optional fields may be left empty: image, notes, end date, trial period, custom days', async () => {
    const res = await call(
      'POST',
      '/api/subscriptions',
      planBody({ image: '', notes: null, end_date: '', trial_period: null, custom_days: null }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().content).toMatchObject({
      image: null,
      notes: null,
      end_date: null,
      trial_period: null,
    });
  });

  it('refuses products, categories and branches that are not the client’s, and a repeated SKU (409)', async () => {
    const other = await createClientAndSignIn(t.app, { plan: 'FREEMIUM' });
    const theirs = await createProduct(t.app, other);
    const res = await call(
      'POST',
      '/api/subscriptions',
      planBody({ apply_to: 'PRODUCT', products: [theirs._id], categories: ['f'.repeat(24)] }),
    );
    expect(res.statusCode).toBe(400);
    expect(messagesOf(res)).toEqual([
      SUBSCRIPTION_API_MESSAGES.unknownCategories,
      SUBSCRIPTION_API_MESSAGES.unknownProducts,
    ]);
    await createPlan(t.app, admin, { sku: 'CLUB-1' });
    const repeated = await call('POST', '/api/subscriptions', planBody({ sku: 'club-1' }));
    expect(repeated.statusCode).toBe(409);
    expect(repeated.json().message).toBe(SUBSCRIPTION_API_MESSAGES.skuTaken);
  });

  it('lists newest first with search and status filters, in the spec shape and the REST shape', async () => {
    const session = await createClientAndSignIn(t.app, { plan: 'FREEMIUM' });
    const make = (name: string, status: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/subscriptions',
        headers: bearer(session.clientToken),
        payload: planBody({ name, status }),
      });
    await make('Tea Time', 'ACTIVE');
    await make('Coffee Daily', 'DRAFT');
    await make('Coffee Weekend', 'PAUSED');
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(session.clientToken) });
    const spec = await get('/api/v2/client/subscription/list?page=1&size=2');
    expect(spec.json().content.subscription_list.map((s: { name: string }) => s.name)).toEqual([
      'Coffee Weekend',
      'Coffee Daily',
    ]);
    expect(spec.json().content.count).toBe(3);
    expect(spec.json().pagination).toEqual({ count: 3, hasMore: true });
    const coffee = await get('/api/subscriptions?search_string=COFFEE&status=PAUSED');
    expect(coffee.json().content.map((s: { name: string }) => s.name)).toEqual(['Coffee Weekend']);
    expect((await get('/api/subscriptions?status=ALL')).json().content).toHaveLength(3);
  });
});

describe('statuses and deletion', () => {
  it('deletes a plan never issued; an issued plan is paused instead and cannot return to draft (409)', async () => {
    const draft = await createPlan(t.app, admin, { status: 'DRAFT' });
    const removed = await call('DELETE', `/api/subscriptions/${draft._id}`);
    expect(removed.json()).toMatchObject({ message: SUBSCRIPTION_API_MESSAGES.deleted });
    expect((await call('GET', `/api/subscriptions/${draft._id}`)).statusCode).toBe(404);

    const sold = await createPlan(t.app, admin);
    const customer = await addCustomer(t.app, admin);
    expect((await issue(t.app, admin, customer, sold._id)).statusCode).toBe(200);
    const refused = await call('DELETE', `/api/subscriptions/${sold._id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(SUBSCRIPTION_API_MESSAGES.hasSubscribers);
    const back = await call(
      'PUT',
      `/api/subscriptions/${sold._id}`,
      planBody({ sku: 'S-BACK', status: 'DRAFT' }),
    );
    expect(back.statusCode).toBe(409);
    expect(back.json().message).toBe(SUBSCRIPTION_API_MESSAGES.backToDraft);
    const paused = await call(
      'PUT',
      `/api/subscriptions/${sold._id}`,
      planBody({ sku: 'S-BACK', status: 'PAUSED' }),
    );
    expect(paused.json().content).toMatchObject({ status: 'PAUSED', subscribers: 1 });
  });
});

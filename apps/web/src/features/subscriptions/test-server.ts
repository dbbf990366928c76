import type {
  TCustomerSubscription,
  TSessionUser,
  TSubscription,
  TSubscriptionDetails,
} from '@laurel/contract';
import { sessionStore } from '@/api/session-store';
import { clientFixture, sessionFixture } from '@/test/fixtures';
import { ok, stubApi } from '@/test/stub-api';

export const PLAN_ID = '3'.repeat(24);
export const CUSTOMER_ID = 'c'.repeat(24);

export const planFixture = (overrides: Partial<TSubscription> = {}): TSubscription => ({
  _id: PLAN_ID,
  name: 'Coffee Club',
  description: 'A coffee a day',
  sku: 'SUB-COFFEE',
  image: null,
  notes: null,
  price: 299,
  period: 'MONTHLY',
  custom_days: null,
  type: 'ONGOING',
  number_of_periods: null,
  apply_to: 'BASKET',
  categories: [],
  primary_products: [],
  products: [],
  branches: [],
  start_date: '2026-01-01',
  end_date: null,
  expires: false,
  expires_in: 30,
  free_trial: true,
  trial_period: 7,
  trial_conversion: false,
  auto_renewal: true,
  is_new: false,
  cheapest_only: false,
  billable: true,
  discountable: false,
  carry_over: false,
  payment_type: 'PRE_PAYMENT',
  subscription_usage_type: 'SELECTIVE_USAGE',
  on_payment_failure: 'CANCEL',
  pause_while_retrying: false,
  retry_days: null,
  retry_count: null,
  max_per_user: null,
  max_redemptions_per_day: 1,
  max_redemptions_per_period: 30,
  status: 'ACTIVE',
  last_purchase_date: '2026-02-01T09:00:00.000Z',
  last_redemption_date: '2026-02-03T09:00:00.000Z',
  subscribers: 4,
  redemptions: 12,
  createdAt: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

export const planDetailsFixture = (overrides: Partial<TSubscriptionDetails> = {}): TSubscriptionDetails => ({
  ...planFixture(),
  product_details: [],
  primary_product_details: [],
  category_details: [],
  branch_details: [],
  ...overrides,
});

export const customerSubscriptionFixture = (
  overrides: Partial<TCustomerSubscription> = {},
): TCustomerSubscription => ({
  _id: '4'.repeat(24),
  subscription_id: PLAN_ID,
  customer_id: CUSTOMER_ID,
  customer: { _id: CUSTOMER_ID, name: 'Ann', surname: 'Smith' },
  image: null,
  title: 'Coffee Club',
  sku: 'SUB-COFFEE',
  price: 299,
  amount_paid: 0,
  free_trial: true,
  trial_ends_at: '2026-02-08T00:00:00.000Z',
  payment_type: 'PRE_PAYMENT',
  start_date: '2026-02-01',
  end_date: '2026-03-03',
  issued_at: '2026-02-01T09:00:00.000Z',
  expires_at: null,
  last_redemption_date: null,
  redemptions: 0,
  status: 'TRIAL',
  ...overrides,
});

export const analyticsFixture = {
  subscribers: 4,
  issued: 5,
  redemptions: 12,
  subscriptionsValue: 1196,
  mostPurchasedProduct: { _id: '2'.repeat(24), title: 'Flat White', sku: 'FW-001', count: 9 },
  incrementalRevenueDate: [
    { date: '2026-02-01', revenue: 598, cumulative: 598 },
    { date: '2026-02-02', revenue: 598, cumulative: 1196 },
  ],
};

type TReplies = Parameters<typeof stubApi>[0];

/** Signs in (an admin unless told) and answers the subscriptions calls; `replies` override. */
export const serveSubscriptions = (user: Partial<TSessionUser> = {}, replies: TReplies = {}) => {
  const session = sessionFixture(user);
  sessionStore.set(session, false);
  return stubApi({
    'GET /api/v2/client': () => ok(clientFixture({ _id: session.user.client_id })),
    'GET /api/v2/client/subscription/list': () => ok({ subscription_list: [planFixture()], count: 1 }),
    [`GET /api/subscriptions/${PLAN_ID}`]: () => ok(planDetailsFixture()),
    [`GET /api/subscriptions/${PLAN_ID}/analytics`]: () => ok(analyticsFixture),
    [`GET /api/subscriptions/${PLAN_ID}/redemptions`]: () =>
      new Response(
        JSON.stringify({ success: true, message: '', content: [], pagination: { count: 0, hasMore: false } }),
        {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        },
      ),
    'GET /api/v2/product/list': () => ok({ product_list: [], count: 0 }),
    'GET /api/v2/product/category/list': () => ok({ product_category_list: [], count: 0 }),
    'GET /api/v2/client/branches': () => ok({ branch_list: [], count: 0 }),
    ...replies,
  });
};

import type { TBillingOverview, TClient, TSessionUser, TSignInContent } from '@laurel/contract';
import { PLAN_FEATURE_TABLE, PLAN_LABELS, PLANS } from '@laurel/contract';

/** A signed-in ADMIN as sign-in returns it; override what a test cares about. */
export const sessionFixture = (user: Partial<TSessionUser> = {}): TSignInContent => ({
  token: 'user-jwt',
  client_token: 'client-jwt',
  media_upload_token: 'media-jwt',
  payment_engine_token: 'payment-jwt',
  user: {
    _id: 'a'.repeat(24),
    name: 'Thandi',
    surname: 'Nkosi',
    email: 'thandi@example.com',
    cell_number: '0821234567',
    birthday: '1990-05-14',
    client_id: 'b'.repeat(24),
    payment_engine_id: 'cus_test',
    role: 'ADMIN',
    status: 'ACTIVE',
    manager_of: [],
    user_permissions: {},
    remember_me: false,
    get_communication: false,
    agrees_terms_and_conditions: true,
    ...user,
  },
});

/** The client record of `GET /api/v2/client`. */
export const clientFixture = (client: Partial<TClient> = {}): TClient => ({
  _id: 'b'.repeat(24),
  alias: 'Bean There',
  name: 'Bean There Coffee (Pty) Ltd',
  id_number: '2020/123456/07',
  vat_number: null,
  type: 'ENTITY',
  domain: null,
  status: 'ACTIVE',
  currency_symbol: 'R',
  time_zone: 'UTC',
  address: { full_address: '1 Long Street, Cape Town', coordinates: null },
  clientSubscription: { name: 'FREEMIUM', status: 'ACTIVE' },
  integration_settings: { payment_engine_id: 'cus_test', configurations: [] },
  users: [{ user_id: 'a'.repeat(24), manager_of: [] }],
  created_at: '2025-01-01T00:00:00.000Z',
  ...client,
});

const PRICES = { FREEMIUM: '0.00', STARTER: '499.00', GROWTH: '1499.00', BUSINESS: '3999.00' } as const;

/** `GET /api/billing` for the built-in provider. */
export const billingFixture = (overview: Partial<TBillingOverview> = {}): TBillingOverview => ({
  provider: 'builtin',
  stripe: null,
  payment_engine_id: 'cus_test',
  customer_email: 'thandi@example.com',
  current: { name: null, status: null },
  plans: PLANS.map((plan) => ({
    plan,
    label: PLAN_LABELS[plan],
    description: `${PLAN_LABELS[plan]} plan.`,
    price: PRICES[plan],
    currency_symbol: 'R',
    features: [...PLAN_FEATURE_TABLE[plan]],
    current: false,
  })),
  ...overview,
});

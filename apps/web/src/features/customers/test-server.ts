import type { TBranch, TCustomer, TCustomerListItem, TSessionUser } from '@laurel/contract';
import { sessionStore } from '@/api/session-store';
import { clientFixture, sessionFixture } from '@/test/fixtures';
import { ok, stubApi } from '@/test/stub-api';

export const CUSTOMER_ID = 'c'.repeat(24);
export const SEA_POINT = 'd'.repeat(24);
export const GREEN_POINT = 'e'.repeat(24);

export const customerFixture = (overrides: Partial<TCustomer> = {}): TCustomer => ({
  _id: CUSTOMER_ID,
  name: 'Ann',
  surname: 'Smith',
  cell_number: '+27821234567',
  email: 'ann@example.co.za',
  last_order_amount: 0,
  total_order_value: 120,
  last_transacted: null,
  status: 'ACTIVE',
  member_branch_id: SEA_POINT,
  created_at: '2025-03-01T10:00:00.000Z',
  gender: 'FEMALE',
  birthday: '1990-05-14',
  member_card_number: null,
  member_date: '2025-03-01',
  communication_method: [],
  get_communication: false,
  agrees_terms_and_conditions: false,
  loyalty_sign_up: true,
  member_branch: { _id: SEA_POINT, display_name: 'Sea Point' },
  external_id: null,
  updated_at: '2025-03-01T10:00:00.000Z',
  ...overrides,
});

export const listItem = (customer: TCustomer): TCustomerListItem => ({
  _id: customer._id,
  name: customer.name,
  surname: customer.surname,
  cell_number: customer.cell_number,
  email: customer.email,
  last_order_amount: customer.last_order_amount,
  total_order_value: customer.total_order_value,
  last_transacted: customer.last_transacted,
  status: customer.status,
  member_branch_id: customer.member_branch_id,
  created_at: customer.created_at,
});

const branch = (id: string, name: string) => ({ _id: id, display_name: name }) as unknown as TBranch;

export const BRANCHES = [branch(SEA_POINT, 'Sea Point'), branch(GREEN_POINT, 'Green Point')];

type TReplies = Parameters<typeof stubApi>[0];

/** Signs in as the given user and answers the console's and the customers area's calls; `replies` override. */
export const serveCustomers = (user: Partial<TSessionUser> = {}, replies: TReplies = {}) => {
  const session = sessionFixture(user);
  sessionStore.set(session, false);
  const customer = customerFixture();
  return stubApi({
    'GET /api/v2/client': () => ok(clientFixture({ _id: session.user.client_id })),
    'GET /api/v2/client/loyalty/users': () =>
      ok({ user_list: [listItem(customer)], count: 1, count_capped: false }),
    'GET /api/v2/client/branches': () => ok({ branch_list: BRANCHES, count: BRANCHES.length }),
    'GET /api/v2/get/user': () => ok(customer),
    'GET /api/v2/get/loyalty': () => ok(null),
    'GET /api/v2/address/list': () => ok({ addresses: [] }),
    'GET /api/v2/customer/card/list': () => ok([]),
    'GET /api/v2/user/lifetime/analitycs': () => ok({ lifetime_spent: 0, order_count: 0 }),
    'GET /api/v2/user/average/analitycs': () => ok({ average_basket_size: 0 }),
    'GET /api/v2/user/monthly/average/analitycs': () => ok({ user_monthly_ave: 0, user_ratio: 0 }),
    'GET /api/v2/user/purchase/date/analitycs': () =>
      ok({ last_purchase_date: null, first_purchase_date: null }),
    'GET /api/v2/user/basket/list': () => ok({ baskets: [], count: 0 }),
    'GET /api/v2/user/list/order/summary': () => ok({ orders_list: [], count: 0, total_value: 0 }),
    'GET /api/v2/user/subscriptions': () => ok({ subscription_list: [], count: 0 }),
    [`GET /api/economy/customers/${CUSTOMER_ID}/wallets`]: () => ok([]),
    [`GET /api/economy/customers/${CUSTOMER_ID}/transactions`]: () => ok([]),
    [`GET /api/v1/players/${CUSTOMER_ID}`]: () =>
      ok({ customer_id: CUSTOMER_ID, statistics: {}, updated_at: null }),
    ...replies,
  });
};

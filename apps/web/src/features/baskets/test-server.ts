import type { TBasketRow, TSessionUser } from '@laurel/contract';
import { sessionStore } from '@/api/session-store';
import { clientFixture, sessionFixture } from '@/test/fixtures';
import { ok, stubApi } from '@/test/stub-api';

export const SEA_POINT = { _id: 'd'.repeat(24), display_name: 'Sea Point' };
export const GREEN_POINT = { _id: 'e'.repeat(24), display_name: 'Green Point' };

export const basketFixture = (overrides: Partial<TBasketRow> = {}): TBasketRow => ({
  _id: '1'.repeat(24),
  basket_id: 'app-cart-5521',
  customer: 'Ann Smith',
  customer_id: 'c'.repeat(24),
  guest: false,
  email: 'ann@example.co.za',
  contact_number: '+27821234567',
  branch: SEA_POINT,
  type: 'COLLECTION',
  status: 'OPEN',
  item_count: 3,
  total: 84.5,
  created_at: '2026-03-01T08:00:00.000Z',
  updated_at: '2026-03-02T09:30:00.000Z',
  ...overrides,
});

export const ANN_BASKET = basketFixture();
export const GUEST_BASKET = basketFixture({
  _id: '2'.repeat(24),
  basket_id: 'web-cart-77',
  customer: 'Guest User',
  customer_id: null,
  guest: true,
  email: '-',
  contact_number: '-',
  branch: null,
  type: 'DELIVERY',
  status: 'ABANDONED',
  item_count: 1,
  total: 250,
});

export const basketListReply = (baskets: TBasketRow[], count = baskets.length) =>
  ok({ baskets, count, count_capped: false });

type TReplies = Parameters<typeof stubApi>[0];

/** Signs in as the given user (an admin by default) and answers the baskets calls; `replies` override. */
export const serveBaskets = (user: Partial<TSessionUser> = {}, replies: TReplies = {}) => {
  const session = sessionFixture(user);
  sessionStore.set(session, false);
  return stubApi({
    'GET /api/v2/client': () => ok(clientFixture({ _id: session.user.client_id })),
    'GET /api/v2/client/basket/list': () => basketListReply([ANN_BASKET, GUEST_BASKET]),
    'GET /api/v2/client/branches': () => ok({ branch_list: [SEA_POINT, GREEN_POINT], count: 2 }),
    ...replies,
  });
};

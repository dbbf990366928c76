import type { TProduct, TProductCategory, TSessionUser } from '@laurel/contract';
import { sessionStore } from '@/api/session-store';
import { clientFixture, sessionFixture } from '@/test/fixtures';
import { ok, stubApi } from '@/test/stub-api';

export const COFFEE_ID = '1'.repeat(24);
export const FLAT_WHITE_ID = '2'.repeat(24);

export const categoryFixture = (overrides: Partial<TProductCategory> = {}): TProductCategory => ({
  _id: COFFEE_ID,
  name: 'Coffee',
  description: 'Espresso drinks',
  image_url: null,
  product_count: 1,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

export const productFixture = (overrides: Partial<TProduct> = {}): TProduct => ({
  _id: FLAT_WHITE_ID,
  title: 'Flat White',
  sku: 'FW-001',
  pid: '1001',
  price: 38.5,
  image_url: null,
  description: null,
  category_ids: [COFFEE_ID],
  categories: [{ _id: COFFEE_ID, name: 'Coffee' }],
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

type TReplies = Parameters<typeof stubApi>[0];

/** Signs in (an admin unless told) and answers the catalogue's calls; `replies` override. */
export const serveCatalogue = (user: Partial<TSessionUser> = {}, replies: TReplies = {}) => {
  const session = sessionFixture(user);
  sessionStore.set(session, false);
  return stubApi({
    'GET /api/v2/client': () => ok(clientFixture({ _id: session.user.client_id })),
    'GET /api/v2/product/list': () => ok({ product_list: [productFixture()], count: 1 }),
    'GET /api/v2/product/category/list': () => ok({ product_category_list: [categoryFixture()], count: 1 }),
    [`GET /api/products/${FLAT_WHITE_ID}`]: () => ok(productFixture()),
    [`GET /api/product-categories/${COFFEE_ID}`]: () => ok(categoryFixture()),
    ...replies,
  });
};

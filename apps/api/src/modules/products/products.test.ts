import { API_ERROR_MESSAGES, CATALOGUE_MESSAGES } from '@laurel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createBranch,
  createClientAndSignIn,
  createStaffAndSignIn,
  type SignedIn,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import {
  categoryBody,
  createCategory,
  createPlan,
  createProduct,
  productBody,
} from '../subscriptions/commerce.fixtures';

let t: TestApp;
let admin: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createClientAndSignIn(t.app, { plan: 'FREEMIUM' });
});
afterAll(() => t.close());

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  session: SignedIn = admin,
) =>
  t.app.inject({
    method,
    url,
    headers: bearer(session.clientToken),
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });

describe('products and categories', () => {
  it('creates, reads, lists, updates and deletes a product with its categories', async () => {
    const hot = await createCategory(t.app, admin, { name: 'Hot Drinks' });
    const milk = await createCategory(t.app, admin, { name: 'Milk Based' });
    const res = await call(
      'POST',
      '/api/products',
      productBody({
        title: 'Cappuccino',
        sku: 'CAP-001',
        pid: 'POS-17',
        price: 36.5,
        image_url: 'https://cdn.example/cap.png',
        category_ids: [hot._id, milk._id],
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(CATALOGUE_MESSAGES.productSaved);
    const product = res.json().content;
    expect(product).toMatchObject({
      title: 'Cappuccino',
      sku: 'CAP-001',
      pid: 'POS-17',
      price: 36.5,
      image_url: 'https://cdn.example/cap.png',
      categories: [
        { _id: hot._id, name: 'Hot Drinks' },
        { _id: milk._id, name: 'Milk Based' },
      ],
    });
    expect((await call('GET', `/api/products/${product._id}`)).json().content.title).toBe('Cappuccino');

    const updated = await call(
      'PUT',
      `/api/products/${product._id}`,
      productBody({ title: 'Cappuccino Large', sku: 'CAP-001', price: 42, category_ids: [hot._id] }),
    );
    expect(updated.json().content).toMatchObject({
      title: 'Cappuccino Large',
      price: 42,
      category_ids: [hot._id],
    });
    const categories = await call('GET', '/api/v2/product/category/list?search_string=drinks');
    expect(categories.json().content).toEqual({
      product_category_list: [expect.objectContaining({ name: 'Hot Drinks', product_count: 1 })],
      count: 1,
    });

    const removed = await call('DELETE', `/api/products/${product._id}`);
    expect(removed.json()).toMatchObject({ message: CATALOGUE_MESSAGES.productDeleted });
    expect((await call('GET', `/api/products/${product._id}`)).statusCode).toBe(404);
  });

  it('pages the spec lists by 5 with search, as the pickers do (pagination.count / hasMore)', async () => {
    const session = await createClientAndSignIn(t.app, { plan: 'FREEMIUM' });
    const beans = await createCategory(t.app, session, { name: 'Beans' });
    for (let i = 1; i <= 7; i++) {
      await createProduct(t.app, session, {
        title: `Bean Bag ${i}`,
        sku: `BEAN-${i}`,
        price: 100 + i,
        category_ids: i <= 3 ? [beans._id] : [],
      });
    }
    await createProduct(t.app, session, { title: 'Muffin', sku: 'MUF-1', pid: 'till-99' });
    const first = await call(
      'GET',
      '/api/v2/product/list?page=1&size=5&search_string=bean',
      undefined,
      session,
    );
    expect(first.json().content.count).toBe(7);
    expect(first.json().content.product_list.map((p: { sku: string }) => p.sku)).toEqual([
      'BEAN-1',
      'BEAN-2',
      'BEAN-3',
      'BEAN-4',
      'BEAN-5',
    ]);
    expect(first.json().pagination).toEqual({ count: 7, hasMore: true });
    const second = await call(
      'GET',
      '/api/v2/product/list?page=2&size=5&search_string=bean',
      undefined,
      session,
    );
    expect(second.json().pagination).toEqual({ count: 7, hasMore: false });
    // Search matches the PID and SKU fragments too, case-insensitively.
    const byPid = await call('GET', '/api/v2/product/list?search_string=TILL-9', undefined, session);
    expect(byPid.json().content.product_list.map((p: { sku: string }) => p.sku)).toEqual(['MUF-1']);
    const byPrice = await call('GET', '/api/products?sort=price&order=desc&size=2', undefined, session);
    expect(byPrice.json().content.map((p: { sku: string }) => p.sku)).toEqual(['BEAN-7', 'BEAN-6']);

    // POST v2/filter/products: the body is the category id list; paging and search in the query.
    const bare = await call('POST', '/api/v2/filter/products?size=5', [beans._id], session);
    expect(bare.json().content.count).toBe(3);
    const paged = await call('POST', '/api/v2/filter/products?page=1&size=2', [beans._id], session);
    expect(paged.json().content.product_list).toHaveLength(2);
    expect(paged.json().pagination).toEqual({ count: 3, hasMore: true });
    const everything = await call('POST', '/api/v2/filter/products', [], session);
    expect(everything.json().content.count).toBe(8);
    // Anything but the list is refused, naming what the body must be.
    for (const wrong of [{ category_ids: [beans._id] }, {}, 'beans', null]) {
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/v2/filter/products',
        headers: { ...bearer(session.clientToken), 'content-type': 'application/json' },
        payload: JSON.stringify(wrong),
      });
      expect(refused.statusCode, JSON.stringify(wrong)).toBe(400);
      expect(refused.json()).toMatchObject({
        success: false,
        message: 'The body must be a list of category ids',
        content: { errors: [{ field: 'request', message: 'The body must be a list of category ids' }] },
      });
    }
  });

  it.each([
    [{ title: '' }, 'title', 'title is required'],
    [{ title: undefined }, 'title', 'title is required'],
    [{ sku: '  ' }, 'sku', 'sku is required'],
    [{ price: undefined }, 'price', 'price is required'],
    [{ price: 'abc' }, 'price', 'price must be a number'],
    [{ price: 1.234 }, 'price', 'price must have at most two decimal places'],
    [{ price: -1 }, 'price', 'price must not be negative'],
    [{ title: 'x'.repeat(201) }, 'title', 'title must not be more than 200'],
    [{ category_ids: ['f'.repeat(24)] }, 'category_ids', CATALOGUE_MESSAGES.unknownCategories],
  ])('product %j -> 400 %s: %s', async (override, field, message) => {
    const res = await call('POST', '/api/products', productBody(override));
    expect(res.statusCode).toBe(400);
    expect(res.json().content.errors).toContainEqual({ field, message });
  });

  it('keeps SKUs and category names unique within the client, case-insensitively (409)', async () => {
    await createProduct(t.app, admin, { sku: 'UNIQUE-SKU' });
    const again = await call('POST', '/api/products', productBody({ sku: 'unique-sku' }));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(CATALOGUE_MESSAGES.skuTaken);
    const other = await createProduct(t.app, admin);
    const renamed = await call('PUT', `/api/products/${other._id}`, productBody({ sku: 'Unique-Sku' }));
    expect(renamed.statusCode).toBe(409);

    await createCategory(t.app, admin, { name: 'Pastries' });
    const category = await call('POST', '/api/product-categories', categoryBody({ name: 'PASTRIES' }));
    expect(category.statusCode).toBe(409);
    expect(category.json().message).toBe(CATALOGUE_MESSAGES.categoryNameTaken);
    const missing = await call('POST', '/api/product-categories', categoryBody({ name: '' }));
    expect(missing.json().content.errors).toContainEqual({ field: 'name', message: 'name is required' });
  });

  it('deleting a category keeps its products; a product or category a subscription names cannot go (409)', async () => {
    const category = await createCategory(t.app, admin);
    const product = await createProduct(t.app, admin, { category_ids: [category._id] });
    const removed = await call('DELETE', `/api/product-categories/${category._id}`);
    expect(removed.json()).toMatchObject({ message: CATALOGUE_MESSAGES.categoryDeleted });
    expect((await call('GET', `/api/products/${product._id}`)).json().content.categories).toEqual([]);

    const used = await createCategory(t.app, admin);
    const plan = await createPlan(t.app, admin, {
      apply_to: 'COMPOUND',
      primary_products: [product._id],
      products: [product._id],
      categories: [used._id],
    });
    const productRes = await call('DELETE', `/api/products/${product._id}`);
    expect(productRes.statusCode).toBe(409);
    expect(productRes.json().message).toBe(CATALOGUE_MESSAGES.productInUse(plan.name));
    const categoryRes = await call('DELETE', `/api/product-categories/${used._id}`);
    expect(categoryRes.statusCode).toBe(409);
    expect(categoryRes.json().message).toBe(CATALOGUE_MESSAGES.categoryInUse(plan.name));
  });
});

describe('permissions and tenants', () => {
  it('PRODUCTS flags decide: view lists, add/edit/delete each need their own flag', async () => {
    const branch = await createBranch(t.app, admin);
    const viewer = await createStaffAndSignIn(t.app, admin, {
      manager_of: [branch._id],
      user_permissions: { PRODUCTS: { read: true, create: false, update: false, delete: false } },
    });
    expect((await call('GET', '/api/v2/product/list', undefined, viewer)).statusCode).toBe(200);
    const refused = await call('POST', '/api/products', productBody(), viewer);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(API_ERROR_MESSAGES.forbidden);
    const nobody = await createStaffAndSignIn(t.app, admin, {
      manager_of: [branch._id],
      user_permissions: {},
    });
    expect((await call('GET', '/api/products', undefined, nobody)).statusCode).toBe(403);
  });

  it("another client's products and categories are not found and never listed", async () => {
    const other = await createClientAndSignIn(t.app, { plan: 'FREEMIUM' });
    const category = await createCategory(t.app, other, { name: 'Tenant B Secret Category' });
    const product = await createProduct(t.app, other, {
      title: 'Tenant B Secret',
      category_ids: [category._id],
    });
    expect((await call('GET', `/api/products/${product._id}`)).statusCode).toBe(404);
    expect((await call('PUT', `/api/products/${product._id}`, productBody())).statusCode).toBe(404);
    expect((await call('DELETE', `/api/product-categories/${category._id}`)).statusCode).toBe(404);
    // Naming B's category on A's product is an unknown category.
    expect(
      (await call('POST', '/api/products', productBody({ category_ids: [category._id] }))).statusCode,
    ).toBe(400);
    const list = await call('GET', '/api/v2/product/list?size=100&search_string=tenant');
    expect(list.json().content.count).toBe(0);
    const filtered = await call('POST', '/api/v2/filter/products', [category._id]);
    expect(filtered.json().content.count).toBe(0);
    // The same SKU may exist in two clients.
    await createProduct(t.app, admin, { sku: product.sku });
  });
});

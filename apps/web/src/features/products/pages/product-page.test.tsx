import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { COFFEE_ID, FLAT_WHITE_ID, productFixture, serveCatalogue } from '@/features/products/test-server';
import { renderApp } from '@/test/render-app';
import { fail, ok } from '@/test/stub-api';

configure({ asyncUtilTimeout: 5000 });
const user = userEvent.setup({ delay: null });

const field = (name: string | RegExp) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const save = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;

describe('products list', () => {
  it('shows the catalogue with the price in the client currency and searches it', async () => {
    const api = serveCatalogue();
    renderApp('/console/products');
    const row = (await screen.findByText('Flat White')).closest('tr') as HTMLElement;
    expect(within(row).getByText('FW-001')).toBeTruthy();
    expect(within(row).getByText('R 38.50')).toBeTruthy();
    expect(within(row).getByText('Coffee')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add Product' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Import CSV' })).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Search products' }), 'flat');
    await waitFor(() =>
      expect(api.callsTo('GET /api/v2/product/list').at(-1)?.url).toContain('search_string=flat'),
    );
  });

  it('offers neither add nor import nor delete without the flags', async () => {
    serveCatalogue({
      role: 'BRANCH_MANAGER',
      user_permissions: { PRODUCTS: { read: true, create: false, update: false, delete: false } },
    });
    renderApp('/console/products');
    await screen.findByText('Flat White');
    expect(screen.queryByRole('link', { name: 'Add Product' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Flat White' })).toBeNull();
  });
});

describe('product editor', () => {
  it('waits for an edit, shows the contract messages, then creates with the chosen category', async () => {
    const api = serveCatalogue(
      {},
      {
        'POST /api/products': (body) =>
          ok(productFixture({ ...(body as object), _id: FLAT_WHITE_ID }), 'Product saved.'),
      },
    );
    const { router } = renderApp('/console/products/new');
    await screen.findByRole('heading', { level: 1, name: 'Add Product' });
    expect(save().disabled).toBe(true);
    await user.type(field(/^Title/), '  ');
    expect(save().disabled).toBe(false);
    await user.click(save());
    expect(await screen.findByText('title is required')).toBeTruthy();
    expect(screen.getByText('sku is required')).toBeTruthy();
    expect(screen.getByText('price is required')).toBeTruthy();
    expect(api.callsTo('POST /api/products')).toHaveLength(0);

    await user.clear(field(/^Title/));
    await user.type(field(/^Title/), 'Flat White');
    await user.type(field(/^SKU/), 'FW-001');
    await user.type(field(/^Price/), '38.5');
    await user.click(field('Categories'));
    await user.click(await screen.findByRole('option', { name: /Coffee/ }));
    await user.click(save());
    const success = await screen.findByRole('dialog', { name: 'Success' });
    expect(within(success).getByText('Product saved.')).toBeTruthy();
    expect(api.callsTo('POST /api/products')[0]?.body).toMatchObject({
      title: 'Flat White',
      sku: 'FW-001',
      price: 38.5,
      category_ids: [COFFEE_ID],
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/console/products/${FLAT_WHITE_ID}`));
  });

  it("puts the server's message on its field", async () => {
    serveCatalogue(
      {},
      {
        [`PUT /api/products/${FLAT_WHITE_ID}`]: () =>
          new Response(
            JSON.stringify({
              success: false,
              message: 'A product with this SKU already exists.',
              content: { errors: [{ field: 'sku', message: 'A product with this SKU already exists.' }] },
            }),
            { status: 400, headers: { 'Content-Type': 'application/json' } },
          ),
      },
    );
    renderApp(`/console/products/${FLAT_WHITE_ID}`);
    await screen.findByRole('heading', { level: 1, name: 'Flat White' });
    expect(field(/^SKU/).value).toBe('FW-001');
    await user.clear(field(/^SKU/));
    await user.type(field(/^SKU/), 'TAKEN');
    await user.click(save());
    const failure = await screen.findByRole('dialog', { name: 'Something went wrong!' });
    expect(within(failure).getByText('A product with this SKU already exists.')).toBeTruthy();
    expect(field(/^SKU/).getAttribute('aria-invalid')).toBe('true');
  });

  it('goes back to the list when the product cannot be loaded', async () => {
    serveCatalogue(
      {},
      { [`GET /api/products/${FLAT_WHITE_ID}`]: () => fail(404, 'The product could not be found.') },
    );
    const { router } = renderApp(`/console/products/${FLAT_WHITE_ID}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/console/products'));
  });
});

import type { TBranch } from '@laurel/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '@/api/session-store';
import { clientFixture, sessionFixture } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { fail, ok, stubApi } from '@/test/stub-api';

const BRANCH_ID = 'c'.repeat(24);

const branchFixture = (branch: Partial<TBranch> = {}): TBranch => ({
  _id: BRANCH_ID,
  client_id: 'b'.repeat(24),
  display_name: 'Bean There Gardens',
  branch_number: 'BT-1',
  email: 'gardens@beanthere.co.za',
  image_url: null,
  registered_name: null,
  registration_number: null,
  vat_number: '4123456789',
  vat_registered: true,
  franchise: false,
  offline: true,
  country_code: '+27',
  country_code_extension: 'ZA',
  contact_number: '0214567890',
  address: { full_address: '12 Kloof Street, Gardens', coordinates: null },
  banking_details: null,
  stock_replacement: { replace_by_default: true },
  delivery_settings: {
    delivery: true,
    delivery_fee_type: 'FLAT-FEE',
    max_delivery_radius: 8,
    base_delivery_radius: null,
    delivery_fee_per_km: null,
    delivery_fee: 25,
    delivery_radii: null,
  },
  trading_times: [],
  created_at: '2026-03-01T08:00:00.000Z',
  updated_at: '2026-03-02T08:00:00.000Z',
  ...branch,
});

const serve = (replies: Parameters<typeof stubApi>[0] = {}) =>
  stubApi({
    'GET /api/v2/client': ok(clientFixture({ currency_symbol: '€' })),
    'GET /api/branches': ok({
      branch_list: [
        branchFixture(),
        branchFixture({
          _id: 'd'.repeat(24),
          display_name: 'Bean There Sea Point',
          delivery_settings: { ...branchFixture().delivery_settings, delivery: false },
        }),
      ],
      count: 2,
    }),
    [`GET /api/branches/${BRANCH_ID}`]: ok(branchFixture()),
    ...replies,
  });

const open = (path: string) => {
  sessionStore.set(sessionFixture(), false);
  return renderApp(path);
};

describe('branches tab', () => {
  it('lists the branches with their delivery, and searches by name in the URL', async () => {
    const api = serve();
    const { router } = open('/console/settings/branches');
    expect(await screen.findByRole('link', { name: 'Bean There Gardens' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Branches', selected: true })).toBeTruthy();
    expect(screen.getByText('FLAT-FEE')).toBeTruthy();
    expect(screen.getByText('No delivery')).toBeTruthy();
    expect(api.callsTo('GET /api/branches')[0]?.url).toBe('/api/branches?page=1&size=15');

    await userEvent
      .setup({ delay: null })
      .type(screen.getByRole('textbox', { name: 'Search branches' }), 'sea');
    await waitFor(() => expect(router.state.location.search).toBe('?search=sea'));
    await waitFor(() =>
      expect(api.callsTo('GET /api/branches').at(-1)?.url).toBe(
        '/api/branches?page=1&size=15&search_string=sea',
      ),
    );
  });

  it('Add Branch opens the form as a route; a save shows Success and returns to the list', async () => {
    const api = serve({
      'POST /api/branches': (body) => ok(body, 'Branch added successfully.'),
    });
    const { router } = open('/console/settings/branches');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('link', { name: 'Add Branch' }));
    const form = await screen.findByRole('form', { name: 'Add Branch' });
    expect(router.state.location.pathname).toBe('/console/settings/branches/new');
    // Money shows the client's currency symbol.
    await waitFor(() => expect(within(form).getAllByText('€').length).toBeGreaterThan(0));

    await user.click(within(form).getByRole('textbox', { name: /Display Name/ }));
    await user.paste('Bean There Claremont');
    await user.click(within(form).getByRole('switch', { name: /^Franchise/ }));
    await user.click(within(form).getByRole('textbox', { name: /VAT Number/ }));
    await user.paste('4123456789');
    await user.type(within(form).getByRole('textbox', { name: /Max Delivery Radius/ }), '10');
    await user.type(within(form).getByRole('textbox', { name: /^Delivery Fee/ }), '30');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    const success = await screen.findByRole('dialog', { name: 'Success' });
    expect(within(success).getByText('Branch added successfully.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/console/settings/branches');
    expect(api.callsTo('POST /api/branches')[0]?.body).toMatchObject({
      display_name: 'Bean There Claremont',
      franchise: false,
      vat_number: '4123456789',
      delivery_settings: { delivery_fee_type: 'FLAT-FEE', max_delivery_radius: 10, delivery_fee: 30 },
    });
  });

  it('edits a saved branch; a refused save shows Something went wrong! with the server message', async () => {
    const api = serve({
      [`PUT /api/branches/${BRANCH_ID}`]: fail(403, 'You do not possess permissions to perform this action.'),
    });
    open(`/console/settings/branches/${BRANCH_ID}`);
    const form = await screen.findByRole('form', { name: 'Edit Branch' });
    const name = within(form).getByRole('textbox', { name: /Display Name/ });
    expect(name).toHaveProperty('value', 'Bean There Gardens');
    const user = userEvent.setup({ delay: null });
    await user.click(name);
    await user.paste(' Central');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    const failure = await screen.findByRole('dialog', { name: 'Something went wrong!' });
    expect(within(failure).getByText('You do not possess permissions to perform this action.')).toBeTruthy();
    expect(api.callsTo(`PUT /api/branches/${BRANCH_ID}`)[0]?.body).toMatchObject({
      display_name: 'Bean There Gardens Central',
    });
    expect(screen.getByRole('form', { name: 'Edit Branch' })).toBeTruthy();
  });

  it('is for admins only', async () => {
    serve();
    sessionStore.set(sessionFixture({ role: 'BRANCH_MANAGER' }), false);
    renderApp('/console/settings/branches');
    expect(await screen.findByText('You do not possess permissions to perform this action.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add Branch' })).toBeNull();
  });
});

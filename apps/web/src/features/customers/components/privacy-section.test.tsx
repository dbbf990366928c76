import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CUSTOMER_ID, customerFixture, serveCustomers } from '@/features/customers/test-server';
import { renderApp } from '@/test/render-app';
import { ok } from '@/test/stub-api';

vi.setConfig({ testTimeout: 20_000 });
const user = userEvent.setup({ delay: null });

const PROFILE = `/console/customers/customer-profile/${CUSTOMER_ID}`;
const ERASED = customerFixture({
  name: 'Erased',
  surname: 'customer',
  email: null,
  cell_number: null,
  birthday: null,
  status: 'ERASED',
});

describe('customer profile: Privacy', () => {
  it('erases only after ERASE is typed, then shows the erased state', async () => {
    let erased = false;
    const api = serveCustomers(
      {},
      {
        'GET /api/v2/get/user': () => ok(erased ? ERASED : customerFixture()),
        [`POST /api/customers/${CUSTOMER_ID}/erase`]: () => {
          erased = true;
          return ok(ERASED);
        },
      },
    );
    renderApp(PROFILE);
    const box = await screen.findByRole('region', { name: 'Privacy' });
    expect(within(box).getByRole('button', { name: 'Download data' })).toBeTruthy();
    const subscriptions = await screen.findByRole('region', { name: 'Subscriptions' });
    expect(await within(subscriptions).findByRole('button', { name: 'Issue Subscription' })).toBeTruthy();
    await user.click(within(box).getByRole('button', { name: 'Erase' }));
    const dialog = await screen.findByRole('dialog', { name: "Erase this customer's personal data?" });
    expect(within(dialog).getByText(/Ann Smith, ann@example.co.za/)).toBeTruthy();
    const erase = within(dialog).getByRole('button', { name: 'Erase customer' }) as HTMLButtonElement;
    expect(erase.disabled).toBe(true);
    await user.type(within(dialog).getByLabelText('Type ERASE to confirm'), 'erase');
    expect(erase.disabled).toBe(true);
    await user.clear(within(dialog).getByLabelText('Type ERASE to confirm'));
    await user.type(within(dialog).getByLabelText('Type ERASE to confirm'), 'ERASE');
    const ordersLoads = api.callsTo('GET /api/v2/user/list/order/summary').length;
    expect(ordersLoads).toBeGreaterThan(0);
    // A double-click erases once, and says it worked.
    await user.dblClick(erase);
    await waitFor(() => expect(api.callsTo(`POST /api/customers/${CUSTOMER_ID}/erase`)).toHaveLength(1));
    await screen.findByRole('heading', { level: 1, name: 'Erased customer' });
    expect(await screen.findByText('Their personal data is gone.')).toBeTruthy();
    expect(api.callsTo(`POST /api/customers/${CUSTOMER_ID}/erase`)).toHaveLength(1);
    // The orders on the page name the buyer as recorded, which the erasure rewrote: they load again too.
    await waitFor(() =>
      expect(api.callsTo('GET /api/v2/user/list/order/summary').length).toBeGreaterThan(ordersLoads),
    );
    const after = screen.getByRole('region', { name: 'Privacy' });
    expect(within(after).getByText(/personal data was erased on request/)).toBeTruthy();
    expect(within(after).queryByRole('button', { name: 'Erase' })).toBeNull();
    // Nothing new is issued to an erased member; their history stays.
    expect(
      within(screen.getByRole('region', { name: 'Subscriptions' })).queryByRole('button', {
        name: 'Issue Subscription',
      }),
    ).toBeNull();
  });

  it('states the balances the erasure forfeits', async () => {
    const icon = { name: null, prefix: null, url: null, etag: null };
    const wallet = (name: string, balance: number) => ({
      currency: {
        _id: name.padEnd(24, 'a').slice(0, 24),
        type: 'custom',
        name,
        code: name.slice(0, 3),
        icon,
      },
      balance,
      expiring_soon: 0,
      next_expiry_at: null,
    });
    serveCustomers(
      {},
      {
        [`GET /api/economy/customers/${CUSTOMER_ID}/wallets`]: () =>
          ok([wallet('Bean Coins', 1250.5), wallet('Stars', 0)]),
      },
    );
    renderApp(`${PROFILE}?action=erase`);
    const dialog = await screen.findByRole('dialog', { name: "Erase this customer's personal data?" });
    const forfeited = await within(dialog).findByRole('list', { name: 'Balances forfeited' });
    expect(
      within(forfeited)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['1,250.50 Bean Coins']);
    expect(within(dialog).getByText(/leave your points liability/)).toBeTruthy();
  });

  it('says nothing is forfeited when the member holds no balance', async () => {
    serveCustomers();
    renderApp(`${PROFILE}?action=erase`);
    const dialog = await screen.findByRole('dialog', { name: "Erase this customer's personal data?" });
    expect(await within(dialog).findByText('They hold no balance, so nothing is forfeited.')).toBeTruthy();
  });

  it('offers no Erase to a user without the Delete permission on customers', async () => {
    serveCustomers({
      role: 'STAFF',
      user_permissions: { CUSTOMERS: { read: true, create: false, update: true, delete: false } },
    } as never);
    renderApp(`${PROFILE}?action=erase`);
    const box = await screen.findByRole('region', { name: 'Privacy' });
    expect(within(box).getByRole('button', { name: 'Download data' })).toBeTruthy();
    expect(within(box).queryByRole('button', { name: 'Erase' })).toBeNull();
    // Nor through a shared link that names the action.
    expect(screen.queryByRole('dialog', { name: "Erase this customer's personal data?" })).toBeNull();
  });
});

import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CUSTOMER_ID, customerFixture, serveCustomers } from '@/features/customers/test-server';
import { COINS, COINS_ID, RAND, walletFixture } from '@/features/economy/test-server';
import { renderApp } from '@/test/render-app';
import { fail, ok } from '@/test/stub-api';

configure({ asyncUtilTimeout: 5000 });
const user = userEvent.setup({ delay: null });

const WALLETS = `GET /api/economy/customers/${CUSTOMER_ID}/wallets`;
const ADJUST = `POST /api/economy/customers/${CUSTOMER_ID}/adjustments`;
const PROFILE = `/console/customers/customer-profile/${CUSTOMER_ID}`;

const tile = () => screen.getByRole('group', { name: 'Wallet Balance' });

describe('the profile Wallet Balance tile', () => {
  it('shows the real balance in each currency, and what expires soon', async () => {
    serveCustomers({}, { [WALLETS]: () => ok([walletFixture(COINS, 12.5, 2), walletFixture(RAND, 0)]) });
    renderApp(PROFILE);
    await screen.findByRole('heading', { level: 1, name: 'Ann Smith' });
    await waitFor(() => expect(within(tile()).getByText('12.50')).toBeTruthy());
    expect(within(tile()).getByText('Bean Coins')).toBeTruthy();
    expect(within(tile()).getByText('2.00 expiring soon')).toBeTruthy();
    expect(within(tile()).getByText('0.00')).toBeTruthy();
  });

  it('lets an admin credit with a required reason, and reloads the balance', async () => {
    let balance = 12.5;
    const api = serveCustomers(
      {},
      {
        [WALLETS]: () => ok([walletFixture(COINS, balance)]),
        [ADJUST]: () => {
          balance = 22.5;
          return ok({ balance, transaction: null });
        },
      },
    );
    renderApp(PROFILE);
    await user.click(await screen.findByRole('button', { name: 'Credit or debit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Credit or debit the wallet' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Amount' }), '10');
    await user.click(within(dialog).getByRole('button', { name: 'Credit' }));
    expect(await within(dialog).findByText('Reason is required')).toBeTruthy();
    expect(api.callsTo(ADJUST)).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Birthday gift');
    await user.click(within(dialog).getByRole('button', { name: 'Credit' }));
    expect(await screen.findByRole('dialog', { name: 'Success!' })).toBeTruthy();
    expect(api.callsTo(ADJUST)[0]?.body).toEqual({
      currency: COINS_ID,
      direction: 'credit',
      amount: 10,
      reason: 'Birthday gift',
    });
    await waitFor(() => expect(within(tile()).getByText('22.50')).toBeTruthy());
  });

  it("shows a refused debit's 'Insufficient balance'", async () => {
    serveCustomers(
      {},
      { [WALLETS]: () => ok([walletFixture(COINS, 1)]), [ADJUST]: () => fail(409, 'Insufficient balance') },
    );
    renderApp(PROFILE);
    await user.click(await screen.findByRole('button', { name: 'Credit or debit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Credit or debit the wallet' });
    await user.click(within(dialog).getByText('Debit'));
    await user.type(within(dialog).getByRole('textbox', { name: 'Amount' }), '5');
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Correction');
    await user.click(within(dialog).getByRole('button', { name: 'Debit' }));
    const failure = await screen.findByRole('dialog', {
      name: 'Something went wrong when adjusting the wallet!',
    });
    expect(within(failure).getByText('Insufficient balance')).toBeTruthy();
  });

  it('offers no adjustment to a manager', async () => {
    serveCustomers(
      {
        role: 'AREA_MANAGER',
        user_permissions: { CUSTOMERS: { read: true, create: false, update: false, delete: false } },
      },
      { [WALLETS]: () => ok([walletFixture(COINS, 3)]), 'GET /api/v2/get/user': () => ok(customerFixture()) },
    );
    renderApp(PROFILE);
    await screen.findByRole('heading', { level: 1, name: 'Ann Smith' });
    await waitFor(() => expect(within(tile()).getByText('3.00')).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Credit or debit' })).toBeNull();
  });

  it("offers no adjustment on an erased customer's profile: their wallet is closed", async () => {
    serveCustomers(
      {},
      {
        [WALLETS]: () => ok([walletFixture(COINS, 0)]),
        'GET /api/v2/get/user': () =>
          ok(customerFixture({ name: 'Erased', surname: 'customer', status: 'ERASED' })),
      },
    );
    renderApp(PROFILE);
    await screen.findByRole('heading', { level: 1, name: 'Erased customer' });
    await waitFor(() => expect(within(tile()).getByText('0.00')).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Credit or debit' })).toBeNull();
  });
});

import type { TEconomyTransaction } from '@laurel/contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CUSTOMER_ID, serveCustomers } from '@/features/customers/test-server';
import { COINS_ID } from '@/features/economy/test-server';
import { renderApp } from '@/test/render-app';
import { okPage } from '@/test/stub-api';

configure({ asyncUtilTimeout: 5000 });
const user = userEvent.setup({ delay: null });

const HISTORY = `GET /api/economy/customers/${CUSTOMER_ID}/transactions`;
const PROFILE = `/console/customers/customer-profile/${CUSTOMER_ID}`;

const row = (n: number, overrides: Partial<TEconomyTransaction> = {}): TEconomyTransaction => ({
  _id: String(n).padStart(24, '0'),
  transaction_id: `order-${n}`,
  date_time: `2026-11-${String(20 - n).padStart(2, '0')}T09:30:00.000Z`,
  user_id: CUSTOMER_ID,
  user_name: 'Ann Smith',
  branch_location: 'Sea Point',
  transaction_type: 'Cashback',
  value: 10,
  xp_points_earned: 0,
  wallet_balance_post_transaction: 100 - n,
  currency_id: COINS_ID,
  currency_name: 'Bean Coins',
  source: 'earn_config',
  source_id: 'e'.repeat(24),
  reason: null,
  shortfall: 0,
  created_at: '2026-11-20T09:30:00.000Z',
  updated_at: '2026-11-20T09:30:00.000Z',
  ...overrides,
});

/** Seven movements, newest first, served five at a time as the API pages them. */
const ROWS = [
  row(1, {
    transaction_type: 'Spending',
    value: -1250.5,
    wallet_balance_post_transaction: 40,
    reason: 'Goodwill',
  }),
  ...[2, 3, 4, 5, 6, 7].map((n) => row(n)),
];

describe('the profile wallet history', () => {
  it('lists the wallet movements newest first with date, type, currency, amount, balance after and reason, paged by the server', async () => {
    const api = serveCustomers(
      {},
      {
        [HISTORY]: () => okPage(ROWS, api.callsTo(HISTORY).at(-1)?.url),
      },
    );
    renderApp(PROFILE);
    const section = await screen.findByRole('region', { name: 'Wallet History' });
    const table = within(section).getByRole('table');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(6));
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Date', 'Type', 'Currency', 'Amount', 'Balance after', 'Reason']);
    const newest = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(
      within(newest)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      expect.stringContaining('19 Nov 2026'),
      'Spending',
      'Bean Coins',
      '−1,250.50',
      '40.00',
      'Goodwill',
    ]);
    const first = api.callsTo(HISTORY)[0];
    expect(first?.url).toContain('wallets_only=true');
    expect(first?.url).toContain('page=1');

    await user.click(within(section).getByRole('button', { name: '2' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(api.callsTo(HISTORY).at(-1)?.url).toContain('page=2');
  });
});

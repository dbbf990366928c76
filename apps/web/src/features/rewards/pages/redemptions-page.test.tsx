import type { TCouponLookup } from '@laurel/contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { serveRedemptionsReport, THANDI_ID } from '@/features/transactions/test-server';
import { renderApp } from '@/test/render-app';
import { fail, ok } from '@/test/stub-api';

configure({ asyncUtilTimeout: 5000 });
const user = userEvent.setup({ delay: null });
const CODE = 'K7PX2MZ9QRTA';

const coupon = (overrides: Partial<TCouponLookup> = {}): TCouponLookup => ({
  _id: '5'.repeat(24),
  reward_id: '6'.repeat(24),
  reward_name: 'Free coffee',
  reward_type: 'coupon',
  customer_id: THANDI_ID,
  customer_name: 'Thandi Mokoena',
  status: 'issued',
  coupon_code: CODE,
  expires_at: '2026-04-01T09:30:00.000Z',
  cost: { currency: '9'.repeat(24), amount: 50 },
  currency_code: 'BNS',
  coupon_value: { value_type: 'amount', value: 35 },
  balance_after: 20,
  branch_id: null,
  created_at: '2026-03-02T09:30:00.000Z',
  used_at: null,
  cancelled_at: null,
  ...overrides,
});

const openDialog = async () => {
  renderApp('/console/rewards/redemptions');
  await screen.findByRole('cell', { name: 'Branded mug' });
  await user.click(screen.getByRole('button', { name: 'Accept Coupon' }));
  return screen.findByRole('dialog', { name: 'Accept a coupon' });
};

const find = async (dialog: HTMLElement, code: string) => {
  await user.type(within(dialog).getByRole('textbox', { name: 'Coupon code' }), code);
  await user.click(within(dialog).getByRole('button', { name: 'Find' }));
};

describe('Accept Coupon on the Redemptions report', () => {
  it('finds a coupon by its code, shows whose it is and what it cost, and accepts it once with the order reference', async () => {
    const api = serveRedemptionsReport({
      [`GET /api/v1/coupons/${CODE.toLowerCase()}`]: () => ok(coupon()),
      [`POST /api/v1/coupons/${CODE}/use`]: () =>
        ok({ ...coupon({ status: 'used', used_at: '2026-03-03T10:00:00.000Z' }), customer_name: undefined }),
    });
    const dialog = await openDialog();
    await find(dialog, CODE.toLowerCase());
    await within(dialog).findByText('Free coffee (Coupon)');
    expect(within(dialog).getByRole('link', { name: 'Thandi Mokoena' }).getAttribute('href')).toBe(
      `/console/customers/customer-profile/${THANDI_ID}`,
    );
    expect(within(dialog).getByText('50 BNS')).toBeTruthy();
    // What the till gives for it.
    expect(within(dialog).getByText('R 35.00 off')).toBeTruthy();
    expect(within(dialog).getByText('Issued')).toBeTruthy();
    expect(within(dialog).getByText(/1 Apr 2026/)).toBeTruthy();

    await user.type(within(dialog).getByRole('textbox', { name: /Order reference/ }), 'till-4');
    const accept = within(dialog).getByRole('button', { name: 'Accept coupon' });
    await user.dblClick(accept);
    await within(dialog).findByText('Coupon accepted.');
    expect(within(dialog).getByText('Used')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Accept coupon' })).toBeNull();
    // The double-click sent one use, naming the till's order; the report reloads behind the dialog.
    expect(api.callsTo(`POST /api/v1/coupons/${CODE}/use`).map((call) => call.body)).toEqual([
      { order_id: 'till-4' },
    ]);
    await waitFor(() => expect(api.callsTo('GET /api/rewards/redemptions').length).toBeGreaterThan(1));
  });

  it('says in the dialog that a code was never issued, and that a used coupon cannot be accepted again', async () => {
    serveRedemptionsReport({
      'GET /api/v1/coupons/NOPE': () => fail(404, 'The coupon could not be found.'),
      [`GET /api/v1/coupons/${CODE}`]: () =>
        ok(coupon({ status: 'used', used_at: '2026-03-03T10:00:00.000Z' })),
    });
    const dialog = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Find' }));
    expect(within(dialog).getByText('Enter the coupon code')).toBeTruthy();
    await find(dialog, 'NOPE');
    expect((await within(dialog).findByRole('alert')).textContent).toBe('The coupon could not be found.');
    expect(within(dialog).queryByRole('button', { name: 'Accept coupon' })).toBeNull();

    await user.clear(within(dialog).getByRole('textbox', { name: 'Coupon code' }));
    await find(dialog, CODE);
    await within(dialog).findByText('Used on 3 Mar 2026: it cannot be accepted again.');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Accept coupon' })).toBeNull();
  });

  it('shows the refusal and the coupon as it now is when another till used it first', async () => {
    let used = false;
    serveRedemptionsReport({
      [`GET /api/v1/coupons/${CODE}`]: () =>
        ok(used ? coupon({ status: 'used', used_at: '2026-03-03T10:00:00.000Z' }) : coupon()),
      [`POST /api/v1/coupons/${CODE}/use`]: () => {
        used = true;
        return fail(409, 'Coupon already used');
      },
    });
    const dialog = await openDialog();
    await find(dialog, CODE);
    await user.click(await within(dialog).findByRole('button', { name: 'Accept coupon' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Coupon already used');
    await within(dialog).findByText('Used on 3 Mar 2026: it cannot be accepted again.');
  });

  it('is not offered to a user who may only read rewards', async () => {
    serveRedemptionsReport(
      {},
      {
        role: 'BRANCH_MANAGER',
        user_permissions: { REWARDS: { read: true, create: false, update: false, delete: false } },
      },
    );
    renderApp('/console/rewards/redemptions');
    await screen.findByRole('cell', { name: 'Branded mug' });
    expect(screen.queryByRole('button', { name: 'Accept Coupon' })).toBeNull();
  });
});

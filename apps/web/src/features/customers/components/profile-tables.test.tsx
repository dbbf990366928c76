import type { TBasketRow, TCustomerOrderSummaryRow } from '@laurel/contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CUSTOMER_ID, SEA_POINT, serveCustomers } from '@/features/customers/test-server';
import { renderApp } from '@/test/render-app';
import { fail, ok } from '@/test/stub-api';

configure({ asyncUtilTimeout: 5000 });
const user = userEvent.setup({ delay: null });

const ORDER_ID = '7'.repeat(24);
const order: TCustomerOrderSummaryRow = {
  _id: ORDER_ID,
  code: 'WEB-1001',
  customer: 'Ann Smith',
  email: 'ann@example.co.za',
  phone_number: '+27821234567',
  date: '2026-03-02T09:30:00.000Z',
  amount: 140.5,
  branch: { _id: SEA_POINT, display_name: 'Sea Point' },
  method: 'DELIVERY',
  status: 'FULFILLED',
};
const basket: TBasketRow = {
  _id: '1'.repeat(24),
  basket_id: 'app-cart-5521',
  customer: 'Ann Smith',
  customer_id: CUSTOMER_ID,
  guest: false,
  email: 'ann@example.co.za',
  contact_number: '+27821234567',
  branch: null,
  type: 'COLLECTION',
  status: 'CHECKED-OUT',
  item_count: 3,
  total: 84.5,
  created_at: '2026-03-01T08:00:00.000Z',
  updated_at: '2026-03-02T09:30:00.000Z',
};

/** The customers area's answers, plus an empty subscriptions list for the profile's subscriptions table. */
const serve = (replies: Parameters<typeof serveCustomers>[1]) =>
  serveCustomers(
    {},
    { 'GET /api/v2/user/subscriptions': () => ok({ subscription_list: [], count: 0 }), ...replies },
  );

const openProfile = async () => {
  const view = renderApp(`/console/customers/customer-profile/${CUSTOMER_ID}`);
  await screen.findByRole('heading', { level: 1, name: 'Ann Smith' });
  return view;
};

describe('customer profile: baskets and orders', () => {
  it("lists the customer's baskets and orders, and an order row opens the order", async () => {
    const api = serve({
      'GET /api/v2/user/basket/list': () => ok({ baskets: [basket], count: 1 }),
      'GET /api/v2/user/list/order/summary': () => ok({ orders_list: [order], count: 1, total_value: 140.5 }),
    });
    const { router } = await openProfile();
    // The profile's lower tables load just after its first paint (their own chunk).
    const baskets = await screen.findByRole('region', { name: 'Baskets' });
    const basketRow = (await within(baskets).findByText('R 84.50')).closest('tr') as HTMLElement;
    expect(within(basketRow).getByText('2026-03-02')).toBeTruthy();
    expect(within(basketRow).getByText('Collection')).toBeTruthy();
    expect(within(basketRow).getByText('CHECKED-OUT')).toBeTruthy();
    const orders = await screen.findByRole('region', { name: 'Orders' });
    // Each table is named as its box, as a journey finds it ('the Subscriptions table').
    for (const name of ['Baskets', 'Orders', 'Subscriptions'])
      expect(await screen.findByRole('table', { name })).toBeTruthy();
    // The spec's customer order list columns (spec 1 §2.15), each its own column header.
    for (const header of [
      'Customer',
      'Email',
      'Phone Number',
      'Date',
      'Amount',
      'Branch',
      'Method',
      'Status',
    ])
      expect(within(orders).getByRole('columnheader', { name: header })).toBeTruthy();
    const orderRow = (await within(orders).findByText('WEB-1001')).closest('tr') as HTMLElement;
    for (const text of [
      'Ann Smith',
      'ann@example.co.za',
      '0821234567',
      '2026-03-02',
      'R 140.50',
      'Sea Point',
      'Delivery',
      'FULFILLED',
    ])
      expect(within(orderRow).getByText(text)).toBeTruthy();
    expect(api.callsTo('GET /api/v2/user/basket/list')[0]?.url).toBe(
      `/api/v2/user/basket/list?user_id=${CUSTOMER_ID}&page=1&size=5`,
    );
    expect(api.callsTo('GET /api/v2/user/list/order/summary')[0]?.url).toBe(
      `/api/v2/user/list/order/summary?user_id=${CUSTOMER_ID}&page=1&size=5`,
    );
    await user.click(within(orderRow).getByText('R 140.50'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/console/order/${ORDER_ID}`));
  });

  it("shows the baskets list's spec title when it fails", async () => {
    serve({ 'GET /api/v2/user/basket/list': () => fail(403, 'You do not have permission to view baskets.') });
    await openProfile();
    const modal = await screen.findByRole('dialog', {
      name: 'Something went wrong fetching user basket list!',
    });
    expect(within(modal).getByText('You do not have permission to view baskets.')).toBeTruthy();
  });

  it("shows the orders list's spec title when it fails", async () => {
    serve({
      'GET /api/v2/user/list/order/summary': () => fail(403, 'You do not have permission to view orders.'),
    });
    await openProfile();
    const modal = await screen.findByRole('dialog', { name: 'Something went wrong when getting order list' });
    expect(within(modal).getByText('You do not have permission to view orders.')).toBeTruthy();
  });
});

import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  CUSTOMER_ID,
  GUEST_ORDER,
  GUEST_ORDER_ID,
  ORDER_ID,
  orderDetailFixture,
  PARCEL_ID,
  serveOrders,
} from '@/features/orders/test-server';
import { renderApp } from '@/test/render-app';
import { fail, ok } from '@/test/stub-api';

configure({ asyncUtilTimeout: 5000 });
const user = userEvent.setup({ delay: null });

const openOrder = async (id = ORDER_ID) => {
  const view = renderApp(`/console/order/${id}`);
  await screen.findByRole('heading', { level: 1, name: /^Order / });
  return view;
};

const region = (name: string) => screen.getByRole('region', { name });
const buttonNames = (container: HTMLElement) =>
  within(container)
    .queryAllByRole('button')
    .map((button) => button.textContent);

describe('order page', () => {
  it('shows the items, the VAT-inclusive totals with the VAT they contain, the customer, parcels and history', async () => {
    const api = serveOrders();
    await openOrder();
    expect(document.title).toBe('Order WEB-1001');
    const items = region('Items');
    expect(within(items).getByText('Flat white')).toBeTruthy();
    expect(within(items).getByText('FLAT-WHITE')).toBeTruthy();
    const flatWhite = within(items).getByText('Flat white').closest('tr') as HTMLElement;
    expect(within(flatWhite).getByText('2')).toBeTruthy();
    expect(within(flatWhite).getByText('R 42.25')).toBeTruthy();
    expect(within(flatWhite).getByText('R 84.50')).toBeTruthy();
    const totals = within(items).getByRole('group', { name: 'Totals' });
    expect(totals.textContent).toContain('SubtotalR 115.50');
    expect(totals.textContent).toContain('Delivery feeR 25.00');
    expect(totals.textContent).toContain('TotalR 140.50');
    expect(totals.textContent).toContain('Includes VAT (15%)R 18.33');
    expect(totals.textContent).toContain('Total excl. VATR 122.17');
    const customer = within(region('Customer')).getByRole('link', { name: 'Ann Smith' });
    expect(customer.getAttribute('href')).toBe(`/console/customers/customer-profile/${CUSTOMER_ID}`);
    expect(within(region('Parcels')).getByRole('group', { name: 'Parcel 1' }).textContent).toContain('OPEN');
    expect(within(region('Status History')).getByText('Order: ORDERED')).toBeTruthy();
    expect(api.callsTo(`GET /api/orders/${ORDER_ID}`)[0]?.headers.get('Authorization')).toBe(
      'Bearer client-jwt',
    );
  });

  it('offers only the moves the transition table allows, for the order and for each parcel', async () => {
    serveOrders();
    await openOrder();
    expect(buttonNames(screen.getByRole('group', { name: 'Move the order' }))).toEqual([
      'Mark as PROCESSING',
      'Mark as CANCELLED',
    ]);
    expect(buttonNames(within(region('Parcels')).getByRole('group', { name: 'Parcel 1' }))).toEqual([
      'Mark as PACKED',
      'Mark as ABANDONED',
    ]);
  });

  it('moves the order and packs a parcel, then shows what the server answered', async () => {
    const processing = orderDetailFixture({
      status: 'PROCESSING',
      next_statuses: ['PARTIALLY-FULFILLED', 'FULFILLED', 'CANCELLED'],
    });
    const api = serveOrders(
      {},
      {
        [`PATCH /api/orders/${ORDER_ID}/status`]: () => ok(processing),
        [`PATCH /api/orders/${ORDER_ID}/parcels/${PARCEL_ID}/status`]: () =>
          ok({
            ...processing,
            parcels: [
              {
                ...processing.parcels[0]!,
                status: 'PACKED',
                next_statuses: ['READY', 'IN-TRANSIT', 'OPEN', 'ABANDONED'],
              },
            ],
            status_history: [
              ...processing.status_history,
              {
                seq: 2,
                parcel: 1,
                from_status: 'OPEN',
                to_status: 'PACKED',
                changed_at: '2026-03-02T10:00:00.000Z',
                changed_by: 'Thandi Nkosi',
              },
            ],
          }),
      },
    );
    await openOrder();
    await user.click(screen.getByRole('button', { name: 'Mark as PROCESSING: the order' }));
    await waitFor(() =>
      expect(api.callsTo(`PATCH /api/orders/${ORDER_ID}/status`)[0]?.body).toEqual({ status: 'PROCESSING' }),
    );
    await waitFor(() =>
      expect(buttonNames(screen.getByRole('group', { name: 'Move the order' }))).toEqual([
        'Mark as PARTIALLY-FULFILLED',
        'Mark as FULFILLED',
        'Mark as CANCELLED',
      ]),
    );
    await user.click(screen.getByRole('button', { name: 'Mark as PACKED: parcel 1' }));
    await waitFor(() =>
      expect(api.callsTo(`PATCH /api/orders/${ORDER_ID}/parcels/${PARCEL_ID}/status`)[0]?.body).toEqual({
        status: 'PACKED',
      }),
    );
    const parcel = await within(region('Parcels')).findByRole('group', { name: 'Parcel 1' });
    await waitFor(() => expect(parcel.textContent).toContain('PACKED'));
    expect(within(region('Status History')).getByText('Parcel 1: OPEN → PACKED')).toBeTruthy();
  });

  it("asks before cancelling, and shows the server's 409 message when the move is no longer legal", async () => {
    let reads = 0;
    const api = serveOrders(
      {},
      {
        [`GET /api/orders/${ORDER_ID}`]: () => {
          reads += 1;
          // Someone else fulfilled it meanwhile: the second read shows it.
          return ok(
            reads === 1
              ? orderDetailFixture()
              : orderDetailFixture({ status: 'FULFILLED', next_statuses: ['REFUNDED'] }),
          );
        },
        [`PATCH /api/orders/${ORDER_ID}/status`]: () =>
          fail(409, 'An order cannot move from FULFILLED to CANCELLED.'),
      },
    );
    await openOrder();
    await user.click(screen.getByRole('button', { name: 'Mark as CANCELLED: the order' }));
    const confirm = await screen.findByRole('dialog', { name: 'Mark as CANCELLED?' });
    await user.click(within(confirm).getByRole('button', { name: 'Mark as CANCELLED' }));
    const modal = await screen.findByRole('dialog', { name: 'Something went wrong!' });
    expect(within(modal).getByText('An order cannot move from FULFILLED to CANCELLED.')).toBeTruthy();
    expect(api.callsTo(`PATCH /api/orders/${ORDER_ID}/status`)[0]?.body).toEqual({ status: 'CANCELLED' });
    // The page reloads the order, so that it offers the moves that are legal now.
    await waitFor(() => expect(reads).toBe(2));
    await waitFor(() =>
      expect(buttonNames(screen.getByRole('group', { name: 'Move the order' }))).toEqual([
        'Mark as REFUNDED',
      ]),
    );
  });

  it('shows a guest without a profile link, and no moves for a final status', async () => {
    serveOrders(
      {},
      {
        [`GET /api/orders/${GUEST_ORDER_ID}`]: () =>
          ok(
            orderDetailFixture({
              ...GUEST_ORDER,
              status: 'CANCELLED',
              next_statuses: [],
              counted: false,
              parcels: [],
            }),
          ),
      },
    );
    await openOrder(GUEST_ORDER_ID);
    const customer = region('Customer');
    expect(within(customer).getByText('Guest User')).toBeTruthy();
    expect(within(customer).queryByRole('link')).toBeNull();
    expect(within(customer).getAllByText('-')).toHaveLength(2);
    expect(screen.getByText('This is a final status: the order no longer changes.')).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Move the order' })).toBeNull();
    expect(within(region('Items')).getByRole('group', { name: 'Totals' }).textContent).toContain(
      'TotalR 0.00',
    );
  });

  it('offers no moves to a user without the Orders edit flag', async () => {
    const view = { read: true, create: false, update: false, delete: false };
    serveOrders({ role: 'BRANCH_MANAGER', user_permissions: { ORDERS: view } });
    await openOrder();
    expect(screen.queryByRole('group', { name: 'Move the order' })).toBeNull();
    expect(buttonNames(within(region('Parcels')).getByRole('group', { name: 'Parcel 1' }))).toEqual([]);
  });
});

import { ORDER_STATUSES, STORAGE_KEYS } from '@laurel/contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ORDER_ID, orderListReply, orderRowFixture, serveOrders } from '@/features/orders/test-server';
import { renderApp } from '@/test/render-app';
import { fail } from '@/test/stub-api';

// Whole-app renders: the lazy console and page chunks take their time on a busy machine.
configure({ asyncUtilTimeout: 5000 });
const user = userEvent.setup({ delay: null });

const openOrders = async (path = '/console/orders') => {
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Orders' });
  return view;
};

const rowOf = async (code: string) =>
  (await screen.findByRole('link', { name: code })).closest('tr') as HTMLElement;
const headerOf = (title: string) =>
  [...document.querySelectorAll('th')].find((th) => th.textContent?.trim() === title) as HTMLElement;

describe('orders list', () => {
  it('shows the spec columns, totals in the client currency, a guest, and asks for order date newest first', async () => {
    const api = serveOrders();
    await openOrders();
    expect(document.title).toBe('Orders');
    const ann = await rowOf('WEB-1001');
    expect([...document.querySelectorAll('th')].map((th) => th.textContent?.trim())).toEqual([
      'Customer',
      'Code',
      'Order Date',
      'Total',
      'Branch Name',
      'Method',
      'ETA',
      'Status',
    ]);
    for (const text of [
      'Ann Smith',
      '2 Mar 2026',
      'R 140.50',
      'Sea Point',
      'Delivery',
      '3 Mar 2026',
      'ORDERED',
    ])
      expect(within(ann).getByText(text)).toBeTruthy();
    const guest = await rowOf('TILL-7');
    for (const text of ['Guest User', 'R 0.00', 'Collection', 'POS-ORDERED'])
      expect(within(guest).getByText(text)).toBeTruthy();
    expect(screen.getByText('2 orders')).toBeTruthy();
    const [list] = api.callsTo('GET /api/v2/order/list');
    expect(list?.url).toBe('/api/v2/order/list?page=1&size=15&sort_key=order_date&sort_direction=desc');
    expect(list?.headers.get('Authorization')).toBe('Bearer client-jwt');
  });

  it('sorts on the server by every column but Branch Name, and keeps the sort in the URL', async () => {
    const api = serveOrders();
    const { router } = await openOrders();
    await rowOf('WEB-1001');
    expect(headerOf('Order Date').getAttribute('aria-sort')).toBe('descending');
    expect(headerOf('Total').hasAttribute('aria-sort')).toBe(false);
    expect(within(headerOf('Total')).getByRole('button', { name: 'Total' })).toBeTruthy();
    expect(within(headerOf('Branch Name')).queryByRole('button')).toBeNull();
    await user.click(within(headerOf('Total')).getByText('Total'));
    await waitFor(() =>
      expect(api.callsTo('GET /api/v2/order/list').at(-1)?.url).toBe(
        '/api/v2/order/list?page=1&size=15&sort_key=total&sort_direction=desc',
      ),
    );
    expect(router.state.location.search).toBe('?sort=total&direction=desc');
    // A second click on the same column turns it round.
    await user.click(within(headerOf('Total')).getByText('Total'));
    await waitFor(() =>
      expect(api.callsTo('GET /api/v2/order/list').at(-1)?.url).toContain(
        'sort_key=total&sort_direction=asc',
      ),
    );
    const calls = api.callsTo('GET /api/v2/order/list').length;
    await user.click(within(headerOf('Branch Name')).getByText('Branch Name'));
    await user.click(within(headerOf('ETA')).getByText('ETA'));
    await waitFor(() =>
      expect(api.callsTo('GET /api/v2/order/list').at(-1)?.url).toContain(
        'sort_key=expected_fulfilment_date&sort_direction=',
      ),
    );
    expect(api.callsTo('GET /api/v2/order/list').length).toBe(calls + 1);
  });

  it('filters by the statuses found in the orders, ALL sending none, and returns to page 1', async () => {
    const api = serveOrders(
      {},
      {
        'GET /api/v2/order/list': () =>
          orderListReply([orderRowFixture()], 40, ['PROCESSING', 'FULFILLED', 'ORDERED']),
      },
    );
    await openOrders('/console/orders?page=2');
    await rowOf('WEB-1001');
    const status = screen.getByRole('combobox', { name: 'Status' });
    expect((status as HTMLInputElement).value).toBe('ALL');
    await user.click(status);
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    // ALL plus the statuses the server found in the orders (spec 1 §2.15), as the spec names them, in its order.
    expect(options).toEqual(['ALL', 'ORDERED', 'FULFILLED', 'PROCESSING']);
    expect(ORDER_STATUSES.indexOf('FULFILLED')).toBeLessThan(ORDER_STATUSES.indexOf('PROCESSING'));
    await user.click(screen.getByRole('option', { name: 'PROCESSING' }));
    await waitFor(() =>
      expect(api.callsTo('GET /api/v2/order/list').at(-1)?.url).toBe(
        '/api/v2/order/list?page=1&size=15&status=PROCESSING&sort_key=order_date&sort_direction=desc',
      ),
    );
  });

  it("says 'This table is empty.' when there are no orders", async () => {
    serveOrders({}, { 'GET /api/v2/order/list': () => orderListReply([]) });
    await openOrders();
    expect(await screen.findByText('This table is empty.')).toBeTruthy();
  });

  it('opens the order on row click and remembers it was viewed', async () => {
    serveOrders();
    const { router } = await openOrders();
    await user.click(within(await rowOf('WEB-1001')).getByText('Ann Smith'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/console/order/${ORDER_ID}`));
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.viewedOrderIds) ?? '[]')).toEqual([ORDER_ID]);
  });

  it("shows 'Something went wrong!' with the server's message when the list fails", async () => {
    serveOrders(
      {},
      { 'GET /api/v2/order/list': () => fail(403, 'You do not have permission to view orders.') },
    );
    await openOrders();
    const modal = await screen.findByRole('dialog', { name: 'Something went wrong!' });
    expect(within(modal).getByText('You do not have permission to view orders.')).toBeTruthy();
  });
});

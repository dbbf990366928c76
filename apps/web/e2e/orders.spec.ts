import { expect, test } from '@playwright/test';
import { CustomerProfilePage } from './pages/customer-profile-page';
import { CustomersBusiness } from './pages/customers-page';
import { closeMessageModal, expectMessageModal } from './pages/message-modal';
import { BasketsListPage, OrderChannel, OrderPage, OrdersListPage } from './pages/orders-pages';
import { tallSnapshot } from './pages/tall-snapshot';
import { snapshot } from './support/screens';

const unique = () =>
  `${Date.now().toString(36).toUpperCase()}${Math.random().toString(36).slice(2, 5).toUpperCase()}`;

test.describe('orders', () => {
  test('an order from the web shop: find it, open it, pack it, fulfil it, refuse a stale move, count it once', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const business = await CustomersBusiness.create(page, request);
    const customerId = await business.addCustomer(request, { name: 'Ayanda', surname: 'Dlamini' });
    const channel = await OrderChannel.connect(request, business.clientToken);

    // The web shop sends an order for Ayanda, and a till a walk-in sale.
    const code = `WEB-${unique()}`;
    const order = {
      order_id: code,
      customer: { _id: customerId },
      branch_id: business.branchId,
      method: 'DELIVERY' as const,
      payment_method: 'CARD' as const,
      payment_location: 'online' as const,
      items: [
        { sku: 'FLAT-WHITE', title: 'Flat white', quantity: 2, price: 42.25 },
        { sku: 'CROISSANT', title: 'Croissant', quantity: 1, price: 31 },
      ],
      delivery_fee: 25,
      total: 140.5,
      expected_fulfilment_date: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
    };
    const created = await channel.postOrder(order);
    expect(created.status, created.body.message).toBe(201);
    const orderId = created.body.content._id;
    // The same order again is answered, not recorded twice.
    const repeated = await channel.postOrder(order);
    expect(repeated.status, repeated.body.message).toBe(200);
    expect(repeated.body.content._id).toBe(orderId);
    const till = `TILL-${unique()}`;
    const walkIn = await channel.postOrder({
      order_id: till,
      guest: { name: 'Walk-in' },
      status: 'POS-ORDERED',
      method: 'COLLECTION',
      payment_method: 'CARD',
      payment_location: 'in_store',
      items: [{ sku: 'ESPRESSO', title: 'Espresso', quantity: 1, price: 28 }],
    });
    expect(walkIn.status, walkIn.body.message).toBe(201);

    // The Orders table: newest first, the client's currency, the branch, the method and the status.
    const orders = new OrdersListPage(page);
    await orders.goto();
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Orders' }),
    ).toBeVisible();
    const row = orders.row(code);
    await expect(row).toContainText('Ayanda Dlamini');
    await expect(row).toContainText('R 140.50');
    await expect(row).toContainText('Sea Point');
    await expect(row).toContainText('Delivery');
    await expect(row).toContainText('ORDERED');
    await expect(orders.row(till)).toContainText('R 28.00');
    await expect(orders.row(till)).toContainText('POS-ORDERED');
    await snapshot(page, 'orders-list');

    // Sorting by Total puts the larger order first; the status filter leaves the till sale alone.
    await orders.sortBy('Total');
    await expect(page).toHaveURL(/sort=total&direction=desc/);
    await expect(orders.table.getByRole('row').nth(1)).toContainText(code);
    await orders.sortBy('Total');
    await expect(page).toHaveURL(/sort=total&direction=asc/);
    await expect(orders.table.getByRole('row').nth(1)).toContainText(till);
    await orders.chooseStatus('ORDERED');
    await expect(orders.row(till)).toHaveCount(0);
    await expect(orders.row(code)).toBeVisible();
    await orders.chooseStatus('ALL');

    // A hidden column stays hidden after a reload.
    await orders.toggleColumn('ETA');
    await expect(orders.columnHeader('ETA')).toHaveCount(0);
    await page.reload();
    await orders.expectShown();
    await expect(orders.row(code)).toBeVisible();
    await expect(orders.columnHeader('ETA')).toHaveCount(0);
    await orders.toggleColumn('ETA');

    // The order page: items, totals with the VAT they contain, the customer, one open parcel.
    await orders.open(code);
    await expect(page).toHaveURL(new RegExp(`/console/order/${orderId}$`));
    const detail = new OrderPage(page);
    await detail.expectShown(code);
    await expect(detail.items).toContainText('Flat white');
    await expect(detail.totals).toContainText('SubtotalR 115.50');
    await expect(detail.totals).toContainText('Delivery feeR 25.00');
    await expect(detail.totals).toContainText('TotalR 140.50');
    await expect(detail.totals).toContainText('Includes VAT (15%)R 18.33');
    await expect(detail.customer.getByRole('link', { name: 'Ayanda Dlamini' })).toBeVisible();
    await expect(detail.parcel(1)).toContainText('OPEN');
    await expect(detail.orderMoves.getByRole('button')).toHaveText([
      'Mark as PROCESSING',
      'Mark as CANCELLED',
    ]);
    await tallSnapshot(page, 'order-ordered');

    // Work on it and pack it.
    await detail.moveOrder('PROCESSING');
    await expect(detail.orderMoves.getByRole('button')).toHaveText([
      'Mark as PARTIALLY-FULFILLED',
      'Mark as FULFILLED',
      'Mark as CANCELLED',
    ]);
    await detail.moveParcel(1, 'PACKED');
    await expect(detail.parcel(1)).toContainText('PACKED');
    await expect(detail.history).toContainText('Parcel 1: OPEN → PACKED');

    // A second tab still shows the order as it is now.
    // The session lives in the tab (no 'Remember me?'): the new tab is given it as the sign-in would.
    const otherTab = await page.context().newPage();
    await otherTab.addInitScript(
      (session) => window.sessionStorage.setItem('laurel.user', session),
      await page.evaluate(() => window.sessionStorage.getItem('laurel.user') ?? ''),
    );
    await otherTab.goto(`/console/order/${orderId}`);
    const stale = new OrderPage(otherTab);
    await stale.expectShown(code);
    await expect(stale.orderMoves.getByRole('button', { name: /Mark as CANCELLED/ })).toBeVisible();

    // Here: the courier takes it, it arrives, and the order is fulfilled, its final status.
    await detail.moveParcel(1, 'IN-TRANSIT');
    await detail.moveParcel(1, 'DELIVERED');
    await expect(detail.parcel(1)).toContainText('DELIVERED');
    await detail.moveOrder('FULFILLED');
    await expect(detail.orderMoves.getByRole('button')).toHaveText(['Mark as REFUNDED']);
    await expect(detail.history).toContainText('Order: PROCESSING → FULFILLED');
    await tallSnapshot(page, 'order-fulfilled');
    await page.setViewportSize({ width: 390, height: 844 });
    await tallSnapshot(page, 'order-fulfilled-phone');
    await page.setViewportSize({ width: 1280, height: 720 });

    // There: cancelling what was fulfilled meanwhile is refused with the server's message, and the tab catches up.
    await stale.moveOrder('CANCELLED');
    await expectMessageModal(
      otherTab,
      'Something went wrong!',
      'An order cannot move from FULFILLED to CANCELLED.',
    );
    await snapshot(otherTab, 'order-illegal-move');
    await closeMessageModal(otherTab, 'Something went wrong!');
    await expect(stale.orderMoves.getByRole('button')).toHaveText(['Mark as REFUNDED']);
    await otherTab.close();

    // The channel too is refused an illegal move, with a message naming both statuses.
    const illegal = await channel.updateOrder(orderId, { status: 'PROCESSING' });
    expect(illegal.status).toBe(409);
    expect(illegal.body.message).toBe('An order cannot move from FULFILLED to PROCESSING.');

    // The customer's profile: the order counted once in the analytics, listed in the orders table.
    await detail.customer.getByRole('link', { name: 'Ayanda Dlamini' }).click();
    const profile = new CustomerProfilePage(page);
    await expect(profile.heading('Ayanda Dlamini')).toBeVisible();
    await expect(profile.tile('Lifetime Spent')).toContainText('R 140.50');
    await expect(profile.tile('Average Basket Size')).toContainText('R 140.50');
    const profileOrders = page.getByRole('region', { name: 'Orders' });
    await expect(profileOrders.getByRole('row').filter({ hasText: code })).toContainText('FULFILLED');
    await tallSnapshot(page, 'customer-profile-orders');

    // The player API: totalOrderValue and orderVolume count the order exactly once.
    await expect
      .poll(async () => (await channel.player(customerId)).statistics.totalOrderValue, { timeout: 15_000 })
      .toBe(140.5);
    expect((await channel.player(customerId)).statistics.orderVolume).toBe(1);

    // From the profile's orders table back to the order.
    await profileOrders.getByRole('row').filter({ hasText: code }).getByRole('cell').first().click();
    await detail.expectShown(code);
  });

  test('baskets: a member and a guest, the filters, and a row that opens nothing', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const business = await CustomersBusiness.create(page, request);
    const customerId = await business.addCustomer(request, {
      name: 'Lerato',
      surname: 'Khumalo',
      email: `lerato-${unique().toLowerCase()}@example.co.za`,
    });
    const channel = await OrderChannel.connect(request, business.clientToken);
    await channel.postBasket({
      basket_id: `app-${unique()}`,
      customer: { _id: customerId },
      branch_id: business.branchId,
      type: 'COLLECTION',
      items: [{ sku: 'FLAT-WHITE', title: 'Flat white', quantity: 2, price: 42.25 }],
    });
    await channel.postBasket({
      basket_id: `web-${unique()}`,
      type: 'DELIVERY',
      status: 'ABANDONED',
      items: [{ sku: 'BEANS-1KG', title: 'House beans 1kg', quantity: 1, price: 250 }],
    });

    const baskets = new BasketsListPage(page);
    await baskets.goto();
    const member = baskets.row('Lerato Khumalo');
    await expect(member).toContainText('@example.co.za');
    await expect(member).toContainText('R 84.50');
    await expect(member).toContainText('Sea Point');
    const guest = baskets.row('Guest User');
    await expect(guest).toContainText('R 250.00');
    await expect(guest.getByRole('cell', { name: '-', exact: true })).toHaveCount(2);
    await snapshot(page, 'baskets-list');

    // Type Delivery leaves the collection basket out; a total from 100 leaves it out too.
    await page.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'Delivery', exact: true }).click();
    await expect(page).toHaveURL(/type=DELIVERY/);
    await expect(baskets.row('Lerato Khumalo')).toHaveCount(0);
    await expect(baskets.row('Guest User')).toBeVisible();
    await page.getByRole('button', { name: 'Reset filters' }).click();
    await expect(baskets.row('Lerato Khumalo')).toBeVisible();
    await page.getByRole('textbox', { name: 'Min total' }).fill('100');
    await expect(page).toHaveURL(/min_value=100/);
    await expect(baskets.row('Lerato Khumalo')).toHaveCount(0);
    await expect(baskets.row('Guest User')).toBeVisible();

    // A row opens nothing.
    await baskets.row('Guest User').getByRole('cell').first().click();
    await expect(page).toHaveURL(/\/console\/baskets/);

    // The customer's profile lists their basket.
    await new CustomerProfilePage(page).goto(customerId);
    await expect(page.getByRole('region', { name: 'Baskets' })).toContainText('R 84.50');
  });
});

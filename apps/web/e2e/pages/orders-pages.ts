import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';

type TOrderItem = { sku: string; title: string; quantity: number; price: number };

/** Till sales made in this run, so each gets its own order id. */
let tillSales = 0;

/** A channel of the business (its web shop, a till) sending orders with an API key, as integrators do. */
export class OrderChannel {
  private constructor(
    readonly request: APIRequestContext,
    readonly apiKey: string,
  ) {}

  /** Creates an API key through the API with the client token from the browser session. */
  static async connect(request: APIRequestContext, clientToken: string, name = 'Web shop') {
    const response = await request.post('/api/integrations/api-keys', {
      data: { name },
      headers: { Authorization: `Bearer ${clientToken}` },
    });
    expect(response.status(), await response.text()).toBe(200);
    const key = ((await response.json()) as { content: { key: string } }).content.key;
    return new OrderChannel(request, key);
  }

  private get auth() {
    return { Authorization: `Bearer ${this.apiKey}` };
  }

  /** `POST /api/v1/orders`; returns the status and the receipt. */
  async postOrder(order: {
    order_id: string;
    customer?: { _id: string };
    guest?: { name?: string };
    branch_id?: string;
    status?: 'ORDERED' | 'POS-ORDERED';
    method: 'DELIVERY' | 'COLLECTION';
    payment_method: 'CARD' | 'WALLET' | 'VOUCHER';
    payment_location?: 'in_store' | 'online';
    items: TOrderItem[];
    delivery_fee?: number;
    total?: number;
    expected_fulfilment_date?: string;
  }) {
    const response = await this.request.post('/api/v1/orders', { data: order, headers: this.auth });
    const body = (await response.json()) as { message: string; content: { _id: string; total: number } };
    return { status: response.status(), body };
  }

  /** A card sale at the till, collected in store (`POS-ORDERED`), under a new order id; expects it stored (201). */
  async tillSale(customerId: string, branchId: string, items: TOrderItem[]) {
    tillSales += 1;
    const order = await this.postOrder({
      order_id: `till-${Date.now()}-${tillSales}`,
      customer: { _id: customerId },
      branch_id: branchId,
      status: 'POS-ORDERED',
      method: 'COLLECTION',
      payment_method: 'CARD',
      payment_location: 'in_store',
      items,
    });
    expect(order.status, JSON.stringify(order.body)).toBe(201);
    return order.body.content;
  }

  /** `POST /api/v1/baskets`: creates or updates a basket by the channel's basket id. */
  async postBasket(basket: {
    basket_id: string;
    customer?: { _id: string };
    branch_id?: string;
    type: 'DELIVERY' | 'COLLECTION';
    status?: 'OPEN' | 'CHECKED-OUT' | 'ABANDONED';
    items: TOrderItem[];
  }) {
    const response = await this.request.post('/api/v1/baskets', { data: basket, headers: this.auth });
    expect([200, 201], await response.text()).toContain(response.status());
  }

  /** `PATCH /api/v1/orders/:id`: a status change from the channel (another till, the courier's app). */
  async updateOrder(id: string, body: { status?: string; parcels?: { number: number; status: string }[] }) {
    const response = await this.request.patch(`/api/v1/orders/${id}`, { data: body, headers: this.auth });
    return { status: response.status(), body: (await response.json()) as { message: string } };
  }

  /** `GET /api/v1/players/:customer_id`: what the client's app shows its customer. */
  async player(customerId: string) {
    const response = await this.request.get(`/api/v1/players/${customerId}`, { headers: this.auth });
    expect(response.status(), await response.text()).toBe(200);
    return ((await response.json()) as { content: { statistics: Record<string, number> } }).content;
  }
}

/** `/console/orders`: the Orders table with its status filter, sortable headers and column chooser. */
export class OrdersListPage {
  readonly heading: Locator;
  readonly table: Locator;
  readonly search: Locator;
  readonly status: Locator;
  readonly columns: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Orders' });
    this.table = page.getByRole('table');
    this.search = page.getByRole('textbox', { name: 'Search orders' });
    this.status = page.getByRole('combobox', { name: 'Status' });
    this.columns = page.getByRole('button', { name: 'Choose columns' });
  }

  async goto() {
    await this.page.goto('/console/orders');
    await this.expectShown();
  }

  async expectShown() {
    await expect(this.heading).toBeVisible();
    await expect(this.page).toHaveURL(/\/console\/orders(\?.*)?$/);
  }

  /** The row of an order, by its code. */
  row(code: string) {
    return this.table
      .getByRole('row')
      .filter({ has: this.page.getByRole('link', { name: code, exact: true }) });
  }

  /** A header cell by its title (a sortable one is a button in the accessibility tree). */
  columnHeader(title: string) {
    return this.table.locator('thead th').filter({ hasText: new RegExp(`^${title}`) });
  }

  async sortBy(title: string) {
    await this.columnHeader(title).getByText(title, { exact: true }).click();
  }

  async chooseStatus(label: string) {
    await this.status.click();
    await this.page.getByRole('option', { name: label, exact: true }).click();
    await expect(this.status).toHaveValue(label);
  }

  async toggleColumn(title: string) {
    await this.columns.click();
    await this.page.getByRole('checkbox', { name: title }).click();
    await this.page.keyboard.press('Escape');
  }

  /** Opens an order by clicking its row (not the code link), as the spec's row click does. */
  async open(code: string) {
    await this.row(code).getByRole('cell').first().click();
  }
}

/** `/console/order/{id}`: items and totals, customer, parcels with their moves, the order's moves and history. */
export class OrderPage {
  readonly back: Locator;
  readonly items: Locator;
  readonly totals: Locator;
  readonly customer: Locator;
  readonly parcels: Locator;
  readonly history: Locator;
  readonly orderMoves: Locator;

  constructor(readonly page: Page) {
    this.back = page.getByRole('link', { name: 'Back to Orders' });
    this.items = page.getByRole('region', { name: 'Items' });
    this.totals = this.items.getByRole('group', { name: 'Totals' });
    this.customer = page.getByRole('region', { name: 'Customer' });
    this.parcels = page.getByRole('region', { name: 'Parcels' });
    this.history = page.getByRole('region', { name: 'Status History' });
    this.orderMoves = page.getByRole('group', { name: 'Move the order' });
  }

  heading(code: string) {
    return this.page.getByRole('heading', { level: 1, name: `Order ${code}` });
  }

  async expectShown(code: string) {
    await expect(this.heading(code)).toBeVisible();
  }

  parcel(number: number) {
    return this.parcels.getByRole('group', { name: `Parcel ${number}` });
  }

  /** Moves the order to a status ('Processing'), confirming when the move gives something up. */
  async moveOrder(label: string) {
    await this.page.getByRole('button', { name: `Mark as ${label}: the order` }).click();
    await this.confirmIfAsked(label);
  }

  async moveParcel(number: number, label: string) {
    await this.page.getByRole('button', { name: `Mark as ${label}: parcel ${number}` }).click();
    await this.confirmIfAsked(label);
  }

  /** Cancelling, refunding and giving a parcel up ask first. */
  private async confirmIfAsked(label: string) {
    if (!['CANCELLED', 'REFUNDED', 'ABANDONED'].includes(label)) return;
    const confirm = this.page.getByRole('dialog', { name: `Mark as ${label}?` });
    await confirm.getByRole('button', { name: `Mark as ${label}` }).click();
    await expect(confirm).toBeHidden();
  }
}

/** `/console/baskets`: the Baskets table with its filters. */
export class BasketsListPage {
  readonly heading: Locator;
  readonly table: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Baskets' });
    this.table = page.getByRole('table');
  }

  async goto() {
    await this.page.goto('/console/baskets');
    await expect(this.heading).toBeVisible();
  }

  row(text: string) {
    return this.table.getByRole('row').filter({ hasText: text });
  }
}

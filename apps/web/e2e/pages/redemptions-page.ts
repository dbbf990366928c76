import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { CustomersBusiness } from './customers-page';

type TPlan = NonNullable<NonNullable<Parameters<typeof CustomersBusiness.create>[2]>['plan']>;

/**
 * A business with a currency, a customer funded through the manual wallet adjustment, and a reward created through
 * the API: everything a redemption needs, so the journey starts at the customer's profile.
 */
export class RedemptionsBusiness {
  private constructor(
    readonly business: CustomersBusiness,
    readonly currencyId: string,
  ) {}

  static async create(
    page: Page,
    request: APIRequestContext,
    { plan = 'BUSINESS', currency }: { plan?: TPlan; currency: { name: string; code: string } },
  ) {
    const business = await CustomersBusiness.create(page, request, { plan });
    const response = await request.post('/api/economy/currencies', {
      data: { type: 'custom', name: currency.name, code: currency.code, conversion_rate: 0.1 },
      headers: { Authorization: `Bearer ${business.clientToken}` },
    });
    expect(response.status(), await response.text()).toBe(200);
    const { content } = (await response.json()) as { content: { _id: string } };
    return new RedemptionsBusiness(business, content._id);
  }

  private async post(request: APIRequestContext, url: string, data: object) {
    const response = await request.post(url, {
      data,
      headers: { Authorization: `Bearer ${this.business.clientToken}` },
    });
    expect(response.status(), await response.text()).toBe(200);
    return ((await response.json()) as { content: Record<string, unknown> }).content;
  }

  /** A customer of the business's branch, credited `balance` by hand; returns their id. */
  async fundedCustomer(request: APIRequestContext, name: string, surname: string, balance: number) {
    const id = await this.business.addCustomer(request, { name, surname });
    await this.post(request, `/api/economy/customers/${id}/adjustments`, {
      currency: this.currencyId,
      direction: 'credit',
      amount: balance,
      reason: 'Welcome bonus',
    });
    return id;
  }

  /** A coupon reward with generated codes: `value` off, valid for `validDays`; returns its id. */
  async couponReward(request: APIRequestContext, name: string, cost: number, stock: number | null = null) {
    const content = await this.post(request, '/api/rewards', {
      name,
      description: `${name}, at any branch.`,
      type: 'coupon',
      cost: { currency: this.currencyId, amount: cost },
      stock,
      coupon: { source: 'generated', value_type: 'amount', value: 35, valid_days: 30 },
    });
    return content._id as string;
  }

  /** Redeems a reward for the customer as the console does (no dialog); returns the coupon code issued. */
  async redeem(request: APIRequestContext, customerId: string, rewardId: string) {
    const response = await request.post(`/api/customers/${customerId}/redemptions`, {
      data: { id: `e2e-${Date.now()}-${Math.random()}`, reward_id: rewardId },
      headers: { Authorization: `Bearer ${this.business.clientToken}` },
    });
    expect(response.status(), await response.text()).toBe(201);
    return ((await response.json()) as { content: { coupon_code: string } }).content.coupon_code;
  }
}

/** The Redemptions report's Accept Coupon dialog, as a till worker uses it. */
export class AcceptCouponDialog {
  readonly open: Locator;
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.open = page.getByRole('button', { name: 'Accept Coupon' });
    this.dialog = page.getByRole('dialog', { name: 'Accept a coupon' });
  }

  /** Opens the dialog and finds the code as typed. */
  async find(code: string) {
    if (!(await this.dialog.isVisible())) await this.open.click();
    await expect(this.dialog).toBeVisible();
    const field = this.dialog.getByRole('textbox', { name: 'Coupon code' });
    await field.fill(code);
    await this.dialog.getByRole('button', { name: 'Find' }).click();
  }
}

/** The customer profile's Rewards box and its Redeem reward dialog. */
export class ProfileRewards {
  readonly box: Locator;
  readonly redeem: Locator;
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.box = page.getByRole('region', { name: 'Rewards' });
    this.redeem = this.box.getByRole('button', { name: 'Redeem reward' });
    this.dialog = page.getByRole('dialog', { name: 'Redeem reward' });
  }

  /** Redeems the reward of that name in the dialog; answers the coupon code it shows. */
  async redeemReward(name: string) {
    await this.redeem.click();
    await expect(this.dialog).toBeVisible();
    await this.dialog.getByRole('radio', { name: new RegExp(`^${name}`) }).check();
    await this.dialog.getByRole('button', { name: 'Redeem', exact: true }).click();
    await expect(this.dialog.getByText('Reward redeemed')).toBeVisible();
    return ((await this.dialog.getByLabel('Coupon code').textContent()) ?? '').trim();
  }

  async done() {
    await this.dialog.getByRole('button', { name: 'Done' }).click();
    await expect(this.dialog).toBeHidden();
  }

  /** The row holding this coupon code. */
  row(code: string) {
    return this.box.getByRole('row').filter({ hasText: code });
  }
}

/** `/console/rewards/redemptions`: the Redemptions report. */
export class RedemptionsReportPage {
  readonly heading: Locator;
  readonly table: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Redemptions' });
    this.table = page.getByRole('table');
  }

  async goto(query = '') {
    await this.page.goto(`/console/rewards/redemptions${query}`);
    await expect(this.heading).toBeVisible();
    await expect(this.page).toHaveTitle('Redemptions');
  }

  /** A snapshot card's text after its title, once the server answered ('250(BC)'). */
  async card(label: string) {
    const card = this.page.getByRole('group', { name: label });
    await expect(card.locator('.mantine-Skeleton-root')).toHaveCount(0);
    return ((await card.textContent()) ?? '').replace(label, '').replace(/\s+/g, '');
  }

  row(code: string) {
    return this.table.getByRole('row').filter({ hasText: code });
  }

  async cells(code: string) {
    // Read once the row is there: the list loads after its heading shows, and allInnerTexts does not wait.
    await expect(this.row(code)).toBeVisible();
    return (await this.row(code).getByRole('cell').allInnerTexts()).map((text) => text.trim());
  }
}

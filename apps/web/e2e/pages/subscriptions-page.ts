import { expect, type Locator, type Page } from '@playwright/test';

/** `/console/subscriptions`. */
export class SubscriptionsListPage {
  readonly create: Locator;
  readonly table: Locator;

  constructor(readonly page: Page) {
    this.create = page.getByRole('link', { name: 'Create Subscription' });
    this.table = page.getByRole('table');
  }

  async openFromSidebar() {
    await this.page.getByRole('navigation').getByRole('link', { name: 'Subscriptions', exact: true }).click();
    await expect(this.page.getByRole('heading', { level: 1, name: 'Subscriptions' })).toBeVisible();
  }

  row(text: string) {
    return this.table.getByRole('row').filter({ hasText: text });
  }
}

/** `/console/create-subscription` and `/console/subscription-details/{id}`. */
export class SubscriptionEditorPage {
  readonly form: Locator;
  readonly save: Locator;

  constructor(readonly page: Page) {
    this.form = page.getByRole('form');
    this.save = this.form.getByRole('button', { name: 'Save' });
  }

  field(label: string) {
    return this.form.getByRole('textbox', { name: new RegExp(`^${label}`) });
  }

  async choose(label: string, option: string) {
    const picker = this.form.getByRole('combobox', { name: new RegExp(`^${label}`) });
    await picker.click();
    await this.page.getByRole('option', { name: option, exact: true }).click();
    await expect(picker).toHaveValue(option);
  }

  /** A product or category picker: search, choose, close. */
  async pick(label: string, search: string, option: string) {
    const input = this.form.getByRole('textbox', { name: label, exact: true });
    await input.click();
    await input.fill(search);
    await this.page.getByRole('option', { name: new RegExp(option) }).click();
    await this.page.keyboard.press('Escape');
  }

  message(text: string) {
    return this.form.getByText(text, { exact: true });
  }

  tile(label: string) {
    return this.page.getByRole('group', { name: label });
  }
}

/** The customer profile's Subscriptions box and its Issue Subscription dialog. */
export class CustomerSubscriptionsBox {
  readonly box: Locator;
  readonly issue: Locator;
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.box = page.getByRole('region', { name: 'Subscriptions' });
    this.issue = this.box.getByRole('button', { name: 'Issue Subscription' });
    this.dialog = page.getByRole('dialog', { name: 'Issue Subscription' });
  }

  async issueSubscription(name: string) {
    await this.issue.click();
    await expect(this.dialog).toBeVisible();
    const input = this.dialog.getByPlaceholder('Select a subscription...');
    await input.click();
    await input.fill(name);
    await this.page.getByRole('option', { name: new RegExp(name) }).click();
    await this.dialog.getByRole('button', { name: 'Issue', exact: true }).click();
  }

  row(text: string) {
    return this.box.getByRole('row').filter({ hasText: text });
  }
}

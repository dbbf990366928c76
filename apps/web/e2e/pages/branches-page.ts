import { expect, type Locator, type Page } from '@playwright/test';

/** `/console/settings/branches`: the branch table, its search and 'Add Branch'. */
export class BranchesPage {
  readonly page: Page;
  readonly tab: Locator;
  readonly search: Locator;
  readonly addBranch: Locator;
  readonly table: Locator;

  constructor(page: Page) {
    this.page = page;
    this.tab = page.getByRole('tab', { name: 'Branches' });
    this.search = page.getByRole('textbox', { name: 'Search branches' });
    this.addBranch = page.getByRole('link', { name: 'Add Branch' });
    this.table = page.getByRole('table');
  }

  async goto() {
    await this.page.goto('/console/settings/branches');
    await this.expectShown();
  }

  async expectShown() {
    await expect(this.page).toHaveURL(/\/console\/settings\/branches(\?.*)?$/);
    await expect(this.tab).toHaveAttribute('aria-selected', 'true');
    await expect(this.addBranch).toBeVisible();
  }

  row(name: string) {
    return this.table.getByRole('row').filter({ has: this.page.getByRole('link', { name, exact: true }) });
  }

  async open(name: string) {
    await this.table.getByRole('link', { name, exact: true }).click();
  }
}

/** The branch form of `/console/settings/branches/new` and `/console/settings/branches/{id}`. */
export class BranchFormPage {
  readonly page: Page;
  readonly form: Locator;
  readonly save: Locator;
  readonly cancel: Locator;
  readonly displayName: Locator;
  readonly branchNumber: Locator;
  readonly email: Locator;
  readonly contactNumber: Locator;
  readonly address: Locator;
  readonly vatNumber: Locator;
  readonly franchise: Locator;
  readonly accountNumber: Locator;
  readonly accountType: Locator;
  readonly branchCode: Locator;
  readonly bankName: Locator;
  readonly delivery: Locator;
  readonly feeType: Locator;
  readonly maxDeliveryRadius: Locator;
  readonly baseDeliveryRadius: Locator;
  readonly feePerKm: Locator;
  readonly deliveryFee: Locator;
  readonly radii: Locator;
  readonly addRadius: Locator;

  constructor(page: Page, name: 'Add Branch' | 'Edit Branch') {
    this.page = page;
    this.form = page.getByRole('form', { name });
    const form = this.form;
    this.save = form.getByRole('button', { name: 'Save' });
    this.cancel = form.getByRole('button', { name: 'Cancel' });
    this.displayName = form.getByRole('textbox', { name: 'Display Name' });
    this.branchNumber = form.getByRole('textbox', { name: 'Branch Number' });
    this.email = form.getByRole('textbox', { name: 'Email' });
    this.contactNumber = form.getByRole('textbox', { name: 'Contact Number' });
    this.address = form.getByRole('textbox', { name: 'Address' });
    this.vatNumber = form.getByRole('textbox', { name: 'VAT Number' });
    this.franchise = form.getByRole('switch', { name: /^Franchise/ });
    this.accountNumber = form.getByRole('textbox', { name: 'Account Number' });
    this.accountType = form.getByRole('combobox', { name: 'Account Type' });
    this.branchCode = form.getByRole('textbox', { name: 'Branch Code' });
    this.bankName = form.getByRole('textbox', { name: 'Bank Name' });
    this.delivery = form.getByRole('switch', { name: /^Delivery/ });
    this.feeType = form.getByRole('combobox', { name: 'Delivery Fee Type' });
    this.maxDeliveryRadius = form.getByRole('textbox', { name: 'Max Delivery Radius' });
    this.baseDeliveryRadius = form.getByRole('textbox', { name: 'Base Delivery Radius' });
    this.feePerKm = form.getByRole('textbox', { name: 'Fee per km' });
    this.deliveryFee = form.getByRole('textbox', { name: 'Delivery Fee' });
    this.radii = form.getByRole('group', { name: 'Delivery radii' });
    this.addRadius = this.radii.getByRole('button', { name: 'Add radius' });
  }

  async expectShown() {
    await expect(this.form).toBeVisible();
  }

  errorFor(message: string) {
    return this.form.getByText(message, { exact: true });
  }

  async choose(select: Locator, option: string) {
    await select.click();
    await this.page.getByRole('option', { name: option, exact: true }).click();
    await expect(select).toHaveValue(option);
  }

  radius(index: number) {
    return this.radii.getByRole('textbox', { name: `Radius ${index}`, exact: true });
  }

  fee(index: number) {
    return this.radii.getByRole('textbox', { name: `Fee ${index}`, exact: true });
  }

  removeRadius(index: number) {
    return this.radii.getByRole('button', { name: `Remove radius ${index}` });
  }
}

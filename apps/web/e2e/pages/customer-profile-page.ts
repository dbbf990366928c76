import { expect, type Locator, type Page } from '@playwright/test';

/** `/console/customers/customer-profile/{id}`. */
export class CustomerProfilePage {
  readonly back: Locator;
  readonly setUpLoyalty: Locator;
  readonly personalInformation: Locator;
  readonly loyaltyDetails: Locator;
  readonly addresses: Locator;
  readonly paymentMethods: Locator;
  readonly loyaltyDialog: Locator;
  readonly addressDialog: Locator;
  readonly walletHistory: Locator;

  constructor(readonly page: Page) {
    this.back = page.getByRole('button', { name: 'Back to Customers' });
    this.setUpLoyalty = page.getByRole('button', { name: 'set up loyalty' });
    this.personalInformation = page.getByRole('region', { name: 'Personal Information' });
    this.loyaltyDetails = page.getByRole('region', { name: 'Loyalty Details' });
    this.addresses = page.getByRole('region', { name: 'Addresses' });
    this.paymentMethods = page.getByRole('region', { name: 'Payment Methods' });
    this.loyaltyDialog = page.getByRole('dialog', { name: 'Loyalty Sign-up' });
    this.addressDialog = page.getByRole('dialog', { name: 'New Address' });
    this.walletHistory = page.getByRole('region', { name: 'Wallet History' });
  }

  /** The wallet history's rows (newest first), each as its cells' texts. */
  async walletHistoryRows() {
    const rows = this.walletHistory.getByRole('table').locator('tbody tr');
    return Promise.all((await rows.all()).map((row) => row.getByRole('cell').allTextContents()));
  }

  async goto(id: string) {
    await this.page.goto(`/console/customers/customer-profile/${id}`);
  }

  heading(fullName: string) {
    return this.page.getByRole('heading', { level: 1, name: fullName });
  }

  tile(label: string) {
    return this.page.getByRole('group', { name: label });
  }

  personalField(label: string) {
    return this.personalInformation.getByRole('textbox', { name: new RegExp(`^${label}`) });
  }

  async editPersonalInformation() {
    await this.personalInformation.getByRole('button', { name: 'Edit personal information' }).click();
  }

  async savePersonalInformation() {
    await this.personalInformation.getByRole('button', { name: 'Save personal information' }).click();
  }

  /** Fills the loyalty sign-up and saves it. */
  async signUpForLoyalty(loyaltyNumber: string, cardNumber: string) {
    await this.setUpLoyalty.click();
    await expect(this.loyaltyDialog).toBeVisible();
    const save = this.loyaltyDialog.getByRole('button', { name: 'Save' });
    await this.loyaltyDialog.getByRole('textbox', { name: /^Loyalty Number/ }).fill(loyaltyNumber);
    await this.loyaltyDialog.getByRole('textbox', { name: /^Card Number/ }).fill(cardNumber);
    await expect(save).toBeDisabled();
    await this.loyaltyDialog.getByRole('checkbox', { name: /Link to Physical Card/ }).check();
    await expect(save).toBeEnabled();
    await save.click();
  }

  /** Searches for an address, clicks the prediction and saves it with the label. */
  async addAddress(search: string, prediction: RegExp, label: string) {
    await this.addresses.getByRole('button', { name: 'Add Address' }).click();
    await expect(this.addressDialog).toBeVisible();
    await this.addressDialog
      .getByRole('textbox', { name: /^Address/ })
      .pressSequentially(search, { delay: 20 });
    await this.page.getByRole('option', { name: prediction }).first().click();
    await expect(this.addressDialog.getByLabel('Chosen address')).toBeVisible();
    await this.addressDialog.getByRole('textbox', { name: /^Label/ }).fill(label);
    await this.addressDialog.getByRole('button', { name: 'Save' }).click();
    await expect(this.addressDialog).toBeHidden();
  }
}

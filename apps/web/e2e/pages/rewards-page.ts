import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { SignedUpClient } from './signed-up-client';

/** A business on the GROWTH plan (the first with rewards) with one custom currency, whose admin is signed in. */
export const rewardsBusiness = async (
  page: Page,
  request: APIRequestContext,
  currency: { name: string; code: string },
) => {
  const client = await SignedUpClient.register(page, request);
  await client.signIn();
  await client.choosePlan(request, 'GROWTH');
  const { client_token } = await client.session();
  const response = await request.post('/api/economy/currencies', {
    data: { type: 'custom', name: currency.name, code: currency.code, conversion_rate: 0.1 },
    headers: { Authorization: `Bearer ${client_token}` },
  });
  expect(response.status(), await response.text()).toBe(200);
  return client;
};

/** `/console/rewards`: the catalogue. */
export class RewardsListPage {
  readonly heading: Locator;
  readonly addReward: Locator;
  readonly table: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Rewards' });
    this.addReward = page.getByRole('link', { name: 'Add Reward' });
    this.table = page.getByRole('table');
  }

  async goto() {
    await this.page.goto('/console/rewards');
    await this.expectShown();
  }

  async expectShown() {
    await expect(this.page).toHaveURL(/\/console\/rewards(\?.*)?$/);
    await expect(this.heading).toBeVisible();
    await expect(this.page).toHaveTitle('Rewards');
  }

  /** The row of the reward with exactly this name. */
  row(name: string) {
    return this.table.getByRole('row').filter({ has: this.page.getByRole('link', { name, exact: true }) });
  }

  /** The texts of a reward's cells, its image's cell first. */
  async cells(name: string) {
    // Read once the row is there: the list loads after its heading shows, and allInnerTexts does not wait.
    await expect(this.row(name)).toBeVisible();
    return (await this.row(name).getByRole('cell').allInnerTexts()).map((text) => text.trim());
  }
}

/** `/console/reward/{reward_id?}`: 'Create a reward' or 'Reward - {name}', with its live preview. */
export class RewardEditorPage {
  readonly form: Locator;
  readonly save: Locator;
  readonly backToRewards: Locator;
  readonly preview: Locator;
  readonly name: Locator;
  readonly description: Locator;
  readonly type: Locator;
  readonly currency: Locator;
  readonly cost: Locator;
  readonly codes: Locator;
  readonly valueType: Locator;
  readonly couponValue: Locator;
  readonly validFor: Locator;
  readonly stock: Locator;
  readonly unlimited: Locator;
  readonly uploadCodes: Locator;
  readonly codesLeft: Locator;

  constructor(readonly page: Page) {
    this.form = page.getByRole('form', { name: 'Reward Details' });
    this.save = this.form.getByRole('button', { name: 'Save', exact: true });
    this.backToRewards = page.getByRole('link', { name: 'Back to Rewards' });
    this.preview = page.getByRole('region', { name: 'Preview' });
    this.name = this.form.getByRole('textbox', { name: 'Name', exact: true });
    this.description = this.form.getByRole('textbox', { name: 'Description' });
    this.type = this.form.getByRole('combobox', { name: 'Type', exact: true });
    this.currency = this.form.getByRole('combobox', { name: 'Currency' });
    this.cost = this.form.getByRole('textbox', { name: 'Cost', exact: true });
    this.codes = this.form.getByRole('combobox', { name: 'Codes' });
    this.valueType = this.form.getByRole('combobox', { name: 'Value type' });
    this.couponValue = this.form.getByRole('textbox', { name: 'Coupon value' });
    this.validFor = this.form.getByRole('textbox', { name: 'Valid for' });
    this.stock = this.form.getByRole('textbox', { name: 'Stock', exact: true });
    this.unlimited = this.form.getByRole('switch', { name: 'Unlimited' });
    this.uploadCodes = this.form.getByLabel('Upload codes');
    this.codesLeft = this.form.getByTestId('reward-codes-left');
  }

  /** The page's heading and the browser tab both carry the title. */
  async expectTitle(title: string) {
    await expect(this.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(this.page).toHaveTitle(title);
  }

  async choose(picker: Locator, option: string) {
    await picker.click();
    await this.page.getByRole('option', { name: option, exact: true }).click();
    await expect(picker).toHaveValue(option);
  }

  /** A CSV of codes dropped into 'Upload codes' as a file chosen with the dialog. */
  async uploadCodesFile(fileName: string, csv: string) {
    await this.uploadCodes.setInputFiles({ name: fileName, mimeType: 'text/csv', buffer: Buffer.from(csv) });
  }
}

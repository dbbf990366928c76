import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { SignedUpClient } from './signed-up-client';

/** A business on the STARTER plan (the first with statistics), whose admin is signed in. */
export const statisticsBusiness = async (page: Page, request: APIRequestContext) => {
  const client = await SignedUpClient.register(page, request);
  await client.signIn();
  await client.choosePlan(request, 'STARTER');
  return client;
};

/** `/console/statistics`: the client's statistics, system ones included. */
export class StatisticsListPage {
  readonly heading: Locator;
  readonly search: Locator;
  readonly addStatistic: Locator;
  readonly columns: Locator;
  readonly table: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Statistics' });
    this.search = page.getByRole('textbox', { name: 'Search statistics' });
    this.addStatistic = page.getByRole('button', { name: 'Add Statistic' });
    this.columns = page.getByRole('button', { name: 'Choose columns' });
    this.table = page.getByRole('table');
  }

  async goto() {
    await this.page.goto('/console/statistics');
    await this.expectShown();
  }

  async expectShown() {
    await expect(this.page).toHaveURL(/\/console\/statistics(\?.*)?$/);
    await expect(this.heading).toBeVisible();
    await expect(this.page).toHaveTitle('Statistics');
  }

  /** The row of the statistic with exactly this name. */
  row(name: string) {
    return this.table.getByRole('row').filter({ has: this.page.getByRole('link', { name, exact: true }) });
  }

  deleteButton(name: string) {
    return this.row(name).getByRole('button', { name: `Delete ${name}` });
  }

  resetButton(name: string) {
    return this.row(name).getByRole('button', { name: `Reset ${name}` });
  }

  /** Opens a statistic by clicking its row (not the name link), as the spec's row click does. */
  async open(name: string) {
    await this.row(name).getByRole('cell').nth(2).click();
  }

  /** Confirms the delete dialog; returns the dialog that follows (success or failure). */
  async delete(name: string) {
    await this.deleteButton(name).click();
    const confirm = this.page.getByRole('dialog', { name: `Confirm deletion of '${name}' statistic` });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(confirm).toBeHidden();
  }
}

/** `/console/statistic/{statistic_id?}`: 'Create Statistic' or 'Statistic - {name}'. */
export class StatisticEditorPage {
  readonly form: Locator;
  readonly name: Locator;
  readonly aggregationMethod: Locator;
  readonly resetInterval: Locator;
  readonly create: Locator;
  readonly update: Locator;
  readonly backToStatistics: Locator;
  readonly systemNote: Locator;

  constructor(readonly page: Page) {
    this.form = page.getByRole('form');
    this.name = this.form.getByRole('textbox', { name: 'Name', exact: true });
    this.aggregationMethod = this.form.getByRole('combobox', { name: 'Aggregation Method' });
    this.resetInterval = this.form.getByRole('combobox', { name: 'Reset Interval' });
    this.create = this.form.getByRole('button', { name: 'Create', exact: true });
    this.update = this.form.getByRole('button', { name: 'Update', exact: true });
    this.backToStatistics = page.getByRole('button', { name: 'Back to Statistics' });
    this.systemNote = page.getByText(/This is a system statistic/);
  }

  async gotoCreate() {
    await this.page.goto('/console/statistic');
    await this.expectTitle('Create Statistic');
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
}

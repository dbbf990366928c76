import { expect, type Locator, type Page } from '@playwright/test';

/** `/console/settings/audit-log`: the audit table, its filters and the entry dialog. */
export class AuditLogPage {
  readonly page: Page;
  readonly tab: Locator;
  readonly table: Locator;
  readonly search: Locator;
  readonly action: Locator;
  readonly user: Locator;
  readonly dates: Locator;
  readonly reset: Locator;

  constructor(page: Page) {
    this.page = page;
    this.tab = page.getByRole('tab', { name: 'Audit Log' });
    this.table = page.getByRole('table').first();
    this.search = page.getByRole('textbox', { name: 'Search the audit log' });
    this.action = page.getByRole('combobox', { name: 'Action' });
    this.user = page.getByRole('combobox', { name: 'User' });
    this.dates = page.getByRole('button', { name: 'Dates' });
    this.reset = page.getByRole('button', { name: 'Reset' });
  }

  async goto() {
    await this.page.goto('/console/settings/audit-log');
    await this.expectShown();
  }

  async expectShown() {
    await expect(this.page).toHaveURL(/\/console\/settings\/audit-log(\?.*)?$/);
    await expect(this.tab).toHaveAttribute('aria-selected', 'true');
  }

  /** An entry's summary button; a string matches the whole summary. */
  entry(summary: string | RegExp) {
    return this.table.getByRole('button', { name: summary, exact: true });
  }

  async chooseAction(label: string) {
    await this.action.click();
    await this.page.getByRole('option', { name: label, exact: true }).click();
    await expect(this.action).toHaveValue(label);
  }

  /** A preset of the date-range picker: 'Today', 'Last 7 days'… */
  async chooseDates(preset: string) {
    const option = this.page.getByRole('button', { name: preset, exact: true });
    // The picker's code loads on first use: a click while the page re-renders (after Reset) may not open it.
    await expect(async () => {
      if (!(await option.isVisible())) await this.dates.click();
      await expect(option).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
    await option.click();
  }

  dialog(summary: string) {
    return this.page.getByRole('dialog', { name: summary });
  }

  /** The changes table's rows as [field, from, to]. */
  async changes(summary: string) {
    const rows = this.dialog(summary).getByRole('table', { name: 'Changes' }).getByRole('row');
    const all = await rows.all();
    const cells = await Promise.all(all.slice(1).map((row) => row.getByRole('cell').allInnerTexts()));
    return cells.map(([field, from, , to]) => [field, from, to]);
  }
}

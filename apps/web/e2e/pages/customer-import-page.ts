import { expect, type Locator, type Page } from '@playwright/test';

/** `/console/customers/import`: the file box, Check file / Import, the chosen import's report and the history. */
export class CustomerImportPage {
  readonly heading: Locator;
  readonly file: Locator;
  readonly check: Locator;
  readonly run: Locator;
  readonly sample: Locator;
  readonly errors: Locator;
  readonly downloadErrors: Locator;
  readonly history: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Import customers' });
    this.file = page.getByLabel('CSV file');
    this.check = page.getByRole('button', { name: 'Check file' });
    this.run = page.getByRole('button', { name: 'Import', exact: true });
    this.sample = page.getByRole('button', { name: 'Download a sample file' });
    this.errors = page.getByRole('table', { name: 'Rows with errors' });
    this.downloadErrors = page.getByRole('button', { name: 'Download errors (CSV)' });
    this.history = page
      .getByRole('table')
      .filter({ has: page.getByRole('columnheader', { name: 'Started by' }) });
  }

  async goto() {
    await this.page.goto('/console/customers/import');
    await this.expectShown();
  }

  async expectShown() {
    await expect(this.heading).toBeVisible();
    await expect(this.page).toHaveTitle('Import customers');
  }

  async choose(name: string, csv: string) {
    await this.file.setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await expect(this.page.getByText(new RegExp(`^${name.replace('.', '\\.')} \\(`))).toBeVisible();
  }

  /** The report of the import shown (`?import=<id>`), titled 'Check: <file>' or 'Import: <file>'. */
  report(kind: 'Check' | 'Import', fileName: string) {
    return this.page.getByRole('region', { name: `${kind}: ${fileName}` });
  }

  /** Waits for the shown import to finish: its chip reads Completed and the bar is full. */
  async expectFinished(kind: 'Check' | 'Import', fileName: string, rows: number) {
    const report = this.report(kind, fileName);
    await expect(report.getByText('Completed', { exact: true })).toBeVisible({ timeout: 60_000 });
    await expect(report.getByText(`${rows} / ${rows} rows`)).toBeVisible();
    return report;
  }

  /** The inline errors as [row, field, message]. */
  async errorRows() {
    const rows = await this.errors.locator('tbody tr').all();
    return Promise.all(
      rows.map(async (row) => (await row.getByRole('cell').allInnerTexts()).map((text) => text.trim())),
    );
  }
}

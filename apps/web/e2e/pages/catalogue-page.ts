import { expect, type Locator, type Page } from '@playwright/test';

/** `/console/products` and `/console/product-categories`: the catalogue lists. */
export class CatalogueListPage {
  readonly table: Locator;
  readonly addProduct: Locator;
  readonly addCategory: Locator;
  readonly importCsv: Locator;
  readonly productsTab: Locator;
  readonly categoriesTab: Locator;

  constructor(readonly page: Page) {
    this.table = page.getByRole('table');
    this.addProduct = page.getByRole('link', { name: 'Add Product' });
    this.addCategory = page.getByRole('link', { name: 'Add Category' });
    this.importCsv = page.getByRole('link', { name: 'Import CSV' });
    this.productsTab = page.getByRole('tab', { name: 'Products' });
    this.categoriesTab = page.getByRole('tab', { name: 'Categories' });
  }

  async openFromSidebar() {
    await this.page.getByRole('navigation').getByRole('link', { name: 'Products', exact: true }).click();
    await this.expectProducts();
  }

  async expectProducts() {
    await expect(this.page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
    await expect(this.page).toHaveTitle('Products');
  }

  async expectCategories() {
    await expect(this.page.getByRole('heading', { level: 1, name: 'Product Categories' })).toBeVisible();
  }

  row(text: string) {
    return this.table.getByRole('row').filter({ hasText: text });
  }
}

/** The product and category editors (`/new`, `/:id`). */
export class CatalogueEditorPage {
  readonly form: Locator;
  readonly save: Locator;

  constructor(readonly page: Page) {
    this.form = page.getByRole('form');
    this.save = this.form.getByRole('button', { name: 'Save' });
  }

  field(label: string) {
    return this.form.getByRole('textbox', { name: new RegExp(`^${label}`) });
  }

  /** Types into a picker and chooses the option that appears once the search has settled. */
  async pick(label: string, search: string, option: string) {
    const input = this.form.getByRole('textbox', { name: label, exact: true });
    await input.click();
    await input.fill(search);
    await this.page.getByRole('option', { name: new RegExp(option) }).click();
    await this.page.keyboard.press('Escape');
  }
}

/** `/console/products/import`: a CSV file, its error report and the counts. */
export class ImportPage {
  readonly file: Locator;
  readonly report: Locator;
  readonly importValidOnly: Locator;

  constructor(readonly page: Page) {
    this.file = page.getByLabel('CSV file');
    this.report = page.getByRole('table', { name: 'Rows with errors' });
    this.importValidOnly = page.getByRole('button', { name: 'Import valid rows only' });
  }

  async choose(name: string, csv: string) {
    await this.file.setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(csv) });
  }

  reportRow(row: number) {
    return this.report
      .getByRole('row')
      .filter({ has: this.page.getByRole('cell', { name: String(row), exact: true }) });
  }

  count(label: 'Created' | 'Updated' | 'Unchanged' | 'Skipped') {
    return this.page.getByRole('group', { name: label });
  }
}

import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';

/** Picks an option of a Mantine select or picker by its label and checks it took. */
const choose = async (page: Page, field: Locator, option: string | RegExp) => {
  await field.click();
  await page.getByRole('option', { name: option }).first().click();
};

/** `/console/economics/wallet`, 'Manage your Currencies'. */
export class WalletPage {
  readonly heading: Locator;
  readonly form: Locator;
  readonly save: Locator;
  readonly counter: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Manage your Currencies' });
    this.form = page.getByRole('form', { name: /New currency|Edit / });
    this.save = this.form.getByRole('button', { name: 'Save' });
    this.counter = page.getByTestId('currency-counter');
  }

  async goto() {
    await this.page.goto('/console/economics/wallet');
    await expect(this.heading).toBeVisible();
  }

  item(name: string) {
    return this.page.getByRole('listitem', { name });
  }

  /** A custom (virtual) currency with a library icon; saved, then the form is blank again. */
  async createCustomCurrency(name: string, code: string, rate: number, icon: string) {
    await choose(this.page, this.form.getByRole('combobox', { name: 'Type' }), 'Custom (virtual)');
    await this.form.getByRole('textbox', { name: 'Name' }).fill(name);
    await this.form.getByRole('textbox', { name: 'Short Code' }).fill(code);
    await this.form.getByRole('textbox', { name: 'Conversion Rate' }).fill(String(rate));
    await this.form.getByRole('textbox', { name: 'Search icons' }).fill(icon);
    await this.form.getByRole('option', { name: icon, exact: true }).click();
    await expect(this.save).toBeEnabled();
    await this.save.click();
    const success = this.page.getByRole('dialog', { name: 'Success!' });
    await expect(success.getByText('Successfully saved your currency.')).toBeVisible();
    await success.getByRole('button', { name: 'OK' }).click();
    await expect(this.item(name)).toBeVisible();
    await expect(this.page.getByRole('form', { name: 'New currency' })).toBeVisible();
  }
}

/** A cashback or XP configuration page, and its list. */
export class EarnConfigPage {
  readonly save: Locator;

  constructor(readonly page: Page) {
    this.save = page.getByRole('button', { name: 'Save' });
  }

  field(name: string) {
    return this.page.getByRole('textbox', { name: new RegExp(`^${name}`) });
  }

  select(name: string) {
    return this.page.getByRole('combobox', { name: new RegExp(`^${name}`) });
  }

  async expectTitle(title: string) {
    await expect(this.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  }

  async chooseIn(name: string, option: string | RegExp) {
    await choose(this.page, this.select(name), option);
  }

  /** A remote picker: type to search (900 ms for products and categories), then pick. */
  async pick(name: string, search: string, option: string | RegExp) {
    await this.field(name).click();
    await this.field(name).fill(search);
    await this.page.getByRole('option', { name: option }).first().click();
  }

  async saveAndExpectSuccess() {
    await this.save.click();
    const success = this.page.getByRole('dialog', { name: 'Success!' });
    await expect(success.getByText('Successfully saved your earn_config.')).toBeVisible();
    await success.getByRole('button', { name: 'OK' }).click();
    await expect(this.save).toBeDisabled();
  }

  async validationErrors() {
    const dialog = this.page.getByRole('dialog', { name: 'Validation Error' });
    await expect(dialog.getByText('Please correct the following errors.')).toBeVisible();
    const items = await dialog.getByRole('listitem').allTextContents();
    await dialog.getByRole('button', { name: 'OK' }).click();
    return items;
  }
}

/** The catalogue through the API (client token): a category and products in it; returns their ids. */
export const addCategory = async (request: APIRequestContext, clientToken: string, name: string) => {
  const response = await request.post('/api/product-categories', {
    data: { name, description: `${name} of the shop` },
    headers: { Authorization: `Bearer ${clientToken}` },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { content: { _id: string } }).content._id;
};

export const addProduct = async (
  request: APIRequestContext,
  clientToken: string,
  product: { title: string; sku: string; price: number; categoryId: string },
) => {
  const response = await request.post('/api/products', {
    data: {
      title: product.title,
      sku: product.sku,
      price: product.price,
      category_ids: [product.categoryId],
    },
    headers: { Authorization: `Bearer ${clientToken}` },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { content: { _id: string } }).content._id;
};

/** `POST /api/v1/players/{id}/spend` with an API key; returns the status and the envelope. */
export const spend = async (
  request: APIRequestContext,
  apiKey: string,
  customerId: string,
  body: { id: string; currency: string; amount: number; reason: string },
) => {
  const response = await request.post(`/api/v1/players/${customerId}/spend`, {
    data: body,
    headers: { 'X-Api-Key': apiKey },
  });
  return {
    status: response.status(),
    body: (await response.json()) as { message: string; content: { balance: number } },
  };
};

/** `GET /api/v1/players/{id}` with an API key: the player's statistics and wallets. */
export const playerOf = async (request: APIRequestContext, apiKey: string, customerId: string) => {
  const response = await request.get(`/api/v1/players/${customerId}`, { headers: { 'X-Api-Key': apiKey } });
  expect(response.status(), await response.text()).toBe(200);
  return (
    (await response.json()) as {
      content: {
        statistics: Record<string, number>;
        wallets: { currency: string; name: string; code: string; balance: number; expiring_soon: number }[];
      };
    }
  ).content;
};

import { expect, type Locator, type Page } from '@playwright/test';

/**
 * `/console/settings/integrations/webhooks`: the endpoints (add with the secret shown once, test, rotate, delete)
 * and, from an endpoint's URL, its deliveries with their filters and delivery dialog.
 */
export class WebhooksPage {
  readonly subTab: Locator;
  readonly table: Locator;
  readonly addEndpoint: Locator;
  readonly addDialog: Locator;
  readonly url: Locator;
  readonly secretDialog: Locator;
  readonly secret: Locator;
  readonly copySecret: Locator;
  readonly testResult: Locator;

  constructor(readonly page: Page) {
    this.subTab = page.getByRole('tab', { name: 'Webhooks' });
    this.table = page.getByRole('table', { name: 'Webhooks' });
    this.addEndpoint = page.getByRole('button', { name: 'Add Endpoint' });
    this.addDialog = page.getByRole('dialog', { name: 'Add Endpoint' });
    this.url = this.addDialog.getByRole('textbox', { name: 'URL' });
    this.secretDialog = page.getByRole('dialog', { name: /^(Endpoint Added|Secret Rotated)$/ });
    this.secret = this.secretDialog.getByRole('textbox', { name: 'Signing secret' });
    this.copySecret = this.secretDialog.getByRole('button', { name: /^(Copy secret|Copied)$/ });
    this.testResult = page.getByRole('dialog', { name: 'Test Event' });
  }

  async goto() {
    await this.page.goto('/console/settings/integrations/webhooks');
    await this.expectShown();
  }

  async expectShown() {
    await expect(this.page).toHaveURL(/\/console\/settings\/integrations\/webhooks(\?.*)?$/);
    await expect(this.subTab).toHaveAttribute('aria-selected', 'true');
    await expect(this.addEndpoint).toBeVisible();
  }

  eventType(type: string) {
    return this.addDialog.getByRole('checkbox', { name: type, exact: true });
  }

  /** Fills the add dialog and saves; answers the secret, read from the one dialog that shows it. */
  async add(url: string, types: string[]) {
    await this.addEndpoint.click();
    await expect(this.addDialog).toBeVisible();
    await this.url.fill(url);
    for (const type of types) await this.eventType(type).check();
    await this.addDialog.getByRole('button', { name: 'Add Endpoint' }).click();
    await expect(this.secretDialog).toBeVisible();
    const secret = await this.secret.inputValue();
    expect(secret).toMatch(/^whsec_/);
    return secret;
  }

  async closeSecret() {
    await this.secretDialog.getByRole('button', { name: 'Done' }).click();
    await expect(this.secretDialog).toBeHidden();
  }

  row(url: string) {
    return this.table
      .getByRole('row')
      .filter({ has: this.page.getByRole('link', { name: `Deliveries of ${url}`, exact: true }) });
  }

  async sendTest(url: string) {
    await this.row(url)
      .getByRole('button', { name: `Send test event to ${url}`, exact: true })
      .click();
    await expect(this.testResult).toBeVisible();
  }

  async openDeliveries(url: string) {
    await this.page.getByRole('link', { name: `Deliveries of ${url}`, exact: true }).click();
    await expect(this.page).toHaveURL(/\/console\/settings\/integrations\/webhooks\/[0-9a-f]{24}(\?.*)?$/);
    return new WebhookDeliveriesPage(this.page);
  }
}

/** `/console/settings/integrations/webhooks/:id`: one endpoint's deliveries. */
export class WebhookDeliveriesPage {
  readonly table: Locator;
  readonly statuses: Locator;
  readonly eventType: Locator;
  readonly search: Locator;

  constructor(readonly page: Page) {
    this.table = page.getByRole('table');
    this.statuses = page.getByRole('radiogroup', { name: 'Status' });
    this.eventType = page.getByRole('combobox', { name: 'Event type' });
    this.search = page.getByRole('textbox', { name: 'Search the deliveries' });
  }

  row(webhookId: string) {
    return this.table
      .getByRole('row')
      .filter({ has: this.page.getByRole('button', { name: webhookId, exact: true }) });
  }

  async chooseStatus(label: string) {
    await this.statuses.getByText(label, { exact: true }).click();
    await expect(this.statuses.getByRole('radio', { name: label })).toBeChecked();
  }

  async open(webhookId: string) {
    await this.table.getByRole('button', { name: webhookId, exact: true }).click();
    const dialog = this.page.getByRole('dialog', { name: `Delivery ${webhookId}` });
    await expect(dialog).toBeVisible();
    return dialog;
  }
}

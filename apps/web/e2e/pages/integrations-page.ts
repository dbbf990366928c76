import { expect, type Locator, type Page } from '@playwright/test';

/**
 * `/console/settings/integrations`: the API keys (create, the key shown once, revoke), the help on sending events
 * and the Event Log with its filters, rows and event dialog.
 */
export class IntegrationsPage {
  readonly page: Page;
  readonly tab: Locator;
  readonly apiKeys: Locator;
  readonly createApiKey: Locator;
  readonly createDialog: Locator;
  readonly keyName: Locator;
  readonly keyCreatedDialog: Locator;
  readonly createdKey: Locator;
  readonly copyKey: Locator;
  readonly revokeDialog: Locator;
  readonly howToSendEvents: Locator;
  readonly exampleRequest: Locator;
  readonly eventLog: Locator;
  readonly eventTable: Locator;
  readonly search: Locator;
  readonly status: Locator;
  readonly type: Locator;
  readonly reset: Locator;
  readonly refresh: Locator;
  readonly locked: Locator;

  constructor(page: Page) {
    this.page = page;
    this.tab = page.getByRole('tab', { name: 'Integrations' });
    this.apiKeys = page.getByRole('table', { name: 'API Keys' });
    this.createApiKey = page.getByRole('button', { name: 'Create API Key' });
    this.createDialog = page.getByRole('dialog', { name: 'Create API Key' });
    this.keyName = this.createDialog.getByRole('textbox', { name: 'Name' });
    this.keyCreatedDialog = page.getByRole('dialog', { name: 'API Key Created' });
    this.createdKey = this.keyCreatedDialog.getByRole('textbox', { name: 'API key' });
    this.copyKey = this.keyCreatedDialog.getByRole('button', { name: /^(Copy key|Copied)$/ });
    this.revokeDialog = page.getByRole('dialog', { name: 'Revoke API key?' });
    this.howToSendEvents = page.getByRole('button', { name: 'How to send events' });
    this.exampleRequest = page.getByRole('group', { name: 'Example request' });
    this.eventLog = page.getByRole('region', { name: 'Event Log' });
    this.eventTable = this.eventLog.getByRole('table');
    this.search = page.getByRole('textbox', { name: 'Search the event log' });
    this.status = page.getByRole('combobox', { name: 'Status' });
    this.type = page.getByRole('combobox', { name: 'Type' });
    this.reset = page.getByRole('button', { name: 'Reset' });
    this.refresh = page.getByRole('button', { name: 'Refresh the event log' });
    this.locked = this.eventLog.getByText('The Event Log is part of the Business plan');
  }

  async goto() {
    await this.page.goto('/console/settings/integrations');
    await this.expectShown();
  }

  async expectShown() {
    await expect(this.page).toHaveURL(/\/console\/settings\/integrations(\?.*)?$/);
    await expect(this.tab).toHaveAttribute('aria-selected', 'true');
    await expect(this.createApiKey).toBeVisible();
  }

  /** Creates a key through the dialog and returns its secret, read from the one dialog that shows it. */
  async createKey(name: string) {
    await this.createApiKey.click();
    await expect(this.createDialog).toBeVisible();
    await this.keyName.fill(name);
    await this.createDialog.getByRole('button', { name: 'Create' }).click();
    await expect(this.keyCreatedDialog).toBeVisible();
    const key = await this.createdKey.inputValue();
    expect(key.length).toBeGreaterThan(20);
    return key;
  }

  async closeKeyDialog() {
    await this.keyCreatedDialog.getByRole('button', { name: 'Done' }).click();
    await expect(this.keyCreatedDialog).toBeHidden();
  }

  /** The API keys table's row of a key, by its name. */
  keyRow(name: string) {
    return this.apiKeys.getByRole('row').filter({ has: this.page.getByRole('cell', { name, exact: true }) });
  }

  async revokeKey(name: string) {
    await this.apiKeys.getByRole('button', { name: `Revoke ${name}`, exact: true }).click();
    await expect(this.revokeDialog).toBeVisible();
    await this.revokeDialog.getByRole('button', { name: 'Revoke', exact: true }).click();
    await expect(this.revokeDialog).toBeHidden();
  }

  /** The Event Log's row of an event, by the integrator's event id. */
  eventRow(eventId: string) {
    return this.eventTable
      .getByRole('row')
      .filter({ has: this.page.getByRole('button', { name: eventId, exact: true }) });
  }

  retryButton(eventId: string) {
    return this.eventRow(eventId).getByRole('button', { name: `Retry event ${eventId}`, exact: true });
  }

  async openEvent(eventId: string) {
    await this.eventTable.getByRole('button', { name: eventId, exact: true }).click();
    await expect(this.eventDialog(eventId)).toBeVisible();
  }

  eventDialog(eventId: string) {
    return this.page.getByRole('dialog', { name: `Event ${eventId}` });
  }

  async chooseStatus(label: string) {
    await this.status.click();
    await this.page.getByRole('option', { name: label, exact: true }).click();
    await expect(this.status).toHaveValue(label);
  }

  async chooseType(type: string) {
    await this.type.click();
    await this.page.getByRole('option', { name: type, exact: true }).click();
    await expect(this.type).toHaveValue(type);
  }
}

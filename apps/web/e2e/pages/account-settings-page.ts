import { expect, type Locator, type Page } from '@playwright/test';

/** `/console/settings/account`: the current plan and the email-notification form. */
export class AccountSettingsPage {
  readonly page: Page;
  readonly heading: Locator;
  readonly accountTab: Locator;
  readonly currentPlan: Locator;
  readonly managePlan: Locator;
  readonly subscribe: Locator;
  readonly form: Locator;
  readonly edit: Locator;
  readonly done: Locator;
  readonly cancel: Locator;
  readonly yes: Locator;
  readonly no: Locator;
  readonly emailAddress: Locator;

  constructor(page: Page) {
    this.page = page;
    this.heading = page.getByRole('heading', { level: 1, name: 'Account Settings' });
    this.accountTab = page.getByRole('tab', { name: 'Account' });
    this.currentPlan = page.getByRole('region', { name: 'Current Plan' });
    this.managePlan = this.currentPlan.getByRole('button', { name: 'Manage Plan' });
    this.subscribe = this.currentPlan.getByRole('button', { name: 'Subscribe' });
    this.form = page.getByRole('form', { name: 'Email alerts' });
    this.edit = this.form.getByRole('button', { name: 'Edit' });
    this.done = this.form.getByRole('button', { name: 'Done' });
    this.cancel = this.form.getByRole('button', { name: 'Cancel' });
    const enabled = this.form.getByRole('group', { name: 'Email Notifications' });
    this.yes = enabled.getByRole('radio', { name: 'Yes' });
    this.no = enabled.getByRole('radio', { name: 'No' });
    this.emailAddress = this.form.getByRole('textbox', { name: 'Email Address' });
  }

  async goto() {
    await this.page.goto('/console/settings');
    await this.expectShown();
  }

  async expectShown() {
    await expect(this.page).toHaveURL(/\/console\/settings\/account$/);
    await expect(this.heading).toBeVisible();
    await expect(this.form).toBeVisible();
  }

  errorFor(message: string) {
    return this.form.getByText(message, { exact: true });
  }
}

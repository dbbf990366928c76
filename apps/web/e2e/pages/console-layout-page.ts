import { expect, type Locator, type Page } from '@playwright/test';

/** The console layout around every page: the sidebar, the shared upgrade prompt and the signed-out notice. */
export class ConsoleLayoutPage {
  readonly page: Page;
  readonly sidebar: Locator;
  readonly upgradePrompt: Locator;
  readonly signedOutNotice: Locator;

  constructor(page: Page) {
    this.page = page;
    this.sidebar = page.getByRole('navigation', { name: 'Main' });
    this.upgradePrompt = page.getByRole('dialog', { name: 'Upgrade your plan' });
    this.signedOutNotice = page.getByRole('dialog', { name: 'Signed out' });
  }

  navLink(label: string) {
    return this.sidebar.getByRole('link', { name: label, exact: true });
  }

  async expectUpgradePrompt() {
    await expect(this.upgradePrompt).toBeVisible();
    await expect(
      this.upgradePrompt.getByText('Please upgrade your subscription to access this feature'),
    ).toBeVisible();
    await expect(this.upgradePrompt.getByRole('button', { name: 'Cancel' })).toBeVisible();
    await expect(this.upgradePrompt.getByRole('button', { name: 'Yes, Continue' })).toBeVisible();
  }
}

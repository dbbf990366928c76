import { expect, type Locator, type Page } from '@playwright/test';

/** The console layout around every page: the sidebar, the shared upgrade prompt and the signed-out notice. */
export class ConsoleLayoutPage {
  readonly page: Page;
  readonly sidebar: Locator;
  readonly upgradePrompt: Locator;
  readonly signedOutNotice: Locator;
  /** An editor's question before leaving it with unsaved edits. */
  readonly leaveWithoutSaving: Locator;

  constructor(page: Page) {
    this.page = page;
    this.sidebar = page.getByRole('navigation', { name: 'Main' });
    this.upgradePrompt = page.getByRole('dialog', { name: 'Upgrade your plan' });
    this.signedOutNotice = page.getByRole('dialog', { name: 'Signed out' });
    this.leaveWithoutSaving = page.getByRole('dialog', { name: 'Leave without saving?' });
  }

  /** Answers 'Leave without saving?' and waits for it to close. */
  async answerLeaveWithoutSaving(answer: 'Keep editing' | 'Leave') {
    await expect(this.leaveWithoutSaving).toBeVisible();
    await this.leaveWithoutSaving.getByRole('button', { name: answer, exact: true }).click();
    await expect(this.leaveWithoutSaving).toBeHidden();
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

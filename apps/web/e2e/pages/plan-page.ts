import { expect, type Locator, type Page } from '@playwright/test';

/** The payment-plan page, `/welcome/select-subscription`. */
export class PlanPage {
  readonly page: Page;
  readonly heading: Locator;
  readonly logOut: Locator;

  constructor(page: Page) {
    this.page = page;
    this.heading = page.getByRole('heading', { level: 1, name: 'Please select your subscription' });
    this.logOut = page.getByRole('button', { name: 'Log out' });
  }

  async expectShown() {
    await expect(this.page).toHaveURL(/\/welcome\/select-subscription$/);
    await expect(this.heading).toBeVisible();
  }

  plan(label: string) {
    return this.page.getByRole('region', { name: label });
  }

  choose(label: string) {
    return this.page.getByRole('button', { name: `Choose ${label}` });
  }
}

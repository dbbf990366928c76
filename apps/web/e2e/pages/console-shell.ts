import { expect, type Page } from '@playwright/test';

/** Just what the welcome journeys need of the console: where they land and how to leave. */
export class ConsoleShell {
  constructor(readonly page: Page) {}

  async expectDashboard(name: string) {
    await expect(this.page).toHaveURL(/\/console\/dashboard$/);
    await expect(this.page.getByRole('heading', { level: 1, name: `Welcome back, ${name}` })).toBeVisible();
  }

  async logOut() {
    await this.page.getByRole('button', { name: /^Profile menu/ }).click();
    await this.page.getByRole('menuitem', { name: 'Log Out' }).click();
  }
}

import { expect, type Page } from '@playwright/test';

/** Terms and conditions or privacy policy: open to anyone. */
export class PublicPage {
  constructor(
    readonly page: Page,
    readonly path: string,
    readonly title: string,
  ) {}

  async goto() {
    await this.page.goto(this.path);
  }

  async expectShown() {
    await expect(this.page).toHaveURL(new RegExp(`${this.path}$`));
    await expect(this.page.getByRole('heading', { level: 1, name: this.title })).toBeVisible();
  }
}

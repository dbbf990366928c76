import { expect, type Locator, type Page } from '@playwright/test';

/** Forgot password: an email and 'Submit'. */
export class ForgotPasswordPage {
  readonly page: Page;
  readonly email: Locator;
  readonly submit: Locator;

  constructor(page: Page) {
    this.page = page;
    this.email = page.getByRole('textbox', { name: 'Email', exact: true });
    this.submit = page.getByRole('button', { name: 'Submit' });
  }

  async expectShown() {
    await expect(this.page).toHaveURL(/\/welcome\/forgot-password$/);
    await expect(this.page.getByRole('heading', { level: 1, name: 'Forgot password' })).toBeVisible();
  }
}

/** Reset password, reached from the emailed link. */
export class ResetPasswordPage {
  readonly page: Page;
  readonly password: Locator;
  readonly confirmPassword: Locator;
  readonly submit: Locator;

  constructor(page: Page) {
    this.page = page;
    this.password = page.getByRole('textbox', { name: 'Enter New Password' });
    this.confirmPassword = page.getByRole('textbox', { name: 'Confirm New Password' });
    this.submit = page.getByRole('button', { name: 'Submit' });
  }

  async expectShown() {
    await expect(this.page.getByRole('heading', { level: 1, name: 'Reset password' })).toBeVisible();
  }

  async choose(password: string) {
    await this.password.fill(password);
    await this.confirmPassword.fill(password);
    await this.submit.click();
  }
}

import { expect, type Locator, type Page } from '@playwright/test';

/** The welcome area's log-in page. */
export class LogInPage {
  readonly page: Page;
  readonly heading: Locator;
  readonly email: Locator;
  readonly password: Locator;
  readonly rememberMe: Locator;
  readonly signIn: Locator;
  readonly forgotPassword: Locator;
  readonly createAccount: Locator;

  constructor(page: Page) {
    this.page = page;
    this.heading = page.getByRole('heading', { level: 1, name: 'Sign in' });
    this.email = page.getByRole('textbox', { name: 'Email', exact: true });
    this.password = page.getByRole('textbox', { name: 'Password', exact: true });
    this.rememberMe = page.getByRole('checkbox', { name: 'Remember me?' });
    this.signIn = page.getByRole('button', { name: 'Sign in' });
    this.forgotPassword = page.getByRole('link', { name: 'Forgot password?' });
    this.createAccount = page.getByRole('link', { name: 'Create one now' });
  }

  async goto() {
    await this.page.goto('/welcome/log-in');
    await expect(this.heading).toBeVisible();
  }

  async expectShown() {
    await expect(this.page).toHaveURL(/\/welcome\/log-in$/);
    await expect(this.heading).toBeVisible();
  }

  errorFor(message: string) {
    return this.page.getByText(message, { exact: true });
  }

  /** Fills the form and submits it; the caller checks where that leads. */
  async signInWith(email: string, password: string, { rememberMe = false } = {}) {
    await this.email.fill(email);
    await this.password.fill(password);
    if (rememberMe) await this.rememberMe.check();
    await this.signIn.click();
  }

  /** The 'Something went wrong!' modal with the server's message. */
  failure() {
    return this.page.getByRole('dialog', { name: 'Something went wrong!' });
  }
}

import { expect, test } from '@playwright/test';
import { LogInPage } from './pages/log-in-page';
import { PublicPage } from './pages/public-page';

test.describe('welcome area', () => {
  test('/ lands on log-in, which shows its fields and links', async ({ page }) => {
    await page.goto('/');
    const logIn = new LogInPage(page);
    await logIn.expectShown();
    await expect(logIn.email).toBeVisible();
    await expect(logIn.password).toBeVisible();
    await expect(logIn.rememberMe).not.toBeChecked();
    await expect(logIn.signIn).toBeEnabled();
    await expect(logIn.forgotPassword).toHaveAttribute('href', '/welcome/forgot-password');
    await expect(logIn.createAccount).toHaveAttribute('href', '/welcome/create-client');
  });

  test('/welcome opens log-in', async ({ page }) => {
    await page.goto('/welcome');
    await new LogInPage(page).expectShown();
  });

  test('an empty submit shows both required messages and sends nothing', async ({ page }) => {
    const logIn = new LogInPage(page);
    await logIn.goto();
    let signInRequests = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/v2/client-user/signin')) signInRequests += 1;
    });
    await logIn.signIn.click();
    await expect(logIn.errorFor('Email is required.')).toBeVisible();
    await expect(logIn.errorFor('Password is required.')).toBeVisible();
    await expect(logIn.email).toBeFocused();
    expect(signInRequests).toBe(0);
  });

  test('a required message clears once the field is filled', async ({ page }) => {
    const logIn = new LogInPage(page);
    await logIn.goto();
    await logIn.signIn.click();
    await logIn.email.fill('owner@example.com');
    await expect(logIn.errorFor('Email is required.')).toBeHidden();
    await expect(logIn.errorFor('Password is required.')).toBeVisible();
  });
});

test("the welcome pages load under the server's strict CSP without a violation", async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
      violations.push(message.text());
  });
  const response = await page.goto('/welcome/log-in');
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await new LogInPage(page).expectShown();
  // The colour scheme is set before React starts, by a script file rather than an inline script.
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', /^(light|dark)$/);
  await page.goto('/welcome/create-client');
  await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
  await page.goto('/welcome/forgot-password');
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot password' })).toBeVisible();
  expect(violations).toEqual([]);
});

test.describe('without a session', () => {
  test('/console redirects to log-in', async ({ page }) => {
    await page.goto('/console');
    await new LogInPage(page).expectShown();
  });

  test('a console page redirects to log-in', async ({ page }) => {
    await page.goto('/console/dashboard');
    await new LogInPage(page).expectShown();
  });

  test('terms and conditions load', async ({ page }) => {
    const terms = new PublicPage(page, '/terms-and-conditions', 'Terms and Conditions');
    await terms.goto();
    await terms.expectShown();
  });

  test('the privacy policy loads and says it still needs to be written', async ({ page }) => {
    const privacy = new PublicPage(page, '/privacy-policy', 'Privacy Policy');
    await privacy.goto();
    await privacy.expectShown();
    await expect(page.getByText(/still needs to be written/)).toBeVisible();
  });

  test('an unknown path outside the welcome area redirects to log-in', async ({ page }) => {
    await page.goto('/no-such-page');
    await new LogInPage(page).expectShown();
  });

  test('an unknown welcome path says the page was not found', async ({ page }) => {
    await page.goto('/welcome/no-such-page');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  });
});

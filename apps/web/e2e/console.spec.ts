import { expect, test } from '@playwright/test';
import { ConsoleLayoutPage } from './pages/console-layout-page';
import { LogInPage } from './pages/log-in-page';
import { SignedUpClient } from './pages/signed-up-client';
import { snapshot } from './support/screens';

test.describe('console shell', () => {
  test('a client awaiting its plan payment is sent to plan selection from any console page', async ({
    page,
    request,
  }) => {
    const client = await SignedUpClient.register(page, request);
    await client.signIn();
    await expect(page).toHaveURL(/\/welcome\/select-subscription$/);

    await page.goto('/console/dashboard');
    await expect(page).toHaveURL(/\/welcome\/select-subscription$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Please select your subscription' }),
    ).toBeVisible();
  });

  test('an admin with a plan sees Dashboard and Settings in the sidebar', async ({ page, request }) => {
    const client = await SignedUpClient.register(page, request);
    await client.signIn();
    await client.choosePlan(request, 'FREEMIUM');
    await page.goto('/console');
    await expect(page).toHaveURL(/\/console\/dashboard$/);
    await expect(page).toHaveTitle('Dashboard');
    const shell = new ConsoleLayoutPage(page);
    await expect(shell.navLink('Dashboard')).toHaveAttribute('aria-current', 'page');
    await snapshot(page, 'console-shell');
    await shell.navLink('Settings').click();
    await expect(page).toHaveURL(/\/console\/settings\/account$/);
    await expect(page).toHaveTitle('Account Settings');
  });
});

test.describe('an expired, revoked or tampered token', () => {
  test('ends the session on load and returns to log-in with the reason', async ({ page, request }) => {
    const client = await SignedUpClient.register(page, request);
    await client.signIn({ rememberMe: true });
    await client.choosePlan(request, 'FREEMIUM');
    await page.goto('/console/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeVisible();

    await client.tamperWithTokens();
    await page.reload();

    const logIn = new LogInPage(page);
    await logIn.expectShown();
    const shell = new ConsoleLayoutPage(page);
    await expect(shell.signedOutNotice).toBeVisible();
    await expect(
      shell.signedOutNotice.getByText('Your session has expired. Please sign in again.'),
    ).toBeVisible();
    await expect(page.getByText('Something went wrong!')).toHaveCount(0);
    await snapshot(page, 'signed-out-notice');
    const stored = await page.evaluate(() => [
      window.sessionStorage.getItem('laurel.user'),
      window.localStorage.getItem('laurel.user'),
    ]);
    expect(stored).toEqual([null, null]);

    // Signing in again returns to the page the session ended on.
    await shell.signedOutNotice.getByRole('button', { name: 'OK' }).click();
    await logIn.email.fill(client.email);
    await logIn.password.fill(client.password);
    await logIn.signIn.click();
    await expect(page).toHaveURL(/\/console\/settings\/account$/);
  });
});

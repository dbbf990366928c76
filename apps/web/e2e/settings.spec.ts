import { expect, test } from '@playwright/test';
import { AccountSettingsPage } from './pages/account-settings-page';
import { ConsoleLayoutPage } from './pages/console-layout-page';
import { SignedUpClient } from './pages/signed-up-client';
import { snapshot } from './support/screens';

test.describe('account settings', () => {
  test('shows the plan, and the notification settings are saved and kept', async ({ page, request }) => {
    const client = await SignedUpClient.register(page, request);
    await client.signIn();
    await client.choosePlan(request, 'FREEMIUM');

    const settings = new AccountSettingsPage(page);
    await settings.goto();
    await expect(page).toHaveTitle('Account Settings');
    await expect(settings.accountTab).toHaveAttribute('aria-selected', 'true');
    await expect(settings.currentPlan.getByText('Freemium', { exact: true })).toBeVisible();
    await expect(settings.currentPlan.getByText('ACTIVE', { exact: true })).toBeVisible();
    await expect(settings.managePlan).toBeVisible();
    await snapshot(page, 'settings-account-read-only');

    // Read-only until Edit; notifications are off by default.
    await expect(settings.no).toBeChecked();
    await expect(settings.emailAddress).toHaveAttribute('readonly', '');
    await expect(settings.done).toHaveCount(0);
    await settings.edit.click();
    await expect(settings.done).toBeVisible();
    await expect(settings.emailAddress).not.toHaveAttribute('readonly', '');

    await settings.yes.check();
    await expect(settings.done).toBeDisabled();
    await expect(
      settings.errorFor('Email Address is required when email notifications are on.'),
    ).toBeVisible();
    await settings.emailAddress.fill('returns@beanthere');
    await expect(settings.errorFor('Email Address must be a valid email address')).toBeVisible();
    await expect(settings.done).toBeDisabled();
    await snapshot(page, 'settings-account-editing-invalid');

    await settings.emailAddress.fill('returns@beanthere.co.za');
    await expect(settings.done).toBeEnabled();
    const saved = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/v2/add/client/integration') && response.request().method() === 'PUT',
    );
    await settings.done.click();
    expect((await saved).status()).toBe(200);
    await expect(settings.edit).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(settings.yes).toBeChecked();
    await expect(settings.emailAddress).toHaveValue('returns@beanthere.co.za');
    await expect(settings.emailAddress).toHaveAttribute('readonly', '');

    await page.reload();
    await settings.expectShown();
    await expect(settings.yes).toBeChecked();
    await expect(settings.emailAddress).toHaveValue('returns@beanthere.co.za');
  });

  test('Manage Plan opens the billing portal in a new tab', async ({ page, request }) => {
    const client = await SignedUpClient.register(page, request);
    await client.signIn();
    await client.choosePlan(request, 'STARTER');
    const settings = new AccountSettingsPage(page);
    await settings.goto();
    await expect(settings.currentPlan.getByText('Starter', { exact: true })).toBeVisible();

    const popup = page.waitForEvent('popup');
    await settings.managePlan.click();
    // The built-in provider's portal is the plan page.
    await (await popup).waitForURL(/\/welcome\/select-subscription$/);
  });

  test('a client whose plan is not active is offered the upgrade by Subscribe', async ({ page, request }) => {
    const client = await SignedUpClient.register(page, request);
    await client.signIn();
    await client.choosePlan(request, 'FREEMIUM');
    // The built-in billing provider cannot lapse a plan (only Stripe's webhook can), so the browser sees the
    // client record with its plan past due.
    await page.route('**/api/v2/client?*', async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      body.content.clientSubscription = { name: 'FREEMIUM', status: 'PAST_DUE' };
      await route.fulfill({ response, json: body });
    });

    const settings = new AccountSettingsPage(page);
    await settings.goto();
    await expect(settings.currentPlan.getByText('PAST_DUE', { exact: true })).toBeVisible();
    await expect(settings.managePlan).toHaveCount(0);

    const shell = new ConsoleLayoutPage(page);
    await settings.subscribe.click();
    await shell.expectUpgradePrompt();
    await snapshot(page, 'upgrade-prompt');
    await shell.upgradePrompt.getByRole('button', { name: 'Cancel' }).click();
    await expect(shell.upgradePrompt).toHaveCount(0);

    await settings.subscribe.click();
    await shell.upgradePrompt.getByRole('button', { name: 'Yes, Continue' }).click();
    await expect(page).toHaveURL(/\/welcome\/select-subscription$/);
  });
});

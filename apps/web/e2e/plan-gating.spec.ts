import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { ConsoleLayoutPage } from './pages/console-layout-page';
import { CustomersBusiness, CustomersListPage } from './pages/customers-page';
import { PlanPage } from './pages/plan-page';
import { SignedUpClient } from './pages/signed-up-client';

/** The export request of 'Export CSV' (`POST /api/v2/export/client/loyalty/users`). */
const exportRequested = (page: Page) =>
  page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/api/v2/export/client/loyalty/users' &&
      response.request().method() === 'POST',
  );

test.describe('plans gate the console', () => {
  test('a client awaiting its plan payment is sent to the plan page, even from Customers', async ({
    page,
    request,
  }) => {
    const client = await SignedUpClient.register(page, request);
    await client.signIn();
    const plans = new PlanPage(page);
    await plans.expectShown();

    await page.goto('/console/customers');
    await plans.expectShown();
    await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toHaveCount(0);
    await expect(new ConsoleLayoutPage(page).sidebar).toHaveCount(0);
  });

  test('Export CSV on Freemium asks for an upgrade; after choosing Business it downloads', async ({
    page,
    request,
  }) => {
    test.slow();
    const business = await CustomersBusiness.create(page, request, { plan: 'FREEMIUM' });
    const email = `naledi-${Date.now().toString(36)}@example.co.za`;
    await business.addCustomer(request, { name: 'Naledi', surname: 'Sithole', email });
    const customers = new CustomersListPage(page);
    const shell = new ConsoleLayoutPage(page);
    await customers.goto();
    await expect(customers.row('Sithole')).toBeVisible();

    // Exports are outside Freemium: the server answers 402 and the console offers the upgrade.
    let refused = exportRequested(page);
    await customers.exportCsv.click();
    expect((await refused).status()).toBe(402);
    await shell.expectUpgradePrompt();
    await expect(page.getByText('Export failed')).toHaveCount(0);
    await shell.upgradePrompt.getByRole('button', { name: 'Cancel' }).click();
    await expect(shell.upgradePrompt).toHaveCount(0);
    await customers.expectShown();

    refused = exportRequested(page);
    await customers.exportCsv.click();
    expect((await refused).status()).toBe(402);
    await shell.expectUpgradePrompt();
    await shell.upgradePrompt.getByRole('button', { name: 'Yes, Continue' }).click();
    const plans = new PlanPage(page);
    await plans.expectShown();

    // Business includes exports.
    await plans.choose('Business').click();
    await expect(page).toHaveURL(/\/console\/dashboard$/);
    await shell.navLink('Customers').click();
    await customers.expectShown();
    await expect(customers.row('Sithole')).toBeVisible();

    const allowed = exportRequested(page);
    const download = page.waitForEvent('download');
    await customers.exportCsv.click();
    expect((await allowed).status()).toBe(200);
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.csv$/);
    const lines = (await readFile(await file.path(), 'utf8')).trim().split(/\r?\n/);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('Surname');
    expect(lines[1]).toContain('Sithole');
    expect(lines[1]).toContain(email);
    await expect(page.getByText('Export ready')).toBeVisible();
    await expect(shell.upgradePrompt).toHaveCount(0);
  });
});

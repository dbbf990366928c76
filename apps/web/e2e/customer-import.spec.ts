import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { CustomerImportPage } from './pages/customer-import-page';
import { CustomerProfilePage } from './pages/customer-profile-page';
import { CustomersBusiness, CustomersListPage, uniqueCellNumber } from './pages/customers-page';
import { tallSnapshot } from './pages/tall-snapshot';
import { seriousAxeFindings } from './support/axe';

const INVALID_EMAIL = 'Invalid email address';

test.describe('customer import', () => {
  test('a 6-row file with one bad row: the check writes nothing, the import creates 5 with opening balances, the same file again creates none', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    // Opening balances need the economy (GROWTH), the Economy Transactions report BUSINESS.
    const business = await CustomersBusiness.create(page, request, { plan: 'BUSINESS' });
    const auth = { Authorization: `Bearer ${business.clientToken}` };
    const currency = await request.post('/api/economy/currencies', {
      data: { type: 'custom', name: 'Bean Coins', code: 'BC', conversion_rate: 1 },
      headers: auth,
    });
    expect(currency.status(), await currency.text()).toBe(200);

    // Six members from another programme; the fourth (spreadsheet row 5: the header is row 1) has a bad email.
    const t = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const fileName = `members-${t}.csv`;
    const csv = [
      'external_id,email,cell_number,name,surname,birthday,branch,balance:BC',
      `imp-${t}-1,thandi-${t}@example.com,${uniqueCellNumber()},Thandi,Mokoena,1990-05-01,Sea Point,120.50`,
      `imp-${t}-2,sipho-${t}@example.com,,Sipho,Dlamini,,Sea Point,40`,
      `imp-${t}-3,anele-${t}@example.com,,Anele,Zulu,,,0`,
      `imp-${t}-4,not-an-email,,Bongani,Khumalo,,,10`,
      `imp-${t}-5,lerato-${t}@example.com,,Lerato,Molefe,1985-11-30,,5.25`,
      `imp-${t}-6,pieter-${t}@example.com,,Pieter,van Wyk,,,`,
    ].join('\n');

    // Customers → Import.
    const customers = new CustomersListPage(page);
    await customers.goto();
    await expect(page.getByText('This table is empty.')).toBeVisible();
    await page.getByRole('link', { name: 'Import', exact: true }).click();
    const importer = new CustomerImportPage(page);
    await importer.expectShown();
    await expect(page.getByText('balance:BC', { exact: true })).toBeVisible();
    await expect(importer.check).toBeDisabled();

    // The check: every row read, the bad one listed by row, field and message, nothing written.
    await importer.choose(fileName, csv);
    await importer.check.click();
    const check = await importer.expectFinished('Check', fileName, 6);
    await expect(page).toHaveURL(/\?import=[0-9a-f]{24}$/);
    await expect(check.getByText('Nothing was written: this was a check.')).toBeVisible();
    await expect(check.getByText(/^1 row of 6 would fail: 5 would be created/)).toBeVisible();
    expect(await importer.errorRows()).toEqual([['5', 'email', INVALID_EMAIL]]);
    await customers.goto();
    await expect(page.getByText('This table is empty.')).toBeVisible();
    await page.goBack();
    await importer.expectShown();

    // The import: five created, the bad row failed; every failed row downloads as CSV.
    await importer.choose(fileName, csv);
    await importer.run.click();
    const run = await importer.expectFinished('Import', fileName, 6);
    await expect(run.getByText('5 created, 0 updated, 0 unchanged, 1 failed')).toBeVisible();
    await expect(run.getByText('3 opening balances set (ledger type Opening Balance).')).toBeVisible();
    expect(await importer.errorRows()).toEqual([['5', 'email', INVALID_EMAIL]]);
    // The page with a finished report, its errors and the history: no serious accessibility finding.
    expect(await seriousAxeFindings(page)).toEqual([]);
    const downloading = page.waitForEvent('download');
    await importer.downloadErrors.click();
    const download = await downloading;
    const errorsCsv = await readFile(await download.path(), 'utf8');
    expect(errorsCsv.trim().toLowerCase().split(/\r?\n/)).toEqual([
      'row,field,message',
      `5,email,${INVALID_EMAIL}`.toLowerCase(),
    ]);
    await tallSnapshot(page, 'customer-import');

    // The history: the import above the check, newest first.
    const historyRows = importer.history.locator('tbody tr');
    await expect(historyRows).toHaveCount(2);
    await expect(historyRows.nth(0)).toContainText('Import');
    await expect(historyRows.nth(0)).toContainText('Completed');
    await expect(historyRows.nth(1)).toContainText('Check');

    // Thandi's opening balance: on her profile's wallet and in the Economy Transactions report.
    await customers.goto();
    await expect(customers.row('Sipho')).toBeVisible();
    await customers.row('Thandi').getByText('Mokoena', { exact: true }).click();
    const profile = new CustomerProfilePage(page);
    await expect(profile.heading('Thandi Mokoena')).toBeVisible();
    const wallet = profile.tile('Wallet Balance');
    await expect(wallet).toHaveText(/^Wallet Balance\s*120\.50\s*Bean Coins$/);
    const profileUrl = page.url();

    await page.goto('/console/economics/transactions');
    await expect(page.getByRole('heading', { level: 1, name: 'Economy Transactions' })).toBeVisible();
    const ledger = page.getByRole('row').filter({ hasText: 'Thandi Mokoena' });
    await expect(ledger).toHaveCount(1);
    await expect(ledger.getByRole('cell', { name: 'Opening Balance', exact: true })).toBeVisible();
    await expect(ledger.getByRole('cell', { name: '120.5 BC', exact: true })).toBeVisible();

    // The same file again: nothing created, nothing changed, no second opening balance.
    await importer.goto();
    await importer.choose(fileName, csv);
    await importer.run.click();
    const again = await importer.expectFinished('Import', fileName, 6);
    await expect(again.getByText('0 created, 0 updated, 5 unchanged, 1 failed')).toBeVisible();
    await expect(importer.history.locator('tbody tr')).toHaveCount(3);
    await page.goto(profileUrl);
    await expect(wallet).toHaveText(/^Wallet Balance\s*120\.50\s*Bean Coins$/);
    await tallSnapshot(page, 'customer-import-profile');

    // The sample file, built in the browser with the business's currency, passes a check as it is.
    await importer.goto();
    const sampleDownload = page.waitForEvent('download');
    await importer.sample.click();
    const sample = await readFile(await (await sampleDownload).path(), 'utf8');
    expect(sample.split('\r\n')[0]).toBe(
      'external_id,email,cell_number,name,surname,birthday,loyalty_number,branch,tier,level,balance:BC',
    );
    await importer.choose('customer-import-sample.csv', sample);
    await importer.check.click();
    const sampleCheck = await importer.expectFinished('Check', 'customer-import-sample.csv', 2);
    await expect(
      sampleCheck.getByText('All 2 rows can be imported: 2 would be created, 0 updated, 0 unchanged.'),
    ).toBeVisible();
  });
});

import { expect, test } from '@playwright/test';
import { AuditLogPage } from './pages/audit-log-page';
import { SignedUpClient } from './pages/signed-up-client';
import { snapshot } from './support/screens';

test.describe('audit log', () => {
  test('shows an edited branch with its changes, and filters by action', async ({ page, request }) => {
    const client = await SignedUpClient.register(page, request);
    await client.signIn();
    await client.choosePlan(request, 'BUSINESS');

    // A branch added and edited through the API, as an admin would in the console.
    const { client_token } = await client.session();
    const headers = { Authorization: `Bearer ${client_token}` };
    const banking = {
      account_number: '62012345678',
      account_type: 'CHEQUE',
      branch_code: '250655',
      name: 'First National Bank',
    };
    const body = {
      display_name: 'Bean There Gardens',
      vat_number: '4123456789',
      banking_details: banking,
      delivery_settings: {
        delivery: true,
        delivery_fee_type: 'FLAT-FEE',
        max_delivery_radius: 8,
        delivery_fee: 25,
      },
    };
    const created = await request.post('/api/branches', { data: body, headers });
    expect(created.status(), await created.text()).toBe(200);
    const { _id } = ((await created.json()) as { content: { _id: string } }).content;
    const updated = await request.put(`/api/branches/${_id}`, {
      headers,
      data: {
        ...body,
        display_name: 'Bean There Kloof Street',
        delivery_settings: {
          delivery: true,
          delivery_fee_type: 'MULTI-RADII',
          delivery_radii: [
            { radius: 5, fee: 20 },
            { radius: 10, fee: 35 },
          ],
        },
      },
    });
    expect(updated.status(), await updated.text()).toBe(200);

    const audit = new AuditLogPage(page);
    await audit.goto();
    await expect(page).toHaveTitle('Audit Log');
    const edited = 'Edited branch Bean There Kloof Street';
    await expect(audit.entry(edited)).toBeVisible();
    await expect(audit.entry('Added branch Bean There Gardens')).toBeVisible();
    // Newest first, with the action in words and the person who did it.
    const firstRow = audit.table.getByRole('row').nth(1);
    await expect(firstRow).toContainText(edited);
    await expect(firstRow).toContainText('Branch edited');
    await expect(firstRow).toContainText('Thandi Nkosi');
    await expect(audit.reset).toBeDisabled();
    await snapshot(page, 'audit-log');

    // The entry's changes, from → to; Back closes it.
    await audit.entry(edited).click();
    await expect(audit.dialog(edited)).toBeVisible();
    const changes = await audit.changes(edited);
    expect(changes).toContainEqual(['Display name', 'Bean There Gardens', 'Bean There Kloof Street']);
    expect(changes).toContainEqual(['Delivery fee type', 'FLAT-FEE', 'MULTI-RADII']);
    expect(changes).toContainEqual(['Delivery radii', '—', '5 km: 20.00, 10 km: 35.00']);
    await snapshot(page, 'audit-log-entry');
    await page.goBack();
    await expect(audit.dialog(edited)).toBeHidden();

    // Filtering by action keeps only that action; Reset brings everything back.
    await audit.chooseAction('Branch added');
    await expect(page).toHaveURL(/action=branch\.created/);
    await expect(audit.entry('Added branch Bean There Gardens')).toBeVisible();
    await expect(audit.entry(edited)).toHaveCount(0);
    await expect(audit.table.getByText('Plan changed')).toHaveCount(0);
    await expect(audit.reset).toBeEnabled();
    await snapshot(page, 'audit-log-filtered');

    await audit.chooseAction('Plan changed');
    await expect(audit.table.getByRole('row')).toHaveCount(2);
    await expect(audit.entry('Chose the BUSINESS plan')).toBeVisible();

    await audit.reset.click();
    await expect(page).toHaveURL(/\/console\/settings\/audit-log$/);
    await expect(audit.entry(edited)).toBeVisible();
    await expect(audit.reset).toBeDisabled();

    // The date range: today's entries are in it; a month long past, kept in the URL, has none.
    await audit.chooseDates('Today');
    await expect(page).toHaveURL(/from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}/);
    await expect(audit.entry(edited)).toBeVisible();
    await page.goto('/console/settings/audit-log?from=2000-01-01&to=2000-01-31');
    await expect(audit.dates).toContainText('1 Jan 2000 – 31 Jan 2000');
    await expect(page.getByText('This table is empty.')).toBeVisible();
    await expect(audit.reset).toBeEnabled();
  });
});

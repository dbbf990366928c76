import { type APIRequestContext, expect, test } from '@playwright/test';
import { ConsoleLayoutPage } from './pages/console-layout-page';
import { CustomerProfilePage } from './pages/customer-profile-page';
import { CustomersBusiness } from './pages/customers-page';
import { IntegrationsPage } from './pages/integrations-page';
import { snapshot } from './support/screens';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
/** A minute ago: an occurred_at in the future is refused. */
const justNow = () => new Date(Date.now() - 60_000).toISOString();

/** A statistic of the client's own, as an admin would add it on the Statistics page. */
const addStatistic = async (request: APIRequestContext, clientToken: string, name: string) => {
  const response = await request.post('/api/statistics', {
    data: { name, aggregation_method: 'Sum', reset_interval: 'Manual' },
    headers: { Authorization: `Bearer ${clientToken}` },
  });
  expect(response.status(), await response.text()).toBe(200);
};

test.describe('integrations', () => {
  test('a key made on the Integrations tab sends events; the Event Log shows them processed, and a parked one is retried', async ({
    page,
    request,
  }) => {
    test.slow();
    const business = await CustomersBusiness.create(page, request, { plan: 'BUSINESS' });
    const email = `ayanda-${unique()}@example.co.za`;
    const customerId = await business.addCustomer(request, { name: 'Ayanda', surname: 'Dube', email });
    const run = unique();
    const orderEvent = `till-7-${run}`;
    const loginEvent = `app-login-${run}`;
    const stampEvent = `stamp-${run}`;

    // A key, shown once, with a working copy button.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const integrations = new IntegrationsPage(page);
    await integrations.goto();
    await expect(page).toHaveTitle('Integrations');
    await expect(integrations.apiKeys.getByText('No API keys yet.', { exact: false })).toBeVisible();
    const key = await integrations.createKey('Tills at Sea Point');
    await expect(
      integrations.keyCreatedDialog.getByText('It will not be shown again', { exact: false }),
    ).toBeVisible();
    await integrations.copyKey.click();
    await expect(integrations.keyCreatedDialog.getByRole('button', { name: 'Copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await snapshot(page, 'integrations-key-created');
    await integrations.closeKeyDialog();
    await expect(page.getByRole('textbox', { name: 'API key' })).toHaveCount(0);
    const row = integrations.keyRow('Tills at Sea Point');
    await expect(row).toContainText('Never');
    await expect(row).toContainText('Active');

    // The help shows this host's endpoint.
    await integrations.howToSendEvents.click();
    await expect(integrations.exampleRequest).toContainText(
      `curl -X POST ${new URL(page.url()).origin}/api/v1/events`,
    );

    // One event with the Bearer header, a batch with X-Api-Key.
    const single = await request.post('/api/v1/events', {
      headers: { Authorization: `Bearer ${key}` },
      data: {
        id: orderEvent,
        type: 'order.created',
        customer: { email },
        occurred_at: justNow(),
        data: { order_id: `A-${run}`, total: 84.5 },
      },
    });
    expect(single.status(), await single.text()).toBe(202);
    const batch = await request.post('/api/v1/events', {
      headers: { 'X-Api-Key': key },
      data: {
        events: [
          { id: loginEvent, type: 'user.logged-in', customer: { _id: customerId }, occurred_at: justNow() },
          {
            id: stampEvent,
            type: 'statistic.update',
            customer: { email },
            occurred_at: justNow(),
            data: { name: 'coffeeStamps', value: 1 },
          },
        ],
      },
    });
    expect(batch.status(), await batch.text()).toBe(200);
    expect(
      ((await batch.json()) as { content: { status: string }[] }).content.map((item) => item.status),
    ).toEqual(['accepted', 'accepted']);

    // The log shows them as the worker gets to them; a statistic nobody created parks its event.
    await integrations.refresh.click();
    await expect(integrations.eventRow(orderEvent)).toContainText('Processed');
    await expect(integrations.eventRow(loginEvent)).toContainText('Processed');
    await expect(integrations.eventRow(orderEvent)).toContainText('Ayanda Dube');
    const parked = integrations.eventRow(stampEvent);
    await expect(parked).toContainText('Parked');
    await expect(parked).toContainText("No statistic named 'coffeeStamps' exists");
    await expect(integrations.retryButton(stampEvent)).toBeVisible();
    await expect(integrations.eventTable.getByRole('button', { name: /^Retry event / })).toHaveCount(1);
    await snapshot(page, 'integrations');

    // The key was used: the list says when.
    await page.reload();
    await integrations.expectShown();
    await expect(integrations.keyRow('Tills at Sea Point')).not.toContainText('Never');

    // An event's details: its data, pretty-printed.
    await integrations.openEvent(orderEvent);
    const dialog = integrations.eventDialog(orderEvent);
    await expect(dialog.getByRole('group', { name: 'Event data' })).toContainText('"total": 84.5');
    await snapshot(page, 'integrations-event');
    await page.goBack();
    await expect(dialog).toBeHidden();

    // Filters go to the server and stay in the URL.
    await integrations.chooseStatus('Parked');
    await expect(page).toHaveURL(/status=parked/);
    await expect(integrations.eventRow(stampEvent)).toBeVisible();
    await expect(integrations.eventRow(orderEvent)).toHaveCount(0);
    await integrations.reset.click();
    await integrations.chooseType('user.logged-in');
    await expect(page).toHaveURL(/type=user\.logged-in/);
    await expect(integrations.eventRow(loginEvent)).toBeVisible();
    await expect(integrations.eventRow(stampEvent)).toHaveCount(0);
    await integrations.reset.click();
    await expect(integrations.eventRow(stampEvent)).toBeVisible();

    // Once the statistic exists, Retry applies the parked event.
    await addStatistic(request, business.clientToken, 'coffeeStamps');
    await integrations.retryButton(stampEvent).click();
    await expect(page.getByText('The event will be processed again.')).toBeVisible();
    await expect(integrations.eventRow(stampEvent)).toContainText('Processed');
    await expect(integrations.retryButton(stampEvent)).toHaveCount(0);

    // The customer's profile shows the statistics the events made.
    await integrations.eventRow(stampEvent).getByRole('link', { name: 'Ayanda Dube' }).click();
    const profile = new CustomerProfilePage(page);
    await expect(profile.heading('Ayanda Dube')).toBeVisible();
    const statistics = page.getByRole('region', { name: 'Statistics' });
    await expect(statistics.getByRole('group', { name: 'Number of logins' })).toContainText('1');
    await expect(statistics.getByRole('group', { name: 'Total order value' })).toContainText('R 84.50');
    await expect(statistics.getByRole('group', { name: 'Order volume' })).toContainText('1');
    await expect(statistics.getByRole('group', { name: 'Coffee stamps' })).toContainText('1');
    await statistics.scrollIntoViewIfNeeded();
    await snapshot(page, 'customer-statistics');

    // A revoked key is refused at once.
    await integrations.goto();
    await integrations.revokeKey('Tills at Sea Point');
    await expect(integrations.keyRow('Tills at Sea Point')).toContainText('Revoked');
    await expect(integrations.apiKeys.getByRole('button', { name: 'Revoke Tills at Sea Point' })).toHaveCount(
      0,
    );
    const refused = await request.post('/api/v1/events', {
      headers: { 'X-Api-Key': key },
      data: { id: `late-${run}`, type: 'user.logged-in', customer: { email }, occurred_at: justNow() },
    });
    expect(refused.status()).toBe(401);
  });

  test('on Freemium the keys work and the Event Log offers the upgrade', async ({ page, request }) => {
    const business = await CustomersBusiness.create(page, request, { plan: 'FREEMIUM' });
    const email = `naledi-${unique()}@example.co.za`;
    await business.addCustomer(request, { name: 'Naledi', surname: 'Sithole', email });

    const integrations = new IntegrationsPage(page);
    await integrations.goto();
    await expect(integrations.locked).toBeVisible();
    const key = await integrations.createKey('Online shop');
    await integrations.closeKeyDialog();
    const sent = await request.post('/api/v1/events', {
      headers: { Authorization: `Bearer ${key}` },
      data: { id: `login-${unique()}`, type: 'user.logged-in', customer: { email }, occurred_at: justNow() },
    });
    expect(sent.status(), await sent.text()).toBe(202);
    await snapshot(page, 'integrations-freemium');

    const shell = new ConsoleLayoutPage(page);
    await integrations.eventLog.getByRole('button', { name: 'Upgrade' }).click();
    await shell.expectUpgradePrompt();
  });
});

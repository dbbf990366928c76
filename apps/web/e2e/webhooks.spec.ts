import { expect, test } from '@playwright/test';
import { CustomersBusiness } from './pages/customers-page';
import { IntegrationsPage } from './pages/integrations-page';
import { WebhooksPage } from './pages/webhooks-page';
import { snapshot } from './support/screens';
import { startWebhookReceiver } from './support/webhook-receiver';

test.describe('webhooks', () => {
  test('an admin on the Business plan adds an endpoint, sees its secret once, sends a test event the receiver verifies, and finds it delivered with status 200', async ({
    page,
    request,
  }) => {
    test.slow();
    const receiver = await startWebhookReceiver();
    try {
      const business = await CustomersBusiness.create(page, request, { plan: 'BUSINESS' });
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);

      // Settings → Integrations → Webhooks, empty at first.
      await new IntegrationsPage(page).goto();
      const webhooks = new WebhooksPage(page);
      await webhooks.subTab.click();
      await webhooks.expectShown();
      await expect(page).toHaveTitle('Webhooks');
      await expect(webhooks.table.getByText('No webhook endpoints yet.', { exact: false })).toBeVisible();
      await snapshot(page, 'webhooks-empty');

      // The form asks for a URL and an event type before anything is sent.
      await webhooks.addEndpoint.click();
      await expect(webhooks.addDialog).toBeVisible();
      await expect(page).toHaveURL(/\?action=add-webhook$/);
      await snapshot(page, 'webhooks-add-dialog');
      await webhooks.addDialog.getByRole('button', { name: 'Add Endpoint' }).click();
      await expect(webhooks.addDialog.getByText('URL is required')).toBeVisible();
      await expect(webhooks.addDialog.getByText('Choose at least one event type')).toBeVisible();
      await expect(webhooks.addDialog.getByText("A member's tier changed.", { exact: true })).toBeVisible();
      await snapshot(page, 'webhooks-add-dialog-errors');
      // A plain http address is refused in the form, with the server's words, and nothing is sent.
      const posts: string[] = [];
      page.on('request', (sent) => {
        if (sent.method() === 'POST' && sent.url().endsWith('/api/integrations/webhooks'))
          posts.push(sent.url());
      });
      await webhooks.url.fill('http://erp.example.com/laurel');
      await webhooks.addDialog.getByRole('button', { name: 'Add Endpoint' }).click();
      await expect(webhooks.addDialog.getByText('The URL must use https')).toBeVisible();
      await snapshot(page, 'webhooks-add-dialog-http');
      expect(posts).toEqual([]);
      await webhooks.addDialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(webhooks.addDialog).toBeHidden();

      // Added: the secret is shown once, copied, and gone once the dialog closes.
      const secret = await webhooks.add(receiver.url, ['customer.created', 'tier.changed']);
      receiver.trustSecret(secret);
      await expect(
        webhooks.secretDialog.getByText('It will not be shown again', { exact: false }),
      ).toBeVisible();
      await webhooks.copySecret.click();
      await expect(webhooks.secretDialog.getByRole('button', { name: 'Copied' })).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
      await snapshot(page, 'webhooks-secret');
      await webhooks.closeSecret();
      await expect(page.getByRole('textbox', { name: 'Signing secret' })).toHaveCount(0);
      const row = webhooks.row(receiver.url);
      await expect(row).toContainText('2 event types');
      await expect(row).toContainText('Active');
      await expect(row).toContainText(`Signing secret whsec_…${secret.slice(-4)}`);

      // A test event reaches the receiver, which verifies its signature with the SDK and answers 200.
      await webhooks.sendTest(receiver.url);
      await expect(webhooks.testResult.getByText(`${receiver.url} answered with status 200.`)).toBeVisible();
      await snapshot(page, 'webhooks-test-result');
      await webhooks.testResult.getByRole('button', { name: 'Close' }).filter({ hasText: 'Close' }).click();
      await expect(webhooks.testResult).toBeHidden();
      await snapshot(page, 'webhooks-list');
      await expect.poll(() => receiver.received.length).toBe(1);
      const [hook] = receiver.received;
      expect(hook?.refusal).toBeNull();
      expect(hook?.event?.type).toBe('webhook.test');
      expect(hook?.headers['laurel-webhook-id']).toBe(hook?.event?.id);
      expect(hook?.headers['laurel-event-type']).toBe('webhook.test');
      const webhookId = hook?.event?.id ?? '';

      // The deliveries show it Delivered with status 200; its dialog has the body and the attempt.
      const deliveries = await webhooks.openDeliveries(receiver.url);
      await expect(page).toHaveTitle('Deliveries');
      const delivered = deliveries.row(webhookId);
      await expect(delivered).toContainText('webhook.test');
      await expect(delivered).toContainText('Delivered');
      await expect(delivered).toContainText('200');
      await snapshot(page, 'webhooks-deliveries');
      const dialog = await deliveries.open(webhookId);
      await expect(dialog.getByRole('group', { name: 'Body' })).toContainText(`"id": "${webhookId}"`);
      await expect(dialog.getByRole('group', { name: 'Attempts' })).toContainText('HTTP 200');
      await expect(dialog.getByRole('group', { name: 'Attempts' })).toContainText(
        `{"received":"${webhookId}"}`,
      );
      await dialog.getByRole('button', { name: 'Close' }).filter({ hasText: 'Close' }).click();
      await expect(dialog).toBeHidden();

      // The status chips filter: none failed, one delivered.
      await deliveries.chooseStatus('Failed');
      await expect(page.getByText('This table is empty.')).toBeVisible();
      await deliveries.chooseStatus('Delivered');
      await expect(deliveries.row(webhookId)).toBeVisible();

      // Resend posts the same id again, and the receiver verifies it again.
      await deliveries
        .row(webhookId)
        .getByRole('button', { name: `Resend ${webhookId}` })
        .click();
      await expect(page.getByText('Delivered: the endpoint answered 200.')).toBeVisible();
      await expect.poll(() => receiver.received.length).toBe(2);
      expect(receiver.received[1]?.event?.id).toBe(webhookId);
      expect(receiver.received[1]?.refusal).toBeNull();

      // A real effect: enrolling a member posts customer.created, which a search by the member's name finds.
      const customerId = await business.addCustomer(request, { name: 'Ayanda', surname: 'Dube' });
      await expect
        .poll(() => receiver.received.filter((hook) => hook.event?.type === 'customer.created').length)
        .toBe(1);
      const enrolled = receiver.received.find((hook) => hook.event?.type === 'customer.created');
      expect(enrolled?.refusal).toBeNull();
      await deliveries.search.fill('ayanda dube');
      const enrolment = deliveries.row(enrolled?.event?.id ?? '');
      await expect(enrolment).toContainText('customer.created');
      await expect(enrolment).toContainText('Delivered');
      await expect(deliveries.row(webhookId)).toHaveCount(0);
      // It names the member rather than showing their id; a click on them opens the delivery, which links to them.
      await expect(enrolment).toContainText('Ayanda Dube');
      await expect(enrolment).not.toContainText(customerId);
      await enrolment.getByText('Ayanda Dube').click();
      const about = page.getByRole('dialog', { name: `Delivery ${enrolled?.event?.id}` });
      await expect(about.getByRole('link', { name: 'Ayanda Dube' })).toHaveAttribute(
        'href',
        `/console/customers/customer-profile/${customerId}`,
      );
      await expect(page).toHaveURL(/\/console\/settings\/integrations\/webhooks\/[0-9a-f]{24}\?/);
      await snapshot(page, 'webhooks-delivery-about-member');
    } finally {
      await receiver.close();
    }
  });
});

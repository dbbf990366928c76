import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCurrency } from '../../test/economy-helpers';
import { addCustomer, bearer } from '../../test/factories';
import { sample } from '../../test/prometheus';
import { createClientApp } from '../../test/test-app';
import { type Receiver, startReceiver } from '../../test/webhook-receiver';

const TOKEN = 'operator-metrics-token-0123456789';

let app: Awaited<ReturnType<typeof createClientApp>>;
let receiver: Receiver;
beforeAll(async () => {
  // One retry, an hour after a failed first try.
  app = await createClientApp('BUSINESS', { env: { METRICS_TOKEN: TOKEN, WEBHOOK_RETRY_SCHEDULE: '3600' } });
  receiver = await startReceiver([500]);
});
afterAll(async () => {
  await receiver.close();
  await app.t.close();
});

describe('webhook metrics', () => {
  it('report the deliveries waiting and the oldest due, and count attempts by outcome', async () => {
    const { t, admin, call } = app;
    const endpoint = await call('POST', '/api/integrations/webhooks', {
      url: receiver.url,
      event_types: ['wallet.credited'],
      active: true,
    });
    expect(endpoint.statusCode, endpoint.body).toBe(200);
    const currency = await createCurrency(t.app, admin);
    const credit = async (customer: string) =>
      expect(
        (
          await call('POST', `/api/economy/customers/${customer}/adjustments`, {
            currency: currency._id,
            direction: 'credit',
            amount: 5,
            reason: 'Metrics',
          })
        ).statusCode,
      ).toBe(200);

    // The first delivery fails (500) and waits an hour for its retry; the second is due and not sent yet.
    await credit(await addCustomer(t.app, admin));
    await t.ctx.webhooks.drain();
    await credit(await addCustomer(t.app, admin));
    const scrape = async () =>
      (await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) })).body;
    let text = await scrape();
    expect(sample(text, 'laurel_webhook_deliveries_waiting')).toBe(2);
    expect(sample(text, 'laurel_webhook_oldest_due_delivery_age_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'laurel_webhook_attempts_total', { outcome: 'failed' })).toBe(1);
    expect(sample(text, 'laurel_webhook_attempts_total', { outcome: 'delivered' })).toBeUndefined();

    // Sent, and the failed one resent from the console: both delivered.
    await t.ctx.webhooks.drain();
    const [waiting] = (
      await call(
        'GET',
        `/api/integrations/webhooks/${endpoint.json().content._id}/deliveries?status=retrying`,
      )
    ).json().content;
    expect(
      (await call('POST', `/api/integrations/webhook-deliveries/${waiting._id}/resend`)).statusCode,
    ).toBe(200);
    text = await scrape();
    expect(sample(text, 'laurel_webhook_attempts_total', { outcome: 'delivered' })).toBe(2);
    expect(sample(text, 'laurel_webhook_attempts_total', { outcome: 'failed' })).toBe(1);
    expect(sample(text, 'laurel_webhook_deliveries_given_up_total')).toBe(0);
    expect(text).not.toContain(admin.clientId);
  });
});

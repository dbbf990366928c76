import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCurrency } from '../../../test/economy-helpers';
import { addCustomer, type SignedIn } from '../../../test/factories';
import { createClientApp, type TestApp } from '../../../test/test-app';
import { type Receiver, startReceiver } from '../../../test/webhook-receiver';
import { createLogger } from '../../logger';
import { createWebhookDispatcher } from './dispatcher';

/*
 * A claim leases a customer's due deliveries of an endpoint together (the first try of the earliest, and every retry
 * due: a receiver that was down has many) and sends them one after another. Against a slow receiver that could
 * outlast the lease, when another sender may claim what is left and send it too. So a send starts only while the
 * lease will outlast it (a send's limit is 10 s).
 */

const LEASE_SECONDS = 11;
const RECEIVER_DELAY_MS = 700;

let t: TestApp;
let admin: SignedIn;
let call: Awaited<ReturnType<typeof createClientApp>>['call'];
let failing: Receiver;
let receiver: Receiver;

beforeAll(async () => {
  ({ t, admin, call } = await createClientApp('BUSINESS', {
    env: { WEBHOOK_LEASE_SECONDS: String(LEASE_SECONDS), WEBHOOK_RETRY_SCHEDULE: '2' },
  }));
  // The first tries fail at once: each delivery then waits for its retry, due 2 s later, all about together.
  failing = await startReceiver([500, 500, 500, 500]);
  receiver = await startReceiver([], { delayMs: RECEIVER_DELAY_MS });
});
afterAll(async () => {
  await failing.close();
  await receiver.close();
  await t.close();
});

describe('a claim’s lease', () => {
  it('sends a customer’s deliveries only while the lease outlasts the send; the rest go once, in order, after it', async () => {
    const endpointAt = (url: string, id?: string) =>
      call(id ? 'PUT' : 'POST', `/api/integrations/webhooks${id ? `/${id}` : ''}`, {
        url,
        event_types: ['wallet.credited'],
        active: true,
      });
    const endpoint = await endpointAt(failing.url);
    expect(endpoint.statusCode, endpoint.body).toBe(200);
    const currency = await createCurrency(t.app, admin);
    const customer = await addCustomer(t.app, admin);
    for (const amount of [1, 2, 3, 4]) {
      const res = await call('POST', `/api/economy/customers/${customer}/adjustments`, {
        currency: currency._id,
        direction: 'credit',
        amount,
        reason: `Credit ${amount}`,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const dispatcher = createWebhookDispatcher({
      database: t.ctx.database,
      config: t.ctx.config,
      log: createLogger('silent'),
      mail: t.ctx.mail,
    });
    const amounts = () => receiver.ofType('wallet.credited').map((hook) => Number(hook.body.data.amount));
    await dispatcher.drain();
    expect(failing.statuses).toEqual([500, 500, 500, 500]);
    // The receiver moves to a slow address (a delivery goes to its endpoint's URL as it is when sent).
    const moved = await endpointAt(receiver.url, endpoint.json().content._id);
    expect(moved.statusCode, moved.body).toBe(200);
    // Each retry falls due 2 s after its failure, give or take 20% (the schedule's jitter): all four by then.
    await new Promise((resolve) => setTimeout(resolve, 2_600));

    // One claim takes the four retries. 11 s of lease: the first send starts at once and the second at about 0.7 s, with more than 10 s left; the
    // third, at about 1.4 s, could outlast the lease, so it and the fourth wait, still leased.
    await dispatcher.drain();
    expect(amounts()).toEqual([1, 2]);
    const waiting = await t.ctx.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM webhook_queue WHERE leased_until > now()',
    );
    expect(waiting[0]?.n).toBe(2);

    // The lease ends (as it would 11 s after the claim): the next claim sends the rest, in order, each once.
    await t.ctx.database.query(`UPDATE webhook_queue SET leased_until = now() - interval '1 second'`);
    await dispatcher.drain();
    expect(amounts()).toEqual([1, 2, 3, 4]);
    const left = await t.ctx.database.query<{ n: number }>('SELECT count(*)::int AS n FROM webhook_queue');
    expect(left[0]?.n).toBe(0);
  });
});

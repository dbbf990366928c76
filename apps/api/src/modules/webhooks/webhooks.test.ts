import { createHmac } from 'node:crypto';
import { WEBHOOK_MESSAGES } from '@laurel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCurrency } from '../../../test/economy-helpers';
import { addCustomer, callAs, createClientAndSignIn, type SignedIn } from '../../../test/factories';
import { createClientApp, type TestApp } from '../../../test/test-app';
import { type Receiver, startReceiver } from '../../../test/webhook-receiver';

let t: TestApp;
let admin: SignedIn;
let call: Awaited<ReturnType<typeof createClientApp>>['call'];
let receiver: Receiver;

beforeAll(async () => {
  ({ t, admin, call } = await createClientApp('BUSINESS', { env: { WEBHOOK_RETRY_SCHEDULE: '0,0,0' } }));
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});

/** A manual credit or debit of `amount` in `currency` for `customer`, as the economy screen makes it. */
const adjust = (
  customer: string,
  currency: { _id: string },
  direction: 'credit' | 'debit',
  amount: number,
  reason: string,
) =>
  call('POST', `/api/economy/customers/${customer}/adjustments`, {
    currency: currency._id,
    direction,
    amount,
    reason,
  });

const addEndpoint = async (body: Record<string, unknown>) => {
  const res = await call('POST', '/api/integrations/webhooks', { active: true, ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().content as { _id: string; secret: string; secret_hint: string };
};

/** Checks Laurel-Signature as the docs tell a receiver to, with a plain HMAC. */
const signatureHolds = (secret: string, header: string, rawBody: string) => {
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=') as [string, string]));
  const expected = createHmac('sha256', secret).update(`${parts.t}.${rawBody}`).digest('hex');
  return parts.v1 === expected && Math.abs(Date.now() / 1000 - Number(parts.t)) < 300;
};

describe('webhook endpoints', () => {
  it('shows the secret at creation only, lists endpoints without it, and refuses private and bad URLs', async () => {
    const created = await addEndpoint({ url: receiver.url, event_types: ['wallet.credited'] });
    expect(created.secret).toMatch(/^whsec_/);
    const list = await call('GET', '/api/integrations/webhooks');
    const listed = (list.json().content as Record<string, unknown>[]).find((e) => e._id === created._id);
    expect(listed).toMatchObject({ url: receiver.url, event_types: ['wallet.credited'], active: true });
    expect(listed).not.toHaveProperty('secret');
    expect(listed?.secret_hint).toBe(`whsec_…${created.secret.slice(-4)}`);

    for (const [url, message] of [
      ['http://example.com/hooks', 'The URL must use https'],
      [
        'https://10.0.0.5/hooks',
        'The URL must point to a public or loopback address, not a private or link-local one',
      ],
      [
        'https://169.254.169.254/latest',
        'The URL must point to a public or loopback address, not a private or link-local one',
      ],
      [
        'https://[fe80::1]/hooks',
        'The URL must point to a public or loopback address, not a private or link-local one',
      ],
      // 169.254.169.254 written IPv4-compatible: ipaddr.js calls it unicast.
      [
        'https://[::a9fe:a9fe]/latest',
        'The URL must point to a public or loopback address, not a private or link-local one',
      ],
      ['https://user:pw@example.com/hooks', 'The URL must not hold a user name or password'],
      ['not a url', 'Enter a valid URL (https://…)'],
    ] as const) {
      const res = await call('POST', '/api/integrations/webhooks', { url, event_types: ['wallet.credited'] });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const none = await call('POST', '/api/integrations/webhooks', { url: receiver.url, event_types: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Choose at least one event type');
  });

  it('changes, rotates (the new secret shown once, and signing from then on) and deletes an endpoint', async () => {
    const endpoint = await addEndpoint({ url: receiver.url, event_types: ['badge.granted'] });
    const changed = await call('PUT', `/api/integrations/webhooks/${endpoint._id}`, {
      url: `${receiver.url}?v=2`,
      event_types: ['webhook.test', 'badge.granted', 'segment.entered'].filter(
        (type) => type !== 'webhook.test',
      ),
      active: false,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().content).toMatchObject({
      url: `${receiver.url}?v=2`,
      event_types: ['badge.granted', 'segment.entered'],
      active: false,
    });
    expect(changed.json().content).not.toHaveProperty('secret');
    const refused = await call('PUT', `/api/integrations/webhooks/${endpoint._id}`, {
      url: 'https://192.168.1.10/hooks',
      event_types: ['badge.granted'],
    });
    expect(refused.statusCode).toBe(400);

    const rotated = await call('POST', `/api/integrations/webhooks/${endpoint._id}/rotate-secret`);
    expect(rotated.statusCode).toBe(200);
    const secret = rotated.json().content.secret as string;
    expect(secret).toMatch(/^whsec_/);
    expect(secret).not.toBe(endpoint.secret);
    const test = await call('POST', `/api/integrations/webhooks/${endpoint._id}/test`);
    const sent = receiver.received.find((hook) => hook.body.id === test.json().content.webhook_id);
    expect(sent && signatureHolds(secret, String(sent.headers['laurel-signature']), sent.rawBody)).toBe(true);
    expect(
      sent && signatureHolds(endpoint.secret, String(sent.headers['laurel-signature']), sent.rawBody),
    ).toBe(false);

    const deleted = await call('DELETE', `/api/integrations/webhooks/${endpoint._id}`);
    expect(deleted.statusCode).toBe(200);
    expect((await call('GET', `/api/integrations/webhooks/${endpoint._id}/deliveries`)).statusCode).toBe(404);
    const audit = await t.ctx.database.query<{ action: string }>(
      `SELECT action FROM audit_log WHERE entity_id = $1 ORDER BY occurred_at, id`,
      [endpoint._id],
    );
    expect(audit.map((row) => row.action)).toEqual([
      'integration.webhook_created',
      'integration.webhook_updated',
      'integration.webhook_secret_rotated',
      'integration.webhook_tested',
      'integration.webhook_deleted',
    ]);
  });

  it('a manual credit is delivered once, signed, with the body DESIGN §10 pins', async () => {
    const endpoint = await addEndpoint({
      url: receiver.url,
      event_types: ['wallet.credited', 'wallet.debited'],
    });
    const currency = await createCurrency(t.app, admin);
    const email = `zanele.${Date.now()}@example.com`;
    const customer = await addCustomer(t.app, admin, { name: 'Zanele', surname: 'Mthembu', email });
    const credit = await adjust(customer, currency, 'credit', 25, 'Welcome');
    expect(credit.statusCode, credit.body).toBe(200);
    await t.ctx.webhooks.drain();
    const hooks = receiver.received.filter(
      (hook) => hook.body.type === 'wallet.credited' && hook.body.data.customer_id === customer,
    );
    // Two endpoints point at this receiver and both take wallet.credited: one delivery each, same body id.
    expect(hooks).toHaveLength(2);
    const hook = hooks.find((h) =>
      signatureHolds(endpoint.secret, String(h.headers['laurel-signature']), h.rawBody),
    );
    expect(hook).toBeDefined();
    expect(hook?.headers['laurel-webhook-id']).toBe(hook?.body.id);
    expect(hook?.headers['laurel-event-type']).toBe('wallet.credited');
    expect(hook?.body).toMatchObject({
      type: 'wallet.credited',
      client_id: admin.clientId,
      data: { customer_id: customer, currency_id: currency._id, amount: 25, balance_after: 25 },
    });
    const deliveries = await call(
      'GET',
      `/api/integrations/webhooks/${endpoint._id}/deliveries?status=delivered`,
    );
    // The console names the member it is about, not just their id.
    expect(deliveries.json().content[0]).toMatchObject({
      status: 'delivered',
      attempts: 1,
      last_status_code: 200,
      customer_id: customer,
      customer: { name: 'Zanele Mthembu', email },
    });
    expect(deliveries.json().content[0].attempt_log[0]).toMatchObject({
      status_code: 200,
      response_excerpt: 'ok',
    });
  });

  it('a receiver answering 500 twice gets the same id three times; a spent schedule fails it, switches the endpoint off and mails the admins', async () => {
    const failing = await startReceiver([500, 500]);
    try {
      const endpoint = await addEndpoint({ url: failing.url, event_types: ['wallet.credited'] });
      const currency = await createCurrency(t.app, admin);
      const customer = await addCustomer(t.app, admin);
      const credit = () => adjust(customer, currency, 'credit', 5, 'Retry');
      expect((await credit()).statusCode).toBe(200);
      await t.ctx.webhooks.drain();
      expect(failing.received).toHaveLength(3);
      expect(new Set(failing.received.map((hook) => hook.body.id)).size).toBe(1);
      expect(new Set(failing.received.map((hook) => hook.headers['laurel-webhook-id'])).size).toBe(1);
      const [delivery] = (await call('GET', `/api/integrations/webhooks/${endpoint._id}/deliveries`)).json()
        .content;
      expect(delivery).toMatchObject({ status: 'delivered', attempts: 3, last_status_code: 200 });
      expect(delivery.attempt_log.map((a: { status_code: number }) => a.status_code)).toEqual([
        200, 500, 500,
      ]);

      // Four failures in a row spend the schedule (0,0,0: three retries): the delivery fails, the endpoint goes off.
      failing.answerNext(500, 500, 500, 500);
      expect((await credit()).statusCode).toBe(200);
      await t.ctx.webhooks.drain();
      const after = (await call('GET', '/api/integrations/webhooks'))
        .json()
        .content.find((e: { _id: string }) => e._id === endpoint._id);
      expect(after).toMatchObject({ active: false, failed: 1 });
      expect(after.disabled_reason).toMatch(/failed for 3 days/);
      const mails = await t.ctx.database.query<{ subject: string }>(
        `SELECT subject FROM mail_outbox WHERE subject = 'A webhook endpoint was switched off'`,
      );
      expect(mails.length).toBeGreaterThan(0);
      // Switched off, it gets nothing more, a resend included; switched on again, the failed delivery is resent
      // with the same id.
      const failed = (
        await call('GET', `/api/integrations/webhooks/${endpoint._id}/deliveries?status=failed`)
      ).json().content[0];
      const received = failing.received.length;
      const refused = await call('POST', `/api/integrations/webhook-deliveries/${failed._id}/resend`);
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().message).toBe(WEBHOOK_MESSAGES.endpointSwitchedOff);
      expect(failing.received).toHaveLength(received);
      const switchedOn = await call('PUT', `/api/integrations/webhooks/${endpoint._id}`, {
        url: failing.url,
        event_types: ['wallet.credited'],
        active: true,
      });
      expect(switchedOn.statusCode, switchedOn.body).toBe(200);
      const resent = await call('POST', `/api/integrations/webhook-deliveries/${failed._id}/resend`);
      expect(resent.statusCode, resent.body).toBe(200);
      expect(resent.json().content).toMatchObject({ status: 'delivered', attempts: 5 });
      expect(failing.received.at(-1)?.body.id).toBe(failed.webhook_id);
    } finally {
      await failing.close();
    }
  });

  it('a test event is sent at once and answered with its attempt; another client sees none of it', async () => {
    const endpoint = await addEndpoint({ url: receiver.url, event_types: ['badge.granted'] });
    const res = await call('POST', `/api/integrations/webhooks/${endpoint._id}/test`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Delivered: the endpoint answered 200.');
    expect(res.json().content).toMatchObject({
      event_type: 'webhook.test',
      customer_id: null,
      customer: null,
      status: 'delivered',
      attempts: 1,
    });
    expect(receiver.ofType('webhook.test').at(-1)?.body.id).toBe(res.json().content.webhook_id);

    // Another business's admin, on the same server, cannot see its deliveries, test it or resend them.
    const other = await createClientAndSignIn(t.app, { plan: 'BUSINESS' });
    const asOther = callAs(t.app, other);
    expect((await asOther('GET', `/api/integrations/webhooks/${endpoint._id}/deliveries`)).statusCode).toBe(
      404,
    );
    expect((await asOther('POST', `/api/integrations/webhooks/${endpoint._id}/test`)).statusCode).toBe(404);
    const resend = await asOther(
      'POST',
      `/api/integrations/webhook-deliveries/${res.json().content._id}/resend`,
    );
    expect(resend.statusCode).toBe(404);
    expect((await asOther('GET', '/api/integrations/webhooks')).json().content).toEqual([]);
    const growth = await createClientApp('GROWTH');
    try {
      const locked = await growth.call('GET', '/api/integrations/webhooks');
      expect(locked.statusCode).toBe(402);
    } finally {
      await growth.t.close();
    }
  });

  it('a refused spend (insufficient balance) writes no webhook: the effect rolled back, so did its outbox row', async () => {
    const endpoint = await addEndpoint({ url: receiver.url, event_types: ['wallet.debited'] });
    const currency = await createCurrency(t.app, admin);
    const customer = await addCustomer(t.app, admin);
    const debit = await adjust(customer, currency, 'debit', 5, 'Too much');
    expect(debit.statusCode).toBe(409);
    const rows = await t.ctx.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM webhook_deliveries WHERE endpoint_id = '${endpoint._id}'`,
    );
    expect(rows[0]?.n).toBe(0);
  });

  it("an endpoint's deliveries are found by the name or email of the member they are about, and by their ids", async () => {
    const endpoint = await addEndpoint({ url: receiver.url, event_types: ['customer.created'] });
    const tag = Math.random().toString(36).slice(2, 8);
    const thandi = await addCustomer(t.app, admin, {
      name: 'Thandi',
      surname: `Zwane${tag}`,
      email: `thandi.${tag}@example.com`,
    });
    const sipho = await addCustomer(t.app, admin, { name: 'Sipho', surname: `Zwane${tag}` });
    await t.ctx.webhooks.drain();
    const found = async (search: string) => {
      const res = await call(
        'GET',
        `/api/integrations/webhooks/${endpoint._id}/deliveries?search_string=${encodeURIComponent(search)}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().content as { customer_id: string; customer: { name: string } | null }[]).map(
        (delivery) => delivery.customer?.name,
      );
    };
    // A fragment of the full name or of the email, in any case, as the About column shows them.
    expect(await found(`Thandi Zwane${tag}`)).toEqual([`Thandi Zwane${tag}`]);
    expect(await found(`THANDI.${tag}@EXAMPLE`)).toEqual([`Thandi Zwane${tag}`]);
    expect((await found(`zwane${tag}`)).sort()).toEqual([`Sipho Zwane${tag}`, `Thandi Zwane${tag}`]);
    // Ids still find theirs; nothing else matches, and a `%` is a character, not a wildcard.
    expect(await found(sipho)).toEqual([`Sipho Zwane${tag}`]);
    expect(await found(thandi)).toEqual([`Thandi Zwane${tag}`]);
    expect(await found('%')).toEqual([]);
    expect(await found(`nobody-${tag}`)).toEqual([]);

    // Another business's member of the same name adds nothing.
    const other = await createClientAndSignIn(t.app, { plan: 'BUSINESS' });
    await addCustomer(t.app, other, { name: 'Thandi', surname: `Zwane${tag}` });
    expect(await found(`Thandi Zwane${tag}`)).toEqual([`Thandi Zwane${tag}`]);
  });

  it('a member added and edited in the console is announced (customer.created, then customer.updated with what changed)', async () => {
    await addEndpoint({ url: receiver.url, event_types: ['customer.created', 'customer.updated'] });
    const customer = await addCustomer(t.app, admin);
    const edited = await call('PUT', '/api/v2/update/user', { _id: customer, surname: 'Dlamini-Khumalo' });
    expect(edited.statusCode, edited.body).toBe(200);
    await t.ctx.webhooks.drain();
    const about = (type: string) =>
      receiver.ofType(type).filter((hook) => hook.body.data.customer_id === customer);
    expect(about('customer.created').length).toBeGreaterThan(0);
    const [updated] = about('customer.updated');
    expect(updated?.body.data).toMatchObject({
      changed: ['surname'],
      customer: { surname: 'Dlamini-Khumalo' },
    });
  });
});

describe('a resend refused', () => {
  it('while the endpoint is paused: 409 with why, nothing sent, tried, leased or audited; switched on, it goes', async () => {
    const own = await startReceiver();
    try {
      const endpoint = await addEndpoint({ url: own.url, event_types: ['wallet.credited'] });
      const currency = await createCurrency(t.app, admin);
      const customer = await addCustomer(t.app, admin);
      const credit = await adjust(customer, currency, 'credit', 5, 'Paused');
      expect(credit.statusCode, credit.body).toBe(200);
      // Switched off by a person before its delivery was sent: the delivery waits, never tried.
      const paused = await call('PUT', `/api/integrations/webhooks/${endpoint._id}`, {
        url: own.url,
        event_types: ['wallet.credited'],
        active: false,
      });
      expect(paused.statusCode, paused.body).toBe(200);
      await t.ctx.webhooks.drain();
      const [waiting] = (await call('GET', `/api/integrations/webhooks/${endpoint._id}/deliveries`)).json()
        .content;
      expect(waiting).toMatchObject({ status: 'pending', attempts: 0, attempt_log: [] });
      const stateOf = async () => ({
        delivery: await t.ctx.database.query<{ status: string; attempts: number }>(
          'SELECT status, attempts FROM webhook_deliveries WHERE id = $1',
          [waiting._id],
        ),
        attempts: await t.ctx.database.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM webhook_attempts WHERE delivery_id = $1',
          [waiting._id],
        ),
        queue: await t.ctx.database.query<{ leased_until: string | null }>(
          'SELECT leased_until FROM webhook_queue WHERE delivery_id = $1',
          [waiting._id],
        ),
        audit: await t.ctx.database.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM audit_log WHERE action = 'integration.webhook_resent' AND entity_id = $1`,
          [waiting._id],
        ),
      });
      const before = await stateOf();
      expect(before).toEqual({
        delivery: [{ status: 'pending', attempts: 0 }],
        attempts: [{ n: 0 }],
        queue: [{ leased_until: null }],
        audit: [{ n: 0 }],
      });

      const refused = await call('POST', `/api/integrations/webhook-deliveries/${waiting._id}/resend`);
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json()).toMatchObject({
        success: false,
        message: 'This endpoint is switched off: switch it on to resend its deliveries',
      });
      expect(refused.json().message).toBe(WEBHOOK_MESSAGES.endpointSwitchedOff);
      expect(own.received).toEqual([]);
      expect(await stateOf()).toEqual(before);

      // Switched on, its waiting delivery goes, and a resend is sent again with the same id.
      const switchedOn = await call('PUT', `/api/integrations/webhooks/${endpoint._id}`, {
        url: own.url,
        event_types: ['wallet.credited'],
        active: true,
      });
      expect(switchedOn.statusCode, switchedOn.body).toBe(200);
      await t.ctx.webhooks.drain();
      expect(own.received.map((hook) => hook.body.id)).toEqual([waiting.webhook_id]);
      const resent = await call('POST', `/api/integrations/webhook-deliveries/${waiting._id}/resend`);
      expect(resent.statusCode, resent.body).toBe(200);
      expect(resent.json().content).toMatchObject({ status: 'delivered', attempts: 2 });
      expect(own.received.map((hook) => hook.body.id)).toEqual([waiting.webhook_id, waiting.webhook_id]);
    } finally {
      await own.close();
    }
  });
});

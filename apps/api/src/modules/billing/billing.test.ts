import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, callAs, createClientAndSignIn, type SignedIn } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { authorize } from '../../http/auth/guard';
import { createStripeBilling } from '../../providers/billing/stripe-billing';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const clientOf = async (session: { clientId: string; clientToken: string }) =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/v2/client?_id=${session.clientId}`,
      headers: bearer(session.clientToken),
    })
  ).json().content;

/** The plan the console's plan page reads. */
const planOf = async (app: TestApp, session: SignedIn) =>
  (
    await app.app.inject({
      method: 'GET',
      url: '/api/v2/client/stripe/subscription',
      headers: bearer(session.clientToken),
    })
  ).json().content;

describe('built-in billing', () => {
  it('lists the four plans with their features; choosing one activates the client', async () => {
    const session = await createClientAndSignIn(t.app);
    const overview = await t.app.inject({
      method: 'GET',
      url: '/api/billing',
      headers: bearer(session.clientToken),
    });
    expect(overview.statusCode).toBe(200);
    const content = overview.json().content;
    expect(content.provider).toBe('builtin');
    expect(content.plans.map((p: { plan: string }) => p.plan)).toEqual([
      'FREEMIUM',
      'STARTER',
      'GROWTH',
      'BUSINESS',
    ]);
    expect(content.plans[0].features).not.toContain('CHALLENGES');
    expect(content.plans[3].features).toContain('TRANSACTIONS');
    expect(content.customer_email).toBe(session.email);

    const chosen = await t.app.inject({
      method: 'POST',
      url: '/api/billing/plan',
      headers: bearer(session.clientToken),
      payload: { plan: 'GROWTH' },
    });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().content).toEqual({ name: 'GROWTH', status: 'ACTIVE' });
    const client = await clientOf(session);
    expect(client.status).toBe('ACTIVE');
    expect(client.clientSubscription).toEqual({ name: 'GROWTH', status: 'ACTIVE' });
    expect(await planOf(t, session)).toEqual({ name: 'GROWTH', status: 'ACTIVE' });
  });

  it('a move to a plan without integrations switches the webhook endpoints off', async () => {
    const session = await createClientAndSignIn(t.app, { plan: 'BUSINESS' });
    const call = callAs(t.app, session);
    const created = await call('POST', '/api/integrations/webhooks', {
      url: 'http://127.0.0.1:4000/hooks',
      event_types: ['customer.created'],
      active: true,
    });
    expect(created.statusCode, created.body).toBe(200);
    const choose = (plan: string) => call('POST', '/api/billing/plan', { plan });
    const activeEndpoints = async () =>
      (
        await t.ctx.database.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM webhook_endpoints WHERE client_id = $1 AND active',
          [session.clientId],
        )
      )[0]?.n;
    expect(await activeEndpoints()).toBe(1);
    expect((await choose('GROWTH')).statusCode).toBe(200);
    expect(await activeEndpoints()).toBe(0);
    // Back on Business, an admin switches them on again: nothing is sent on the old consent.
    expect((await choose('BUSINESS')).statusCode).toBe(200);
    expect(await activeEndpoints()).toBe(0);
  });

  it('refuses an unknown plan', async () => {
    const session = await createClientAndSignIn(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/billing/plan',
      headers: bearer(session.clientToken),
      payload: { plan: 'PLATINUM' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please select a plan.');
  });

  it('the portal of the built-in provider is the in-app plan page', async () => {
    const session = await createClientAndSignIn(t.app);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/billing/portal',
      headers: bearer(session.clientToken),
    });
    expect(res.json().content.url).toBe('/welcome/select-subscription');
  });
});

describe('plan gating', () => {
  const principal = (plan: string | null, status = 'ACTIVE') =>
    ({
      userId: 'u',
      clientId: 'c',
      name: 'Area Manager',
      role: 'AREA_MANAGER',
      managerOf: [],
      permissions: { CHALLENGES: { read: true, create: false, update: false, delete: false } },
      client: { status, plan, planStatus: plan ? 'ACTIVE' : null },
    }) as Parameters<typeof authorize>[0];

  it('402 for a feature outside the plan, 403 for a missing flag, nothing for an allowed one', () => {
    expect(() => authorize(principal('STARTER'), 'CHALLENGES:read')).toThrow(
      expect.objectContaining({ statusCode: 402 }),
    );
    expect(() => authorize(principal(null, 'AWAITING_SUBSCRIPTION_PAYMENT'), 'CHALLENGES:read')).toThrow(
      expect.objectContaining({ statusCode: 402 }),
    );
    expect(() => authorize(principal('GROWTH'), 'CHALLENGES:create')).toThrow(
      expect.objectContaining({ statusCode: 403 }),
    );
    expect(() => authorize(principal('GROWTH'), 'CHALLENGES:read')).not.toThrow();
    expect(() => authorize(principal('GROWTH'), 'ADMIN')).toThrow(
      expect.objectContaining({ statusCode: 403 }),
    );
  });
});

describe('Stripe webhook', () => {
  const secret = 'whsec_test_laurel_0123456789';
  let stripeApp: TestApp;
  const stripe = new Stripe('sk_test_laurel');

  beforeAll(async () => {
    stripeApp = await createTestApp({
      billing: {
        ...createStripeBilling(
          {
            secretKey: 'sk_test_laurel',
            webhookSecret: secret,
            publishableKey: 'pk_test',
            pricingTableId: 'prctbl_1',
          },
          stripe,
        ),
        // Registration would call Stripe over the network; the webhook path under test does not.
        createCustomer: async () => 'cus_TEST0001',
      },
    });
  });
  afterAll(() => stripeApp.close());

  const subscriptionEvent = (
    type: string,
    status: string,
    lookupKey: string,
    subscription = 'sub_1',
    customer = 'cus_TEST0001',
  ) =>
    JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type,
      data: {
        object: {
          id: subscription,
          object: 'subscription',
          customer,
          status,
          items: {
            object: 'list',
            data: [{ id: 'si_1', price: { id: 'price_1', lookup_key: lookupKey, metadata: {} } }],
          },
        },
      },
    });
  /** Gives the client a billing customer of its own (every client here is registered as cus_TEST0001). */
  const ownCustomer = async (clientId: string, customer: string) => {
    await stripeApp.ctx.database.query('UPDATE clients SET payment_engine_id = $2 WHERE id = $1', [
      clientId,
      customer,
    ]);
    return customer;
  };
  const post = (payload: string, signature: string) =>
    stripeApp.app.inject({
      method: 'POST',
      url: '/api/billing/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });

  it('a signed subscription event moves the client to ACTIVE on that plan', async () => {
    const session = await createClientAndSignIn(stripeApp.app);
    const payload = subscriptionEvent('customer.subscription.created', 'active', 'business');
    const res = await post(payload, stripe.webhooks.generateTestHeaderString({ payload, secret }));
    expect(res.statusCode).toBe(200);
    expect(res.json().content).toEqual({ received: true });
    const client = (
      await stripeApp.app.inject({
        method: 'GET',
        url: `/api/v2/client?_id=${session.clientId}`,
        headers: bearer(session.clientToken),
      })
    ).json().content;
    expect(client.status).toBe('ACTIVE');
    expect(client.clientSubscription).toEqual({ name: 'BUSINESS', status: 'ACTIVE' });

    const cancelled = subscriptionEvent('customer.subscription.deleted', 'canceled', 'business');
    await post(cancelled, stripe.webhooks.generateTestHeaderString({ payload: cancelled, secret }));
    expect(await planOf(stripeApp, session)).toEqual({ name: 'BUSINESS', status: 'CANCELLED' });
  });

  it("a late cancellation of a subscription the client has replaced leaves the new one's plan alone", async () => {
    const session = await createClientAndSignIn(stripeApp.app);
    const customer = await ownCustomer(session.clientId, 'cus_REPLACED');
    const send = (type: string, status: string, plan: string, subscription: string) => {
      const payload = subscriptionEvent(type, status, plan, subscription, customer);
      return post(payload, stripe.webhooks.generateTestHeaderString({ payload, secret }));
    };
    await send('customer.subscription.created', 'active', 'growth', 'sub_old');
    await send('customer.subscription.updated', 'past_due', 'growth', 'sub_old');
    // Shown the plans again, the business subscribes anew; then Stripe's dunning deletes the old subscription.
    await send('customer.subscription.created', 'active', 'business', 'sub_new');
    await send('customer.subscription.deleted', 'canceled', 'growth', 'sub_old');
    expect(await planOf(stripeApp, session)).toEqual({ name: 'BUSINESS', status: 'ACTIVE' });
  });

  it('a payment does not lift a suspension by the platform', async () => {
    const session = await createClientAndSignIn(stripeApp.app);
    const customer = await ownCustomer(session.clientId, 'cus_SUSPENDED');
    await stripeApp.ctx.database.query(`UPDATE clients SET status = 'SUSPENDED' WHERE id = $1`, [
      session.clientId,
    ]);
    const payload = subscriptionEvent('customer.subscription.created', 'active', 'growth', 'sub_s', customer);
    await post(payload, stripe.webhooks.generateTestHeaderString({ payload, secret }));
    const [row] = await stripeApp.ctx.database.query<{ status: string; plan: string }>(
      'SELECT status, plan FROM clients WHERE id = $1',
      [session.clientId],
    );
    expect(row).toEqual({ status: 'SUSPENDED', plan: 'GROWTH' });
  });

  it('a bad signature is refused with 400 and changes nothing', async () => {
    const payload = subscriptionEvent('customer.subscription.created', 'active', 'growth');
    const res = await post(
      payload,
      stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_wrong' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The webhook signature could not be verified.');
  });

  it('the in-app plan choice is refused when Stripe manages plans', async () => {
    const session = await createClientAndSignIn(stripeApp.app);
    const res = await stripeApp.app.inject({
      method: 'POST',
      url: '/api/billing/plan',
      headers: bearer(session.clientToken),
      payload: { plan: 'GROWTH' },
    });
    expect(res.statusCode).toBe(409);
  });
});

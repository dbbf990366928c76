import { BILLING_MESSAGES, type TPlan, type TPlanSubscriptionStatus, ZPlan } from '@laurel/contract';
import Stripe from 'stripe';
import { HttpError } from '../../http/errors';
import type { BillingProvider, PlanChange } from './billing-provider';

export type StripeSettings = {
  secretKey: string;
  webhookSecret: string;
  publishableKey: string;
  pricingTableId: string;
};

const STATUS: Record<string, TPlanSubscriptionStatus> = {
  active: 'ACTIVE',
  trialing: 'TRIALING',
  past_due: 'PAST_DUE',
  unpaid: 'PAST_DUE',
  incomplete: 'INCOMPLETE',
  incomplete_expired: 'CANCELLED',
  canceled: 'CANCELLED',
  paused: 'CANCELLED',
};

/** The plan of a Stripe price: its lookup key or `metadata.plan` names one of Laurel's plans. */
const planOfPrice = (price: Stripe.Price | undefined): TPlan | null => {
  const candidates = [price?.lookup_key, price?.metadata?.plan];
  for (const candidate of candidates) {
    const parsed = ZPlan.safeParse(candidate?.toUpperCase());
    if (parsed.success) return parsed.data;
  }
  return null;
};

export const planChangeOf = (event: Stripe.Event): PlanChange | null => {
  if (
    event.type !== 'customer.subscription.created' &&
    event.type !== 'customer.subscription.updated' &&
    event.type !== 'customer.subscription.deleted'
  ) {
    return null;
  }
  const subscription = event.data.object;
  const customer =
    typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id;
  return {
    paymentEngineId: customer,
    plan: planOfPrice(subscription.items.data[0]?.price),
    status:
      event.type === 'customer.subscription.deleted'
        ? 'CANCELLED'
        : (STATUS[subscription.status] ?? 'INCOMPLETE'),
    subscriptionId: subscription.id,
  };
};

export const createStripeBilling = (
  settings: StripeSettings,
  client = new Stripe(settings.secretKey),
): BillingProvider => ({
  name: 'stripe',
  selectsPlansInApp: false,
  createCustomer: async ({ email, name, clientId }) =>
    (await client.customers.create({ email, name, metadata: { laurel_client_id: clientId } })).id,
  portalUrl: async (customer, returnUrl) =>
    (await client.billingPortal.sessions.create({ customer, return_url: returnUrl })).url,
  pricingTable: async (customer) => {
    // A customer session makes the pricing table subscribe the client's own Stripe customer.
    const session = await client.customerSessions.create({
      customer,
      components: { pricing_table: { enabled: true } },
    });
    return {
      pricing_table_id: settings.pricingTableId,
      publishable_key: settings.publishableKey,
      customer_session_client_secret: session.client_secret,
    };
  },
  parseWebhook: (rawBody, signature) => {
    let event: Stripe.Event;
    try {
      event = client.webhooks.constructEvent(rawBody, signature ?? '', settings.webhookSecret);
    } catch {
      throw new HttpError(400, BILLING_MESSAGES.badSignature);
    }
    return planChangeOf(event);
  },
});

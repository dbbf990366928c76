import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint';
import { envelopeOf } from '../http/envelope';
import { ZPlan, ZPlanFeature } from '../shared/plans';
import { ZClientPlan } from './client';

export const BILLING_MESSAGES = {
  planRequired: 'Please select a plan.',
  managedByStripe: 'Plans are managed through Stripe for this installation: use the pricing table.',
  noStripeCustomer: 'This client has no billing account yet.',
  badSignature: 'The webhook signature could not be verified.',
} as const;

export const ZPlanOffer = z.object({
  plan: ZPlan,
  label: z.string(),
  description: z.string(),
  /** Monthly price, decimal with two places (DESIGN §9). */
  price: z.string(),
  currency_symbol: z.string(),
  features: z.array(ZPlanFeature),
  current: z.boolean(),
});
export type TPlanOffer = z.infer<typeof ZPlanOffer>;

export const ZBillingOverview = z.object({
  provider: z.enum(['builtin', 'stripe']),
  stripe: z
    .object({
      pricing_table_id: z.string(),
      publishable_key: z.string(),
      customer_session_client_secret: z.string(),
    })
    .nullable(),
  payment_engine_id: z.string(),
  customer_email: z.string(),
  plans: z.array(ZPlanOffer),
  current: ZClientPlan,
});
export type TBillingOverview = z.infer<typeof ZBillingOverview>;

export const getBilling = defineEndpoint({
  method: 'GET',
  path: '/billing',
  permission: 'SIGNED_IN',
  token: 'client',
  summary: 'Plans on offer, the billing provider and the current plan',
  tags: ['billing'],
  response: envelopeOf(ZBillingOverview),
});

export const selectPlan = defineEndpoint({
  method: 'POST',
  path: '/billing/plan',
  permission: 'ADMIN',
  token: 'client',
  summary: 'Choose a plan (built-in billing provider)',
  tags: ['billing'],
  body: z.object({ plan: z.enum(ZPlan.options, { error: BILLING_MESSAGES.planRequired }) }),
  response: envelopeOf(ZClientPlan),
});

export const getBillingPortal = defineEndpoint({
  method: 'GET',
  path: '/billing/portal',
  permission: 'ADMIN',
  token: 'client',
  summary: "Where the client manages its plan: the Stripe portal's address, or the in-app plan page's path",
  tags: ['billing'],
  query: z.object({ return_url: z.string().url().max(2000).optional() }),
  response: envelopeOf(z.object({ url: z.string() })),
});

export const stripeWebhook = defineEndpoint({
  method: 'POST',
  path: '/billing/stripe/webhook',
  permission: 'PUBLIC',
  token: 'none',
  summary: 'Stripe events (signature verified) that update client plans',
  tags: ['billing'],
  response: envelopeOf(z.object({ received: z.boolean() })),
});

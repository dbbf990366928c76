import type { TPlan, TPlanSubscriptionStatus } from '@laurel/contract';

/** A change of a client's plan that the billing service reported. */
export type PlanChange = {
  paymentEngineId: string;
  plan: TPlan | null;
  status: TPlanSubscriptionStatus;
  subscriptionId: string | null;
};

export type BillingProvider = {
  name: 'builtin' | 'stripe';
  /** Creates the billing customer for a new client; its id is the client's payment_engine_id. */
  createCustomer: (input: { email: string; name: string; clientId: string }) => Promise<string>;
  /** Where the client manages its plan. */
  portalUrl: (paymentEngineId: string, returnUrl: string) => Promise<string>;
  /** What the plan page embeds (Stripe's pricing table) or null for the in-app plan list. */
  pricingTable: (paymentEngineId: string) => Promise<{
    pricing_table_id: string;
    publishable_key: string;
    customer_session_client_secret: string;
  } | null>;
  /** Verifies and reads a webhook; null for an event that changes no plan. Throws on a bad signature. */
  parseWebhook: (rawBody: Buffer, signature: string | undefined) => PlanChange | null;
  /** Whether the console may choose a plan directly (the built-in provider only). */
  selectsPlansInApp: boolean;
};

/** Monthly prices of the built-in provider, in minor units of the client's currency. */
export const BUILTIN_PLAN_PRICES: Record<TPlan, number> = {
  FREEMIUM: 0,
  STARTER: 49_900,
  GROWTH: 149_900,
  BUSINESS: 399_900,
};

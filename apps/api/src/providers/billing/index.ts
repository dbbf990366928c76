import type { BillingProvider } from './billing-provider';
import { createBuiltinBilling } from './builtin-billing';
import { createStripeBilling, type StripeSettings } from './stripe-billing';

export type { BillingProvider, PlanChange } from './billing-provider';
export { BUILTIN_PLAN_PRICES } from './billing-provider';

export const billingProviderFor = (config: { stripe: StripeSettings | null }): BillingProvider =>
  config.stripe ? createStripeBilling(config.stripe) : createBuiltinBilling();

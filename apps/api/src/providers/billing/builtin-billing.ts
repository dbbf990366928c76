import { newId } from '../../db/ids';
import { HttpError } from '../../http/errors';
import type { BillingProvider } from './billing-provider';

/** Needs nothing: plans are chosen on the in-app plan page and take effect at once. */
export const createBuiltinBilling = (publicUrl: string): BillingProvider => ({
  name: 'builtin',
  selectsPlansInApp: true,
  createCustomer: async () => `lrl_cus_${newId()}`,
  portalUrl: async () => `${publicUrl}/welcome/select-subscription`,
  pricingTable: async () => null,
  parseWebhook: () => {
    throw new HttpError(404, 'Stripe is not configured for this installation.');
  },
});

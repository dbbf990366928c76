import { newId } from '../../db/ids';
import { HttpError } from '../../http/errors';
import type { BillingProvider } from './billing-provider';

/**
 * Needs nothing: plans are chosen on the in-app plan page and take effect at once. The page is named by its path:
 * the console opens it on the address it is itself served from (which may not be PUBLIC_URL's, e.g. 127.0.0.1
 * beside the default localhost), where its session is.
 */
export const createBuiltinBilling = (): BillingProvider => ({
  name: 'builtin',
  selectsPlansInApp: true,
  createCustomer: async () => `lrl_cus_${newId()}`,
  portalUrl: async () => '/welcome/select-subscription',
  pricingTable: async () => null,
  parseWebhook: () => {
    throw new HttpError(404, 'Stripe is not configured for this installation.');
  },
});

import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint';
import { envelopeOf } from '../http/envelope';
import { ZClientStatus, ZPlanSubscriptionStatus } from '../shared/client-statuses';
import { BUSINESS_EMAIL_REGEX } from '../shared/contact';
import { ZCurrencySymbol } from '../shared/currency-codes';
import { ZId } from '../shared/ids';
import { ZPlan } from '../shared/plans';
import { ZCoordinates } from './onboarding';

export const INTEGRATION_MESSAGES = {
  enabledRequired: 'Email Notifications is required.',
  returnsEmailRequired: 'Email Address is required when email notifications are on.',
  returnsEmailInvalid: 'Email Address must be a valid email address',
} as const;

export const ZNotificationIntegration = z
  .object({
    type: z.literal('NOTIFICATION', { error: 'type must be NOTIFICATION' }),
    data: z.object(
      {
        enabled: z.boolean({ error: INTEGRATION_MESSAGES.enabledRequired }),
        returns_email_address: z.string().trim().max(254).nullable().optional(),
      },
      { error: INTEGRATION_MESSAGES.enabledRequired },
    ),
  })
  .superRefine((value, ctx) => {
    const address = value.data.returns_email_address ?? '';
    if (value.data.enabled && address === '') {
      ctx.addIssue({
        code: 'custom',
        path: ['data', 'returns_email_address'],
        message: INTEGRATION_MESSAGES.returnsEmailRequired,
      });
    } else if (address !== '' && !BUSINESS_EMAIL_REGEX.test(address)) {
      ctx.addIssue({
        code: 'custom',
        path: ['data', 'returns_email_address'],
        message: INTEGRATION_MESSAGES.returnsEmailInvalid,
      });
    }
  });
export type TNotificationIntegration = z.infer<typeof ZNotificationIntegration>;

export const ZClientPlan = z.object({ name: ZPlan.nullable(), status: ZPlanSubscriptionStatus.nullable() });
export type TClientPlan = z.infer<typeof ZClientPlan>;

/** The client record the console loads after sign-in (spec 1 §3 "Client"). Secrets stay out. */
export const ZClient = z.object({
  _id: z.string(),
  alias: z.string(),
  name: z.string(),
  id_number: z.string(),
  vat_number: z.string().nullable(),
  type: z.string(),
  domain: z.string().nullable(),
  status: ZClientStatus,
  currency_symbol: ZCurrencySymbol,
  time_zone: z.string(),
  address: z.object({ full_address: z.string(), coordinates: ZCoordinates.nullable() }),
  clientSubscription: ZClientPlan,
  integration_settings: z.object({
    payment_engine_id: z.string(),
    configurations: z.array(ZNotificationIntegration),
  }),
  users: z.array(z.object({ user_id: z.string(), manager_of: z.array(z.string()) })),
  created_at: z.string(),
});
export type TClient = z.infer<typeof ZClient>;

export const getClient = defineEndpoint({
  method: 'GET',
  path: '/v2/client',
  permission: 'SIGNED_IN',
  token: 'client',
  summary: "The signed-in user's client record (only that client's id is accepted)",
  tags: ['accounts'],
  query: z.object({ _id: ZId }),
  response: envelopeOf(ZClient),
});

export const getClientPlan = defineEndpoint({
  method: 'GET',
  path: '/v2/client/stripe/subscription',
  permission: 'SIGNED_IN',
  token: 'client',
  summary: "The client's current plan",
  tags: ['billing'],
  response: envelopeOf(ZClientPlan),
});

export const addClientIntegration = defineEndpoint({
  method: 'PUT',
  path: '/v2/add/client/integration',
  permission: 'ADMIN',
  token: 'client',
  summary: 'Save the email-notification integration',
  tags: ['accounts'],
  body: ZNotificationIntegration,
  response: envelopeOf(ZNotificationIntegration),
});

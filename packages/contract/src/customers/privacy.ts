import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint';
import { envelopeOf } from '../http/envelope';
import { queryBoolean } from '../http/fields';
import { ZId } from '../shared/ids';
import { ZCustomer } from './customers';

/**
 * Privacy (DESIGN §10): a member's data handed over or erased on request (GDPR, POPIA). An erased member keeps
 * their pseudonymous `_id` so that ledgers, orders' amounts and statistics still add up; every name shown for
 * them reads "Erased customer" (name "Erased", surname "customer").
 */
export const PRIVACY_MESSAGES = {
  exported: 'Customer data exported.',
  erased: 'Customer erased.',
  alreadyErased: 'This customer has been erased.',
  settingsSaved: 'Privacy settings saved.',
  retentionRange: 'Keep payloads for 1 to 3650 days, or leave it empty to keep them forever',
  erasedName: 'Erased',
  erasedSurname: 'customer',
  /** What the console shows wherever the erased member's name would be. */
  erasedDisplayName: 'Erased customer',
  /** The reason on the ledger row that forfeits an erased member's balance. */
  forfeitReason: 'Forfeited: customer erased',
} as const;

/** What the console's Erase dialog asks the user to type before it lets them erase (see the dialog's text). */
export const ERASE_CONFIRMATION_WORD = 'ERASE';

/**
 * The export document: its header names each part that follows as a key of the
 * document, with what it holds; the profile is one record (or null), every other part an array of records.
 */
export const ZCustomerDataExport = z
  .object({
    laurel_data_export: z.object({
      about: z.string(),
      customer_id: z.string(),
      /** The business's name, for the member who reads the file. */
      business: z.string().nullable(),
      client_id: z.string(),
      generated_at: z.string(),
      parts: z.array(z.object({ name: z.string(), description: z.string() })),
    }),
    profile: z.record(z.string(), z.unknown()).nullable(),
  })
  .catchall(z.array(z.record(z.string(), z.unknown())));
export type TCustomerDataExport = z.infer<typeof ZCustomerDataExport>;

export const exportCustomerData = defineEndpoint({
  method: 'GET',
  path: '/customers/:id/data-export',
  permission: 'CUSTOMERS:read',
  token: 'client',
  summary:
    "Everything Laurel holds about one customer as one JSON document (streamed), as the envelope's content: a header naming each part, then the parts (profile, loyalty, addresses, cards, orders, baskets, subscriptions, events, statistics, segments, badges, challenges, reward tracks, wallets and ledgers, redemptions). With download=true the document alone, as a file to hand to the member. Audit-logged",
  tags: ['customers'],
  params: z.object({ id: ZId }),
  query: z.object({
    download: queryBoolean('download must be true or false').default(false),
  }),
  response: envelopeOf(ZCustomerDataExport),
});

const eraseSummary =
  'Erase a customer for good: name, email, cell number, birthday, external id, loyalty record, addresses, cards and the identifying fields of stored events and exports are removed; ledgers, orders and statistics stay under the pseudonymous id. Irreversible; audit-logged (who and when, never what)';

export const eraseCustomer = defineEndpoint({
  method: 'POST',
  path: '/customers/:id/erase',
  permission: 'CUSTOMERS:delete',
  token: 'client',
  summary: eraseSummary,
  tags: ['customers'],
  params: z.object({ id: ZId }),
  response: envelopeOf(ZCustomer),
  errors: [409],
});

export const deleteIntegratorCustomer = defineEndpoint({
  method: 'DELETE',
  path: '/v1/customers/:id',
  permission: 'CUSTOMERS:delete',
  token: 'integration',
  summary: `${eraseSummary}. 409 when the customer is already erased`,
  tags: ['integrator'],
  params: z.object({ id: ZId }),
  response: envelopeOf(ZCustomer),
  errors: [409],
});

/** Days a processed event keeps its payload; null keeps it forever (the default). */
/** How long processed events may keep their payload, in days (null: forever). */
export const EVENT_PAYLOAD_RETENTION_DAYS = { min: 1, max: 3650 } as const;
/** The same rule as the schema's, without zod: the console's form checks it on every keystroke. */
export const isEventPayloadRetentionDays = (value: number | null) =>
  value === null ||
  (Number.isInteger(value) &&
    value >= EVENT_PAYLOAD_RETENTION_DAYS.min &&
    value <= EVENT_PAYLOAD_RETENTION_DAYS.max);

export const ZEventPayloadRetentionDays = z
  .number({ error: PRIVACY_MESSAGES.retentionRange })
  .int({ error: PRIVACY_MESSAGES.retentionRange })
  .min(EVENT_PAYLOAD_RETENTION_DAYS.min, { error: PRIVACY_MESSAGES.retentionRange })
  .max(EVENT_PAYLOAD_RETENTION_DAYS.max, { error: PRIVACY_MESSAGES.retentionRange })
  .nullable();

export const ZPrivacySettings = z.object({ event_payload_retention_days: ZEventPayloadRetentionDays });
export type TPrivacySettings = z.infer<typeof ZPrivacySettings>;

export const getPrivacySettings = defineEndpoint({
  method: 'GET',
  path: '/client/privacy-settings',
  permission: 'ADMIN',
  token: 'client',
  summary:
    "The business's privacy settings: how many days processed events keep their payload (null: forever)",
  tags: ['accounts'],
  response: envelopeOf(ZPrivacySettings),
});

export const savePrivacySettings = defineEndpoint({
  method: 'PUT',
  path: '/client/privacy-settings',
  permission: 'ADMIN',
  token: 'client',
  summary:
    'Save the privacy settings: a daily task blanks the payload of processed events older than the retention (waiting and parked events keep theirs)',
  tags: ['accounts'],
  body: ZPrivacySettings,
  response: envelopeOf(ZPrivacySettings),
});

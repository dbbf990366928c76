import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint';
import { envelopeOf } from '../http/envelope';
import { requiredString, ZPageNumber, ZPageSize } from '../http/fields';
import { ADD_CUSTOMER_MESSAGES, CUSTOMER_PROFILE_MESSAGES } from '../messages/customers';
import { CELL_NUMBER_REGEX, EMAIL_REGEX } from '../shared/contact';
import { ZCommunicationMethod, ZGender } from '../shared/customer-options';
import { ZCustomerStatus } from '../shared/customer-statuses';
import { checkPastDate, DATE_MESSAGES, ZIsoDate } from '../shared/dates';
import { ID_REGEX, ZId } from '../shared/ids';
import { LIMITS } from '../shared/limits';
import { countCapAhead } from '../shared/paging';

/** The address the console sends when an email is left empty (spec 1 §5); the server treats it as none. */
export const GUEST_EMAIL = 'guest@laurel.app';

export const CUSTOMER_MESSAGES = {
  invalidId: 'The customer id must be 24 hexadecimal characters.',
  notFound: 'The customer could not be found.',
  cardNumberLength: `Card number must be ${LIMITS.loyaltyCardNumberLength} characters`,
  unknownBranch: 'The selected branch does not exist.',
  branchNotManaged: 'You can only add customers to the branches you manage.',
  invalidDate: DATE_MESSAGES.notReal,
} as const;

/** A customer's name and surname: at most this many characters. */
export const CUSTOMER_NAME_MAX_LENGTH = 100;

/** A customer text field's messages beside the spec's "required": not a string, and too long. */
export const customerTextMessages = (label: string, max: number) => ({
  notText: `${label} must be text`,
  tooLong: `${label} must not be more than ${max} characters`,
});

/**
 * A required text field of a customer: `required` (the spec's message) when it is missing, null or blank, '{label}
 * must be text' when it is not a string, '{label} must not be more than {max} characters' when it is too long.
 */
export const requiredCustomerText = (label: string, required: string, max: number) => {
  const messages = customerTextMessages(label, max);
  return z
    .string({
      error: (issue) => (issue.input === undefined || issue.input === null ? required : messages.notText),
    })
    .trim()
    .min(1, required)
    .max(max, messages.tooLong);
};

export const ZCustomerEmail = z
  .string()
  .trim()
  .max(254, ADD_CUSTOMER_MESSAGES.invalidEmail)
  .regex(EMAIL_REGEX, ADD_CUSTOMER_MESSAGES.invalidEmail)
  .or(z.literal(''))
  .nullable()
  .optional();

export const ZCustomerCellNumber = requiredString(ADD_CUSTOMER_MESSAGES.invalidPhoneNumber).regex(
  CELL_NUMBER_REGEX,
  ADD_CUSTOMER_MESSAGES.invalidPhoneNumber,
);

/**
 * A birthday: a real calendar day from 1900-01-01 (a badly formatted or impossible date gets the format message, and
 * only that one), before today ('Date in the future not allowed.', spec 1 §5).
 */
export const ZBirthday = z
  .string()
  .trim()
  .superRefine(
    checkPastDate({
      notReal: CUSTOMER_MESSAGES.invalidDate,
      future: CUSTOMER_PROFILE_MESSAGES.futureDateNotAllowed,
    }),
  );

/** The client's own id for a customer (integrator API): 1 to 100 printable characters, unique within the client. */
export const EXTERNAL_ID_MESSAGE = 'external_id must be 1 to 100 printable characters';
// The length checks abort: every check says the same, and a 400 reports it once (not again from the pattern).
export const ZCustomerExternalId = z
  .string({ error: EXTERNAL_ID_MESSAGE })
  .trim()
  .min(1, { message: EXTERNAL_ID_MESSAGE, abort: true })
  .max(100, { message: EXTERNAL_ID_MESSAGE, abort: true })
  .regex(/^[\x20-\x7E]+$/, EXTERNAL_ID_MESSAGE);

/**
 * Whether a body names its customer by `external_id` or a non-blank `email` (DESIGN §10: enrolled by external_id,
 * else email). Read from the raw body, so that it holds whatever the other fields' checks found: a key that was
 * given but is not valid counts as given (its own field's message says what is wrong with it).
 */
export const namesCustomerKey = (body: Record<string, unknown>) =>
  body.external_id !== undefined ||
  (body.email !== undefined &&
    body.email !== null &&
    (typeof body.email !== 'string' || body.email.trim() !== ''));

/**
 * The "external_id or email is required" rule as a refinement that runs even when other fields failed (zod skips a
 * plain refine then), so a 400 lists it beside the field errors; reported on `external_id`.
 */
export const customerKeyRule = (message: string) => ({
  message,
  path: ['external_id'],
  when: (payload: { value: unknown }) =>
    typeof payload.value === 'object' && payload.value !== null && !Array.isArray(payload.value),
});

export const ZCardNumber = z
  .string()
  .trim()
  .length(LIMITS.loyaltyCardNumberLength, CUSTOMER_MESSAGES.cardNumberLength);

/** The Add Customer form (spec 1 §3 "Customer (add form)"). */
export const ZAddCustomerRequest = z.object({
  name: requiredCustomerText('Name', ADD_CUSTOMER_MESSAGES.nameRequired, CUSTOMER_NAME_MAX_LENGTH),
  surname: requiredCustomerText('Surname', ADD_CUSTOMER_MESSAGES.surnameRequired, CUSTOMER_NAME_MAX_LENGTH),
  email: ZCustomerEmail,
  cell_number: ZCustomerCellNumber,
  password: z.string().max(200).optional(),
  gender: ZGender.or(z.literal('')).optional(),
  member_card_number: ZCardNumber.or(z.literal('')).nullable().optional(),
  status: ZCustomerStatus.optional(),
  birthday: ZBirthday.or(z.literal('')).nullable().optional(),
  member_date: ZIsoDate.optional(),
  loyalty_sign_up: z.boolean().default(true),
  get_communication: z.boolean().default(false),
  agrees_terms_and_conditions: z.boolean().default(false),
  communication_method: z.array(ZCommunicationMethod).max(3).default([]),
  member_branch_id: ZId.or(z.literal('')).nullable().optional(),
});
export type TAddCustomerRequest = z.input<typeof ZAddCustomerRequest>;

/** A row of the Customers table (spec 1 §3 "Customer (list item)"); money as decimals. */
export const ZCustomerListItem = z.object({
  _id: z.string(),
  name: z.string(),
  surname: z.string(),
  cell_number: z.string().nullable(),
  email: z.string().nullable(),
  last_order_amount: z.number(),
  total_order_value: z.number(),
  last_transacted: z.string().nullable(),
  status: ZCustomerStatus,
  member_branch_id: z.string().nullable(),
  created_at: z.string(),
});
export type TCustomerListItem = z.infer<typeof ZCustomerListItem>;

export const ZCustomer = ZCustomerListItem.extend({
  gender: ZGender,
  birthday: z.string().nullable(),
  member_card_number: z.string().nullable(),
  member_date: z.string(),
  communication_method: z.array(ZCommunicationMethod),
  get_communication: z.boolean(),
  agrees_terms_and_conditions: z.boolean(),
  loyalty_sign_up: z.boolean(),
  member_branch: z.object({ _id: z.string(), display_name: z.string() }).nullable(),
  /** The client's own id, set over the integrator API; null when never given. */
  external_id: z.string().nullable(),
  updated_at: z.string(),
});
export type TCustomer = z.infer<typeof ZCustomer>;

export const ZCustomerListQuery = z.object({
  page: ZPageNumber.default(1),
  size: ZPageSize.default(15),
  status: ZCustomerStatus.or(z.literal('ALL')).optional(),
  start_date: ZIsoDate.optional(),
  end_date: ZIsoDate.optional(),
  search_string: z.string().trim().max(200).optional(),
  /** The staff user the console sends (spec 1 §7); the server knows who is asking. */
  user_id: z.string().max(64).optional(),
  branch_id_list: z.union([z.array(ZId), ZId.transform((id) => [id])]).optional(),
});

/** Above this the list says "10,000+" instead of counting every row (DESIGN §9). */
export const CUSTOMER_COUNT_CAP = 10_000;
/**
 * A free-text search counts its matches only ten pages past the page shown ("150+" on page 1 of 15): the trigram
 * index yields every match before any is counted, and each counted match costs a row read, so a common name
 * prefix made a 10,000 count the slowest part of the list. Whether a next page exists stays exact on every page.
 */
export const CUSTOMER_SEARCH_COUNT_PAGES = 10;
export const customerSearchCountCap = (page: number, size: number) =>
  countCapAhead(page, size, CUSTOMER_SEARCH_COUNT_PAGES);

export const listCustomers = defineEndpoint({
  method: 'GET',
  path: '/v2/client/loyalty/users',
  permission: 'CUSTOMERS:read',
  token: 'client',
  summary: 'Customers: search, status and date filters, paging (count capped above 10,000)',
  tags: ['customers'],
  query: ZCustomerListQuery,
  response: envelopeOf(
    z.object({ user_list: z.array(ZCustomerListItem), count: z.number().int(), count_capped: z.boolean() }),
  ),
});

export const addCustomer = defineEndpoint({
  method: 'POST',
  path: '/user/sign_up',
  permission: 'CUSTOMERS:create',
  token: 'client',
  summary: 'Add a customer',
  tags: ['customers'],
  body: ZAddCustomerRequest,
  response: envelopeOf(z.object({ _id: z.string() })),
});

const ZCustomerIdQuery = z.object({ _id: z.string().regex(ID_REGEX, CUSTOMER_MESSAGES.invalidId) });

export const getCustomer = defineEndpoint({
  method: 'GET',
  path: '/v2/get/user',
  permission: 'CUSTOMERS:read',
  token: 'client',
  summary: 'One customer',
  tags: ['customers'],
  query: ZCustomerIdQuery,
  response: envelopeOf(ZCustomer),
});

export const ZUpdateCustomerRequest = z.object({
  _id: z.string().regex(ID_REGEX, CUSTOMER_MESSAGES.invalidId),
  name: requiredCustomerText('Name', ADD_CUSTOMER_MESSAGES.nameRequired, CUSTOMER_NAME_MAX_LENGTH).optional(),
  surname: requiredCustomerText(
    'Surname',
    ADD_CUSTOMER_MESSAGES.surnameRequired,
    CUSTOMER_NAME_MAX_LENGTH,
  ).optional(),
  email: ZCustomerEmail,
  cell_number: ZCustomerCellNumber.optional(),
  birthday: ZBirthday.or(z.literal('')).nullable().optional(),
});

export const updateCustomer = defineEndpoint({
  method: 'PUT',
  path: '/v2/update/user',
  permission: 'CUSTOMERS:update',
  token: 'client',
  summary: "Edit a customer's personal information",
  tags: ['customers'],
  body: ZUpdateCustomerRequest,
  response: envelopeOf(ZCustomer),
});

export const suspendCustomer = defineEndpoint({
  method: 'PUT',
  path: '/v2/suspend/user',
  permission: 'CUSTOMERS:delete',
  token: 'client',
  summary: 'Suspend a customer',
  tags: ['customers'],
  body: ZCustomerIdQuery,
  response: envelopeOf(ZCustomer),
});

export const unsuspendCustomer = defineEndpoint({
  ...suspendCustomer,
  path: '/v2/unsuspend/user',
  summary: 'Activate a suspended customer',
});

export const requestCustomerExport = defineEndpoint({
  method: 'POST',
  path: '/v2/export/client/loyalty/users',
  permission: 'CUSTOMERS:read',
  token: 'client',
  summary: 'Prepare a CSV export of the customers (same filters as the list); returns the file id',
  tags: ['customers'],
  planFeature: 'EXPORTS',
  body: ZCustomerListQuery.omit({ page: true, size: true }).default({}),
  response: envelopeOf(z.object({ file_id: z.string(), file_name: z.string(), url: z.string() })),
});

export const downloadCustomerExport = defineEndpoint({
  method: 'GET',
  path: '/v2/export/client/loyalty/users/files',
  permission: 'CUSTOMERS:read',
  token: 'client',
  summary: 'Download a prepared customer export (CSV, streamed)',
  tags: ['customers'],
  planFeature: 'EXPORTS',
  query: z.object({ file_id: ZId }),
  response: z.string(),
});

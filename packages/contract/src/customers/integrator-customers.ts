import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint';
import { envelopeOf } from '../http/envelope';
import { ZId } from '../shared/ids';
import {
  customerKeyRule,
  namesCustomerKey,
  ZAddCustomerRequest,
  ZCustomer,
  ZCustomerCellNumber,
  ZCustomerExternalId,
} from './customers';
import { ZLoyaltySignUpRequest } from './loyalty';

export const CUSTOMER_API_MESSAGES = {
  keyRequired: 'external_id or email is required',
  lookupKey: 'Give exactly one of external_id, email, cell_number or loyalty_number',
  enrolled: 'Customer enrolled.',
  updated: 'Customer updated.',
  retrieved: 'Customer retrieved.',
  externalIdTaken: 'A customer with this external_id already exists.',
  suspended: 'This customer is suspended: an enrolment does not reactivate them.',
} as const;

/**
 * The integrator's customer: the add form's fields and messages (reused, not copied), plus the client's own id,
 * a loyalty number (the one events and lookups name) and the marketing consent (`get_communication`).
 */
const ZCustomerFields = ZAddCustomerRequest.pick({
  name: true,
  surname: true,
  email: true,
  birthday: true,
}).extend({
  external_id: ZCustomerExternalId.optional(),
  cell_number: ZCustomerCellNumber.optional(),
  branch_id: ZId.nullable().optional(),
  loyalty_number: ZLoyaltySignUpRequest.shape.loyalty_number.optional(),
  marketing_consent: z.boolean({ error: 'marketing_consent must be true or false' }).optional(),
});

const exampleEnrolment = {
  external_id: 'shop-user-88123',
  email: 'ayanda@example.com',
  cell_number: '+27821234567',
  name: 'Ayanda',
  surname: 'Dlamini',
  birthday: '1991-04-18',
  loyalty_number: 'LRL000042',
  marketing_consent: true,
};

const CUSTOMER_FIELD_NAMES = ZCustomerFields.keyof().options.join(', ');

/**
 * A field the customer does not have is refused, on enrolment and update alike: a misspelt one (`first_name`) would
 * otherwise be dropped without a word, and a PATCH answer 200 having changed nothing.
 */
const unknownFieldsRefused = {
  error: (issue: { code?: string; keys?: string[] }) =>
    issue.code === 'unrecognized_keys'
      ? `Unknown field ${(issue.keys ?? []).map((key) => `'${key}'`).join(', ')}: a customer's fields are ${CUSTOMER_FIELD_NAMES}.`
      : undefined,
};

/** "external_id or email is required" is reported beside any other field's error (see customerKeyRule). */
export const ZEnrolCustomerRequest = z
  .strictObject(ZCustomerFields.shape, unknownFieldsRefused)
  .refine((body) => namesCustomerKey(body), customerKeyRule(CUSTOMER_API_MESSAGES.keyRequired))
  .meta({ examples: [exampleEnrolment] });
export type TEnrolCustomerRequest = z.input<typeof ZEnrolCustomerRequest>;

/** A partial update: only the fields given change; the same rules as an enrolment. */
export const ZPatchCustomerRequest = z
  .strictObject(ZCustomerFields.partial().shape, unknownFieldsRefused)
  .meta({
    examples: [{ cell_number: '+27829876543', marketing_consent: false }],
  });
export type TPatchCustomerRequest = z.input<typeof ZPatchCustomerRequest>;

/**
 * The customer as an integrator reads it: the console's customer, with its loyalty number and the marketing consent
 * under the name an enrolment writes it (`get_communication`, the console's name for it, holds the same).
 */
export const ZIntegratorCustomer = ZCustomer.extend({
  loyalty_number: z.string().nullable(),
  marketing_consent: z.boolean(),
});
export type TIntegratorCustomer = z.infer<typeof ZIntegratorCustomer>;

const exampleCustomer: TIntegratorCustomer = {
  _id: '5f1c2b3a4d5e6f7a8b9c0d1e',
  external_id: 'shop-user-88123',
  name: 'Ayanda',
  surname: 'Dlamini',
  email: 'ayanda@example.com',
  cell_number: '+27821234567',
  loyalty_number: 'LRL000042',
  status: 'ACTIVE',
  gender: 'N/A',
  birthday: '1991-04-18',
  member_card_number: null,
  member_date: '2026-11-24',
  communication_method: [],
  get_communication: true,
  marketing_consent: true,
  agrees_terms_and_conditions: false,
  loyalty_sign_up: true,
  member_branch_id: null,
  member_branch: null,
  last_order_amount: 0,
  total_order_value: 0,
  last_transacted: null,
  created_at: '2026-11-24T08:30:00.000Z',
  updated_at: '2026-11-24T08:30:00.000Z',
};

const customerAnswer = (message: string) =>
  envelopeOf(ZIntegratorCustomer).meta({
    examples: [{ success: true, message, content: exampleCustomer }],
  });

export const enrolCustomer = defineEndpoint({
  method: 'POST',
  path: '/v1/customers',
  permission: 'CUSTOMERS:create',
  token: 'integration',
  summary:
    "Enrol a customer or update them by external_id (else email): 201 new, 200 existed (fields given updated; a repeat changes nothing; updating needs CUSTOMERS:update, else 403). A new external_id with the email of a customer who has none yet links that customer (200). 409 when the email, cell number, loyalty number or external_id is another customer's or the customer is suspended",
  tags: ['integrator'],
  body: ZEnrolCustomerRequest,
  response: customerAnswer(CUSTOMER_API_MESSAGES.enrolled),
});

export const getIntegratorCustomer = defineEndpoint({
  method: 'GET',
  path: '/v1/customers/:id',
  permission: 'CUSTOMERS:read',
  token: 'integration',
  summary: 'One customer by _id, with their status (a suspended customer is returned as SUSPENDED)',
  tags: ['integrator'],
  params: z.object({ id: ZId }),
  response: customerAnswer(CUSTOMER_API_MESSAGES.retrieved),
});

const LOOKUP_KEYS = ['external_id', 'email', 'cell_number', 'loyalty_number'] as const;

export const ZCustomerLookupQuery = z
  .object({
    external_id: z.string().trim().min(1).max(100).optional(),
    email: z.string().trim().min(1).max(254).optional(),
    cell_number: z.string().trim().min(1).max(20).optional(),
    loyalty_number: z.string().trim().min(1).max(64).optional(),
  })
  .refine((query) => LOOKUP_KEYS.filter((key) => query[key] !== undefined).length === 1, {
    message: CUSTOMER_API_MESSAGES.lookupKey,
  });
export type TCustomerLookupQuery = z.output<typeof ZCustomerLookupQuery>;

export const findIntegratorCustomer = defineEndpoint({
  method: 'GET',
  path: '/v1/customers',
  permission: 'CUSTOMERS:read',
  token: 'integration',
  summary:
    'Find a customer by exactly one of external_id, email, cell_number or loyalty_number (404 when none matches)',
  tags: ['integrator'],
  query: ZCustomerLookupQuery,
  response: customerAnswer(CUSTOMER_API_MESSAGES.retrieved),
});

export const patchIntegratorCustomer = defineEndpoint({
  method: 'PATCH',
  path: '/v1/customers/:id',
  permission: 'CUSTOMERS:update',
  token: 'integration',
  summary:
    "Change the fields given (409 when the email, cell number, loyalty number or external_id is another customer's)",
  tags: ['integrator'],
  params: z.object({ id: ZId }),
  body: ZPatchCustomerRequest,
  response: customerAnswer(CUSTOMER_API_MESSAGES.updated),
});

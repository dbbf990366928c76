import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint';
import { envelopeOf } from '../http/envelope';
import { ZIsoDate } from '../shared/dates';
import { ID_REGEX, ZId } from '../shared/ids';
import { CUSTOMER_MESSAGES, requiredCustomerText, ZCardNumber } from './customers';

export const LOYALTY_RULE_MESSAGES = {
  loyaltyNumberRequired: 'Loyalty number is required',
  cardNumberRequired: 'Card number is required',
  linkRequired: 'Link to Physical Card is required',
  alreadySignedUp: 'This customer is already signed up for loyalty.',
  notFound: 'This customer has no loyalty record.',
  loyaltyNumberTaken: 'A customer with this loyalty number already exists.',
} as const;

export const LOYALTY_NUMBER_MAX_LENGTH = 40;
/** A loyalty number: 'Loyalty number is required' when missing or blank, a length or type message otherwise. */
const ZLoyaltyNumber = requiredCustomerText(
  'Loyalty number',
  LOYALTY_RULE_MESSAGES.loyaltyNumberRequired,
  LOYALTY_NUMBER_MAX_LENGTH,
);

/** The loyalty record (spec 1 §3 "Loyalty"). */
export const ZLoyalty = z.object({
  _id: z.string(),
  loyalty_number: z.string(),
  card: z.object({ number: z.string(), linked: z.boolean() }),
  member_date: z.string(),
  customer_id: z.string(),
  member_branch_id: z.string().nullable(),
  user: z.object({ name: z.string(), surname: z.string() }),
});
export type TLoyalty = z.infer<typeof ZLoyalty>;

export const ZLoyaltySignUpRequest = z.object({
  customer_id: z.string().regex(ID_REGEX, CUSTOMER_MESSAGES.invalidId),
  loyalty_number: ZLoyaltyNumber,
  member_card_number: ZCardNumber,
  linked: z.literal(true, { error: LOYALTY_RULE_MESSAGES.linkRequired }),
  member_date: ZIsoDate.optional(),
  member_branch_id: ZId.or(z.literal('')).nullable().optional(),
  cell_number: z.string().optional(),
});
export type TLoyaltySignUpRequest = z.input<typeof ZLoyaltySignUpRequest>;

export const ZLoyaltyUpdateRequest = z.object({
  _id: ZId,
  customer_id: z.string().regex(ID_REGEX, CUSTOMER_MESSAGES.invalidId),
  loyalty_number: ZLoyaltyNumber,
  member_card_number: ZCardNumber,
  linked: z.boolean(),
  member_branch_id: ZId.or(z.literal('')).nullable().optional(),
  user: z.object({ name: z.string(), surname: z.string() }).optional(),
});

export const loyaltySignUp = defineEndpoint({
  method: 'POST',
  path: '/user/loyalty_sign_up',
  permission: 'CUSTOMERS:create',
  token: 'user',
  summary: 'Sign a customer up for loyalty (loyalty and card number unique within the client)',
  tags: ['customers'],
  body: ZLoyaltySignUpRequest,
  response: envelopeOf(ZLoyalty),
});

export const getLoyalty = defineEndpoint({
  method: 'GET',
  path: '/v2/get/loyalty',
  permission: 'CUSTOMERS:read',
  token: 'user',
  summary: "A customer's loyalty record (content null when there is none)",
  tags: ['customers'],
  query: z.object({ customer_id: z.string().regex(ID_REGEX, CUSTOMER_MESSAGES.invalidId) }),
  response: envelopeOf(ZLoyalty.nullable()),
});

export const updateLoyalty = defineEndpoint({
  method: 'PUT',
  path: '/v2/update/loyalty',
  permission: 'CUSTOMERS:update',
  token: 'user',
  summary: "Edit a customer's loyalty record",
  tags: ['customers'],
  body: ZLoyaltyUpdateRequest,
  response: envelopeOf(ZLoyalty),
});

import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint';
import { envelopeOf } from '../http/envelope';
import { ZCardBrand } from '../shared/customer-options';
import { ID_REGEX } from '../shared/ids';
import { CUSTOMER_MESSAGES } from './customers';

/** A stored card: brand, last four and expiry only — never a full card number. */
export const ZPaymentMethod = z.object({
  _id: z.string(),
  card_number: z.string(),
  card_type: ZCardBrand,
  last_four: z.string(),
  expiry_month: z.number().int(),
  expiry_year: z.number().int(),
  created_at: z.string(),
});
export type TPaymentMethod = z.infer<typeof ZPaymentMethod>;

export const PAYMENT_METHOD_MESSAGES = {
  lastFour: 'last_four must be exactly 4 digits',
  expiryMonth: 'expiry_month must be between 1 and 12',
  expiryYear: 'expiry_year must be a four-digit year',
  expired: 'This card has expired.',
} as const;

export const listCustomerCards = defineEndpoint({
  method: 'GET',
  path: '/v2/customer/card/list',
  permission: 'CUSTOMERS:read',
  token: 'payment',
  summary: "A customer's stored payment methods",
  tags: ['customers'],
  query: z.object({ user_id: z.string().regex(ID_REGEX, CUSTOMER_MESSAGES.invalidId) }),
  response: envelopeOf(z.array(ZPaymentMethod)),
});

export const registerPaymentMethod = defineEndpoint({
  method: 'POST',
  path: '/v1/customers/:id/payment-methods',
  permission: 'CUSTOMERS:update',
  token: 'apiKey',
  summary: "Register a customer's card from the client's own systems (brand, last four, expiry)",
  tags: ['integrations'],
  params: z.object({ id: z.string().regex(ID_REGEX, CUSTOMER_MESSAGES.invalidId) }),
  body: z
    .object({
      brand: ZCardBrand,
      last_four: z.string().regex(/^\d{4}$/, PAYMENT_METHOD_MESSAGES.lastFour),
      expiry_month: z
        .number()
        .int()
        .min(1, PAYMENT_METHOD_MESSAGES.expiryMonth)
        .max(12, PAYMENT_METHOD_MESSAGES.expiryMonth),
      expiry_year: z
        .number()
        .int()
        .min(2000, PAYMENT_METHOD_MESSAGES.expiryYear)
        .max(2100, PAYMENT_METHOD_MESSAGES.expiryYear),
    })
    .meta({ examples: [{ brand: 'VISA', last_four: '4242', expiry_month: 8, expiry_year: 2029 }] }),
  response: envelopeOf(ZPaymentMethod),
});

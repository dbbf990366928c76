import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint';
import { envelopeOf } from '../http/envelope';
import { whenMissing } from '../http/issue-messages';
import { ADDRESS_MESSAGES } from '../messages/customers';
import { ID_REGEX, ZId } from '../shared/ids';
import { CUSTOMER_MESSAGES } from './customers';

export const ZAddress = z.object({
  _id: z.string(),
  label: z.string(),
  full_address: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  default: z.boolean(),
});
export type TAddress = z.infer<typeof ZAddress>;

const ZCustomerId = z.string().regex(ID_REGEX, CUSTOMER_MESSAGES.invalidId);

export const ZAddAddressRequest = z.object({
  user_id: ZCustomerId,
  address: z.object(
    {
      label: z
        .string({ error: ADDRESS_MESSAGES.labelRequired })
        .trim()
        .min(1, ADDRESS_MESSAGES.labelRequired)
        .max(60),
      full_address: z
        .string({ error: ADDRESS_MESSAGES.selectPrediction })
        .trim()
        .min(1, ADDRESS_MESSAGES.selectPrediction)
        .max(500),
      latitude: z
        .number({ error: whenMissing(ADDRESS_MESSAGES.selectPrediction) })
        .min(-90)
        .max(90),
      longitude: z
        .number({ error: whenMissing(ADDRESS_MESSAGES.selectPrediction) })
        .min(-180)
        .max(180),
      default: z.boolean().default(false),
    },
    { error: ADDRESS_MESSAGES.selectAddress },
  ),
});
export type TAddAddressRequest = z.input<typeof ZAddAddressRequest>;

export const listAddresses = defineEndpoint({
  method: 'GET',
  path: '/v2/address/list',
  permission: 'CUSTOMERS:read',
  token: 'user',
  summary: "A customer's addresses",
  tags: ['customers'],
  query: z.object({ user_id: ZCustomerId }),
  response: envelopeOf(z.object({ addresses: z.array(ZAddress) })),
});

export const addAddress = defineEndpoint({
  method: 'POST',
  path: '/v2/add/user/address',
  permission: 'CUSTOMERS:update',
  token: 'user',
  summary: 'Add an address to a customer',
  tags: ['customers'],
  body: ZAddAddressRequest,
  response: envelopeOf(ZAddress),
});

export const deleteAddress = defineEndpoint({
  method: 'PUT',
  path: '/v2/delete/address',
  permission: 'CUSTOMERS:update',
  token: 'user',
  summary: "Delete one of a customer's addresses",
  tags: ['customers'],
  body: z.object({ user_id: ZCustomerId, _id: ZId }),
  response: envelopeOf(z.object({ _id: z.string() })),
});

import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint';
import { envelopeOf } from '../http/envelope';
import { requiredString } from '../http/fields';
import { ZId } from '../shared/ids';

export const ZApiKey = z.object({
  _id: z.string(),
  name: z.string(),
  /** The first characters, to recognise a key; the key itself is shown once, at creation. */
  prefix: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type TApiKey = z.infer<typeof ZApiKey>;

export const listApiKeys = defineEndpoint({
  method: 'GET',
  path: '/integrations/api-keys',
  permission: 'ADMIN',
  token: 'client',
  summary: "The client's API keys (never the keys themselves)",
  tags: ['integrations'],
  response: envelopeOf(z.array(ZApiKey)),
});

export const API_KEY_NAME_MAX_LENGTH = 80;

/** Worded like the app's other name fields (rewards, badges, segments): capital first letter, the unit named. */
export const API_KEY_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: `Name must not be more than ${API_KEY_NAME_MAX_LENGTH} characters`,
} as const;

export const ZCreateApiKeyRequest = z.object({
  name: requiredString(API_KEY_MESSAGES.nameRequired).max(
    API_KEY_NAME_MAX_LENGTH,
    API_KEY_MESSAGES.nameTooLong,
  ),
});
export type TCreateApiKeyRequest = z.infer<typeof ZCreateApiKeyRequest>;

export const createApiKey = defineEndpoint({
  method: 'POST',
  path: '/integrations/api-keys',
  permission: 'ADMIN',
  token: 'client',
  summary: 'Create an API key for the client’s own systems; the key is in this answer only',
  tags: ['integrations'],
  body: ZCreateApiKeyRequest,
  response: envelopeOf(ZApiKey.extend({ key: z.string() })),
});

export const revokeApiKey = defineEndpoint({
  method: 'DELETE',
  path: '/integrations/api-keys/:id',
  permission: 'ADMIN',
  token: 'client',
  summary: 'Revoke an API key at once',
  tags: ['integrations'],
  params: z.object({ id: ZId }),
  response: envelopeOf(ZApiKey),
});

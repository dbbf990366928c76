import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint';
import { envelopeOf } from '../http/envelope';
import { ZPageQuery } from '../http/fields';
import { ZId } from '../shared/ids';

export const SESSION_MESSAGES = {
  notFound: 'The session could not be found.',
  signedOut: 'Signed out.',
  othersSignedOut: 'Every other session was signed out.',
  userSignedOut: 'The user was signed out everywhere.',
} as const;

/** One signed-in session of a staff user (DESIGN §10 "Staff sign-in security"). */
export const ZStaffSession = z.object({
  _id: z.string(),
  /** Browser and system read from the user agent, e.g. 'Chrome on macOS'. */
  device: z.string(),
  user_agent: z.string().nullable(),
  ip: z.string().nullable(),
  created_at: z.string(),
  last_used_at: z.string(),
  /** The session this request was made with. */
  current: z.boolean(),
});
export type TStaffSession = z.infer<typeof ZStaffSession>;

const ZRevoked = z.object({ revoked: z.number().int() });

export const listMySessions = defineEndpoint({
  method: 'GET',
  path: '/v2/client-user/sessions',
  permission: 'SIGNED_IN',
  token: 'client',
  summary:
    "The signed-in user's live sessions, this one first, then most recently used first, a page at a time",
  tags: ['accounts'],
  query: ZPageQuery.omit({ search_string: true }),
  response: envelopeOf(z.array(ZStaffSession)),
});

export const revokeMySession = defineEndpoint({
  method: 'DELETE',
  path: '/v2/client-user/sessions/:id',
  permission: 'SIGNED_IN',
  token: 'client',
  summary: "Sign out one of the user's sessions; its tokens are refused by every API process within a second",
  tags: ['accounts'],
  params: z.object({ id: ZId }),
  response: envelopeOf(z.null()),
});

export const revokeMyOtherSessions = defineEndpoint({
  method: 'POST',
  path: '/v2/client-user/sessions/revoke-others',
  permission: 'SIGNED_IN',
  token: 'client',
  summary: 'Sign out every session of the user but this one',
  tags: ['accounts'],
  response: envelopeOf(ZRevoked),
});

export const signOut = defineEndpoint({
  method: 'POST',
  path: '/v2/client-user/signout',
  permission: 'SIGNED_IN',
  token: 'client',
  summary: 'End this session (its tokens are refused from now on)',
  tags: ['accounts'],
  response: envelopeOf(z.null()),
});

export const revokeUserSessions = defineEndpoint({
  method: 'POST',
  path: '/users/:id/sessions/revoke',
  permission: 'ADMIN',
  token: 'client',
  summary: 'Sign a user out everywhere',
  tags: ['users'],
  params: z.object({ id: ZId }),
  response: envelopeOf(ZRevoked),
});

import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint';
import { envelopeOf } from '../http/envelope';

/**
 * The mail outbox, for end-to-end tests and local development only: the server registers this route only
 * when started with MAIL_OUTBOX_API=1 (it reveals reset links).
 */
export const listOutbox = defineEndpoint({
  method: 'GET',
  path: '/dev/outbox',
  permission: 'PUBLIC',
  token: 'none',
  summary: 'Mail outbox (only with MAIL_OUTBOX_API=1, for tests and development)',
  tags: ['system'],
  query: z.object({ to: z.string().trim().max(254).optional() }),
  response: envelopeOf(
    z.array(
      z.object({ to: z.string(), subject: z.string(), link: z.string().nullable(), created_at: z.string() }),
    ),
  ),
});

import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint';
import { envelopeOf } from '../http/envelope';

/** What anyone may learn: whether the server is up with every migration applied ('degraded' otherwise). */
export const ZHealth = z.object({ status: z.enum(['ok', 'degraded']) });
export type THealth = z.infer<typeof ZHealth>;

/** The internals a stranger must not see (database kind, migration names, version): an admin's view. */
export const ZHealthDetails = ZHealth.extend({
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    migrations: z.object({
      applied: z.number().int(),
      available: z.number().int(),
      latest: z.string().nullable(),
    }),
  }),
  version: z.string(),
  uptime_seconds: z.number(),
});
export type THealthDetails = z.infer<typeof ZHealthDetails>;

export const getHealth = defineEndpoint({
  method: 'GET',
  path: '/health',
  permission: 'PUBLIC',
  token: 'none',
  summary: 'Liveness: ok once every migration is applied, degraded before',
  tags: ['system'],
  response: envelopeOf(ZHealth),
});

export const getHealthDetails = defineEndpoint({
  method: 'GET',
  path: '/health/details',
  permission: 'ADMIN',
  token: 'client',
  summary: 'Liveness with the database kind, migration level, version and uptime',
  tags: ['system'],
  response: envelopeOf(ZHealthDetails),
});

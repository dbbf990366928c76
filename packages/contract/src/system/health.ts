import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint';
import { envelopeOf } from '../http/envelope';

export const ZHealth = z.object({
  status: z.enum(['ok', 'degraded']),
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
export type THealth = z.infer<typeof ZHealth>;

export const getHealth = defineEndpoint({
  method: 'GET',
  path: '/health',
  permission: 'PUBLIC',
  token: 'none',
  summary: 'Liveness and database state',
  tags: ['system'],
  response: envelopeOf(ZHealth),
});

import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint';
import { envelopeOf } from '../http/envelope';

/**
 * What anyone may learn: whether the server is up with every migration applied ('degraded' otherwise). The
 * internals (database, migrations, version, uptime) are the operator's, in the Prometheus metrics (GET /metrics).
 */
export const ZHealth = z.object({ status: z.enum(['ok', 'degraded']) });
export type THealth = z.infer<typeof ZHealth>;

export const getHealth = defineEndpoint({
  method: 'GET',
  path: '/health',
  permission: 'PUBLIC',
  token: 'none',
  summary: 'Liveness: ok once every migration is applied, degraded before',
  tags: ['system'],
  response: envelopeOf(ZHealth),
});

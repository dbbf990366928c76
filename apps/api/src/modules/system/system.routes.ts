import { getHealth } from '@laurel/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { migrationLevel } from '../../db/migrate';
import { recentResults } from '../../db/recent-results';
import { ok } from '../../http/envelope';
import { route } from '../../http/route';

/** Load balancers poll health often: one database check a second answers all of them. */
const HEALTH_MAX_AGE_MS = 1_000;

export const systemRoutes = (app: FastifyInstance, ctx: AppContext) => {
  const recent = recentResults<'ok' | 'degraded'>({ maxAgeMs: HEALTH_MAX_AGE_MS });
  const check = async () => {
    const migrations = await migrationLevel(ctx.database);
    return migrations.applied >= migrations.available ? 'ok' : 'degraded';
  };

  // Public (load balancers, start-up polls): the status only. The internals are the operator's (src/metrics).
  route(app, getHealth, async () => ok({ status: await recent('status', check) }));
};

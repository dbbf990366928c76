import { readFileSync } from 'node:fs';
import { getHealth, getHealthDetails } from '@laurel/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { migrationLevel } from '../../db/migrate';
import { recentResults } from '../../db/recent-results';
import { ok } from '../../http/envelope';
import { route } from '../../http/route';
import { API_PACKAGE_JSON } from '../../paths';

const version = (JSON.parse(readFileSync(API_PACKAGE_JSON, 'utf8')) as { version: string }).version;

/** Load balancers poll health often: one database check a second answers all of them. */
const HEALTH_MAX_AGE_MS = 1_000;

export const systemRoutes = (app: FastifyInstance, ctx: AppContext) => {
  const recent = recentResults<Awaited<ReturnType<typeof check>>>({ maxAgeMs: HEALTH_MAX_AGE_MS });
  const check = async () => {
    const migrations = await migrationLevel(ctx.database);
    const status: 'ok' | 'degraded' = migrations.applied >= migrations.available ? 'ok' : 'degraded';
    return { migrations, status };
  };
  const level = () => recent('level', check);

  // Public (load balancers, start-up polls): the status only, nothing about the internals.
  route(app, getHealth, async () => ok({ status: (await level()).status }));

  route(app, getHealthDetails, async () => {
    const { status, migrations } = await level();
    return ok({
      status,
      database: { kind: ctx.database.kind, migrations },
      version,
      uptime_seconds: Math.round(process.uptime()),
    });
  });
};

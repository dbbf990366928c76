import { readFileSync } from 'node:fs';
import { getHealth, getHealthDetails } from '@laurel/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { migrationLevel } from '../../db/migrate';
import { ok } from '../../http/envelope';
import { route } from '../../http/route';
import { API_PACKAGE_JSON } from '../../paths';

const version = (JSON.parse(readFileSync(API_PACKAGE_JSON, 'utf8')) as { version: string }).version;

export const systemRoutes = (app: FastifyInstance, ctx: AppContext) => {
  const level = async () => {
    const migrations = await migrationLevel(ctx.database);
    const status: 'ok' | 'degraded' = migrations.applied >= migrations.available ? 'ok' : 'degraded';
    return { migrations, status };
  };

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

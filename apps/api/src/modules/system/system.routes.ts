import { readFileSync } from 'node:fs';
import { getHealth } from '@laurel/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { migrationLevel } from '../../db/migrate';
import { ok } from '../../http/envelope';
import { route } from '../../http/route';
import { API_PACKAGE_JSON } from '../../paths';

const version = (JSON.parse(readFileSync(API_PACKAGE_JSON, 'utf8')) as { version: string }).version;

export const systemRoutes = (app: FastifyInstance, ctx: AppContext) => {
  route(app, getHealth, async () => {
    const migrations = await migrationLevel(ctx.database);
    const status = migrations.applied >= migrations.available ? 'ok' : 'degraded';
    return ok({
      status,
      database: { kind: ctx.database.kind, migrations },
      version,
      uptime_seconds: Math.round(process.uptime()),
    });
  });
};

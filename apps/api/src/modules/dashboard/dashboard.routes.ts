import { dashboardEndpoints } from '@laurel/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { readFor } from '../../db/read-side';
import { principalOf } from '../../http/auth/guard';
import { ok } from '../../http/envelope';
import { route } from '../../http/route';
import { createDashboardService } from './dashboard.service';

/** The dashboard (spec 3 §1): its figures for a period, all branches or one. */
export const dashboardRoutes = (app: FastifyInstance, ctx: AppContext) => {
  const service = createDashboardService(ctx);
  route(app, dashboardEndpoints.get, async ({ query, request, reply }) => {
    await readFor(ctx.reads, reply);
    return ok(await service.get(principalOf(request), query.period, query.branch_id));
  });
};

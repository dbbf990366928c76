import {
  createStatistic,
  deleteStatistic,
  getStatistic,
  listStatistics,
  resetStatistic,
  STATISTIC_MESSAGES,
  updateStatistic,
} from '@laurel/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { principalOf } from '../../http/auth/guard';
import { ok } from '../../http/envelope';
import { route } from '../../http/route';
import { auditedActor as audited } from '../audit/audit';
import { createStatisticsService } from './statistics.service';

export const statisticRoutes = (app: FastifyInstance, ctx: AppContext) => {
  const service = createStatisticsService(ctx.database.db, () => ctx.engine.wake());

  route(app, listStatistics, async ({ query, request }) => {
    const { clientId } = principalOf(request);
    const search = query.search || query.search_string || undefined;
    const { items, count } = await service.list(clientId, query.page, query.size, search);
    return ok(items, 'OK', { count, hasMore: count > query.page * query.size });
  });

  route(app, getStatistic, async ({ params, request }) =>
    ok(await service.get(principalOf(request).clientId, params.id)),
  );

  route(app, createStatistic, async ({ body, request }) =>
    ok(
      await service.create(audited(request), principalOf(request).clientId, body),
      STATISTIC_MESSAGES.created,
    ),
  );

  route(app, updateStatistic, async ({ params, body, request }) =>
    ok(
      await service.update(audited(request), principalOf(request).clientId, params.id, body),
      STATISTIC_MESSAGES.updated,
    ),
  );

  route(app, deleteStatistic, async ({ params, request }) =>
    ok(
      await service.remove(audited(request), principalOf(request).clientId, params.id),
      STATISTIC_MESSAGES.deleted,
    ),
  );

  route(app, resetStatistic, async ({ params, request }) =>
    ok(
      await service.reset(audited(request), principalOf(request).clientId, params.id),
      'Statistic reset successfully!',
    ),
  );
};

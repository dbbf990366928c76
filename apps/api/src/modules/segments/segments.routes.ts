import {
  createSegment,
  deleteSegment,
  listSegmentPlayers,
  listSegments,
  SEGMENT_API_MESSAGES,
  updateSegment,
} from '@laurel/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { readFor } from '../../db/read-side';
import { branchScope } from '../../http/auth/branch-scope';
import { principalOf } from '../../http/auth/guard';
import { ok } from '../../http/envelope';
import { route } from '../../http/route';
import { auditedActor } from '../audit/audit';
import { createSegmentsService } from './segments.service';

export const segmentRoutes = (app: FastifyInstance, ctx: AppContext) => {
  // A rule change is recomputed by a worker; an in-process one is woken at once.
  const service = createSegmentsService(ctx.database.db, () => ctx.engine.wake());

  route(app, listSegments, async ({ query, request }) => {
    const principal = principalOf(request);
    const { items, count } = await service.list(
      principal.clientId,
      query.page,
      query.size,
      query.search_string || undefined,
      query.ids,
      branchScope(principal),
    );
    return ok(items, 'OK', { count, hasMore: count > query.page * query.size });
  });

  route(app, createSegment, async ({ body, request }) =>
    ok(await service.create(auditedActor(request), body), SEGMENT_API_MESSAGES.created),
  );

  route(app, updateSegment, async ({ params, body, request }) =>
    ok(await service.update(auditedActor(request), params.id, body), SEGMENT_API_MESSAGES.updated),
  );

  route(app, deleteSegment, async ({ params, request }) =>
    ok(await service.remove(auditedActor(request), params.id), SEGMENT_API_MESSAGES.deleted),
  );

  route(app, listSegmentPlayers, async ({ params, query, request, reply }) => {
    const reader = await readFor(ctx.reads, reply);
    const principal = principalOf(request);
    const { items, count } = await service.players(
      principal.clientId,
      params.id,
      query.page,
      query.size,
      reader.db,
      branchScope(principal),
    );
    return ok(items, 'OK', { count, hasMore: count > query.page * query.size });
  });
};

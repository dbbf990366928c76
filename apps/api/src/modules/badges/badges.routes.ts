import {
  BADGE_MESSAGES,
  createBadge,
  deleteBadge,
  getBadge,
  listBadges,
  updateBadge,
} from '@laurel/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { authorize, principalOf } from '../../http/auth/guard';
import { ok } from '../../http/envelope';
import { route } from '../../http/route';
import { auditedActor } from '../audit/audit';
import { createBadgesService } from './badges.service';

export const badgeRoutes = (app: FastifyInstance, ctx: AppContext) => {
  const service = createBadgesService(ctx.database.db);

  route(app, listBadges, async ({ query, request }) => {
    const search = query.search || query.search_string || undefined;
    const { items, count } = await service.list(
      principalOf(request).clientId,
      query.page,
      query.size,
      search,
    );
    return ok(items, 'OK', { count, hasMore: count > query.page * query.size });
  });

  route(app, getBadge, async ({ params, request }) =>
    ok(await service.get(principalOf(request).clientId, params.id)),
  );

  route(app, createBadge, async ({ body, request }) => {
    // The spec saves with POST: a body naming an existing badge updates it (with the update permission).
    if (body._id) {
      authorize(principalOf(request), 'BADGES:update');
      return ok(await service.update(auditedActor(request), body._id, body), BADGE_MESSAGES.saved);
    }
    return ok(await service.create(auditedActor(request), body), BADGE_MESSAGES.saved);
  });

  route(app, updateBadge, async ({ params, body, request }) =>
    ok(await service.update(auditedActor(request), params.id, body), BADGE_MESSAGES.saved),
  );

  route(app, deleteBadge, async ({ params, request }) =>
    ok(await service.remove(auditedActor(request), params.id), BADGE_MESSAGES.deleted),
  );
};

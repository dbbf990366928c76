import {
  CHALLENGE_MESSAGES,
  createChallenge,
  deleteChallenge,
  getChallenge,
  linkChallengeSegment,
  listChallenges,
  updateChallenge,
} from '@laurel/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { authorize, principalOf } from '../../http/auth/guard';
import { ok } from '../../http/envelope';
import { route } from '../../http/route';
import { auditedActor } from '../audit/audit';
import { createChallengesService } from './challenges.service';

export const challengeRoutes = (app: FastifyInstance, ctx: AppContext) => {
  const service = createChallengesService(ctx.database.db);
  // A saved end date may fall due soon (or have passed): the engine's worker learns it at once instead of polling.
  const woken = <T>(answer: T) => {
    ctx.engine.wake();
    return answer;
  };

  route(app, listChallenges, async ({ query, request }) => {
    const { items, count } = await service.list(principalOf(request).clientId, {
      page: query.page,
      size: query.size,
      search: query.search || query.search_string || undefined,
      status: query.status,
      sortKey: query.sort_key || undefined,
      sortDirection: query.sort_direction,
    });
    return ok(items, 'OK', { count, hasMore: count > query.page * query.size });
  });

  route(app, getChallenge, async ({ params, request }) =>
    ok(await service.get(principalOf(request).clientId, params.id)),
  );

  route(app, createChallenge, async ({ body, request }) => {
    // As with badges, a body naming an existing challenge updates it (with the update permission).
    if (body._id) {
      authorize(principalOf(request), 'CHALLENGES:update');
      return woken(ok(await service.update(auditedActor(request), body._id, body), CHALLENGE_MESSAGES.saved));
    }
    return woken(ok(await service.create(auditedActor(request), body), CHALLENGE_MESSAGES.created));
  });

  route(app, updateChallenge, async ({ params, body, request }) =>
    woken(ok(await service.update(auditedActor(request), params.id, body), CHALLENGE_MESSAGES.saved)),
  );

  route(app, deleteChallenge, async ({ params, request }) =>
    ok(await service.remove(auditedActor(request), params.id), CHALLENGE_MESSAGES.deleted),
  );

  route(app, linkChallengeSegment, async ({ params, request }) =>
    ok(
      await service.link(auditedActor(request), params.challenge_id, params.segment_id),
      CHALLENGE_MESSAGES.segmentSaved,
    ),
  );
};

import {
  createRewardTrack,
  deleteRewardTrack,
  getProgressionConfigs,
  getRewardTrack,
  listRewardTracks,
  REWARD_TRACK_API_MESSAGES,
  REWARD_TRACK_MESSAGES,
  type TRewardTrack,
  updateRewardTrack,
} from '@laurel/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { authorize, principalOf } from '../../http/auth/guard';
import { ok } from '../../http/envelope';
import { route } from '../../http/route';
import { auditedActor } from '../audit/audit';
import { createRewardTracksService } from './reward-tracks.service';

const saved = (track: TRewardTrack) => ok({ ...track, itemId: track._id }, REWARD_TRACK_API_MESSAGES.saved);

export const rewardTrackRoutes = (app: FastifyInstance, ctx: AppContext) => {
  const service = createRewardTracksService(ctx.database.db, ctx.clock);
  // A save may ask for every player to be re-evaluated: the engine's worker looks at once instead of polling.
  const savedAndWoken = (track: TRewardTrack) => {
    ctx.engine.wake();
    return saved(track);
  };

  route(app, listRewardTracks, async ({ query, request }) => {
    const clientId = principalOf(request).clientId;
    const filter = { search: query.search_string || undefined, type: query.reward_track_type };
    // Without page and size the spec's list answers every track (spec 3 §7).
    const paged = query.page !== undefined || query.size !== undefined;
    const page = query.page ?? 1;
    const size = query.size ?? 15;
    const { items, count } = await service.list(clientId, filter, paged ? { page, size } : undefined);
    return ok(items, 'OK', { count, hasMore: paged && count > page * size });
  });

  route(app, getProgressionConfigs, async ({ request }) =>
    ok(await service.progressions(principalOf(request).clientId)),
  );

  route(app, getRewardTrack, async ({ params, request }) =>
    ok(await service.get(principalOf(request).clientId, params.id)),
  );

  route(app, createRewardTrack, async ({ body, request }) => {
    // The spec saves with POST when the body has no _id; one naming an existing track updates it.
    if (body._id) {
      authorize(principalOf(request), 'REWARD_TRACKS:update');
      return savedAndWoken(await service.update(auditedActor(request), body._id, body));
    }
    return savedAndWoken(await service.create(auditedActor(request), body));
  });

  route(app, updateRewardTrack, async ({ params, body, request }) =>
    savedAndWoken(await service.update(auditedActor(request), params.id, body)),
  );

  route(app, deleteRewardTrack, async ({ params, request }) =>
    ok(await service.remove(auditedActor(request), params.id), REWARD_TRACK_MESSAGES.deleted),
  );
};

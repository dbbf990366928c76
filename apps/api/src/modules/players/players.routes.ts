import { getPlayer } from '@laurel/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { principalOf } from '../../http/auth/guard';
import { ok } from '../../http/envelope';
import { route } from '../../http/route';
import { readPlayer } from './players.service';

export const playerRoutes = (app: FastifyInstance, ctx: AppContext) => {
  route(app, getPlayer, async ({ params, request }) =>
    ok(await readPlayer(ctx.database.db, principalOf(request), params.customer_id), 'Player retrieved.'),
  );
};

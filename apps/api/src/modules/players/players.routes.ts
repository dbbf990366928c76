import { getPlayer, listPlayerTransactions } from '@laurel/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { principalOf } from '../../http/auth/guard';
import { ok } from '../../http/envelope';
import { route } from '../../http/route';
import { createWalletsService } from '../economy/wallets.service';
import { readPlayer } from './players.service';

export const playerRoutes = (app: FastifyInstance, ctx: AppContext) => {
  const wallets = createWalletsService(ctx.database.db);
  route(app, getPlayer, async ({ params, request }) =>
    ok(await readPlayer(ctx.database.db, principalOf(request), params.customer_id), 'Player retrieved.'),
  );

  // The app's "points history": the same ledger rows the console's profile shows, newest first.
  route(app, listPlayerTransactions, async ({ params, query, request }) => {
    const { items, count } = await wallets.ledger(principalOf(request), params.customer_id, query);
    return ok(items, 'OK', { count, hasMore: count > query.page * query.size });
  });
};

import { BASKET_API_MESSAGES, listClientBaskets, listCustomerBaskets, upsertBasket } from '@laurel/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { principalOf } from '../../http/auth/guard';
import { ok } from '../../http/envelope';
import { route } from '../../http/route';
import { createBasketsService } from './baskets.service';

export const basketRoutes = (app: FastifyInstance, ctx: AppContext) => {
  const service = createBasketsService(ctx);

  route(
    app,
    upsertBasket,
    async ({ body, request, reply }) => {
      // Baskets change many times an hour; the basket itself is their record, not one audit entry per change.
      request.audited = true;
      const { outcome, basket } = await service.upsert(principalOf(request), body);
      reply.status(outcome === 'created' ? 201 : 200);
      return ok(basket, BASKET_API_MESSAGES[outcome]);
    },
    { statuses: [200, 201] },
  );

  route(app, listClientBaskets, async ({ query, request }) =>
    ok(await service.list(principalOf(request), query)),
  );
  route(app, listCustomerBaskets, async ({ query, request }) =>
    ok(await service.listForCustomer(principalOf(request), query)),
  );
};

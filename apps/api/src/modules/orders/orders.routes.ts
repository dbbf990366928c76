import {
  changeOrderStatus,
  changeParcelStatus,
  createOrder,
  getOrder,
  listCustomerOrderSummary,
  listCustomerOrders,
  listOrders,
  ORDER_INTAKE_MESSAGES,
  updateOrder,
} from '@laurel/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context';
import { principalOf } from '../../http/auth/guard';
import { ok } from '../../http/envelope';
import { route } from '../../http/route';
import { actorOf } from '../audit/audit';
import { createOrderIntake } from './order-intake.service';
import { createOrderStatusService } from './order-status.service';
import { createOrdersService } from './orders.service';

export const orderRoutes = (app: FastifyInstance, ctx: AppContext) => {
  const service = createOrdersService(ctx);
  const intake = createOrderIntake(ctx);
  const statuses = createOrderStatusService(ctx);

  /** The order's status history names who made each change; an audit entry per order would only be noise. */
  const historyActor = (request: FastifyRequest) => {
    request.audited = true;
    return actorOf(request);
  };
  const answerChange = async (request: FastifyRequest, result: { orderId: string; changed: boolean }) =>
    ok(
      await service.detail(principalOf(request), result.orderId),
      result.changed ? ORDER_INTAKE_MESSAGES.updated : ORDER_INTAKE_MESSAGES.unchanged,
    );

  route(
    app,
    createOrder,
    async ({ body, request, reply }) => {
      historyActor(request);
      const outcome = await intake.create(principalOf(request), body);
      reply.status(outcome.created ? 201 : 200);
      return ok(
        outcome.receipt,
        outcome.created ? ORDER_INTAKE_MESSAGES.created : ORDER_INTAKE_MESSAGES.duplicate,
      );
    },
    { statuses: [200, 201] },
  );

  route(app, updateOrder, async ({ params, body, request }) => {
    const result = await statuses.change(principalOf(request), historyActor(request), params.id, body);
    return answerChange(request, result);
  });

  route(app, changeOrderStatus, async ({ params, body, request }) => {
    const result = await statuses.change(principalOf(request), historyActor(request), params.id, {
      status: body.status,
      audit: true,
    });
    return answerChange(request, result);
  });

  route(app, changeParcelStatus, async ({ params, body, request }) => {
    const result = await statuses.change(principalOf(request), historyActor(request), params.id, {
      parcel: { id: params.parcel_id, status: body.status },
      audit: true,
    });
    return answerChange(request, result);
  });

  route(app, listOrders, async ({ query, request }) => ok(await service.list(principalOf(request), query)));
  route(app, listCustomerOrders, async ({ query, request }) =>
    ok(await service.listForCustomer(principalOf(request), query)),
  );
  route(app, listCustomerOrderSummary, async ({ query, request }) =>
    ok(await service.summary(principalOf(request), query)),
  );
  route(app, getOrder, async ({ params, request }) =>
    ok(await service.detail(principalOf(request), params.id)),
  );
};

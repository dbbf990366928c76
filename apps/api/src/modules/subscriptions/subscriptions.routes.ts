import {
  API_SUCCESS_MESSAGES,
  createSubscription,
  deleteSubscription,
  getSubscription,
  getSubscriptionAnalytics,
  issueSubscription,
  listClientSubscriptions,
  listSubscriptionRedemptions,
  listSubscriptionSubscribers,
  listSubscriptions,
  listUserSubscriptions,
  REDEMPTION_MESSAGES,
  redeemSubscription,
  SUBSCRIPTION_API_MESSAGES,
  updateSubscription,
} from '@laurel/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { branchScope } from '../../http/auth/branch-scope';
import { principalOf } from '../../http/auth/guard';
import { ok } from '../../http/envelope';
import { notFound } from '../../http/errors';
import { route } from '../../http/route';
import { auditedActor } from '../audit/audit';
import { createCustomerSubscriptionsService } from './customer-subscriptions.service';
import { listPlanRedemptionRows } from './redemptions.queries';
import { createRedemptionsService } from './redemptions.service';
import { subscriptionAnalytics } from './subscription-analytics.queries';
import { findPlan } from './subscriptions.queries';
import { createSubscriptionsService } from './subscriptions.service';

const pagination = (count: number, page: number, size: number) => ({ count, hasMore: count > page * size });

export const subscriptionRoutes = (app: FastifyInstance, ctx: AppContext) => {
  const { db } = ctx.database;
  const plans = createSubscriptionsService(db);
  const holdings = createCustomerSubscriptionsService(ctx);
  const redemptions = createRedemptionsService(db);

  const planInClient = async (clientId: string, id: string) => {
    if (!(await findPlan(db, clientId, id))) throw notFound(SUBSCRIPTION_API_MESSAGES.notFound);
  };

  route(app, listClientSubscriptions, async ({ query, request }) => {
    const { items, count } = await plans.list(principalOf(request), query);
    return ok({ subscription_list: items, count }, 'OK', pagination(count, query.page, query.size));
  });
  route(app, listSubscriptions, async ({ query, request }) => {
    const { items, count } = await plans.list(principalOf(request), query);
    return ok(items, 'OK', pagination(count, query.page, query.size));
  });
  route(app, getSubscription, async ({ params, query, request }) =>
    ok(await plans.get(principalOf(request), params.id, query.branch_id_list)),
  );
  route(app, createSubscription, async ({ body, request }) =>
    ok(
      await plans.create(principalOf(request), auditedActor(request), body),
      SUBSCRIPTION_API_MESSAGES.saved,
    ),
  );
  route(app, updateSubscription, async ({ params, body, request }) =>
    ok(
      await plans.update(principalOf(request), auditedActor(request), params.id, body),
      SUBSCRIPTION_API_MESSAGES.saved,
    ),
  );
  route(app, deleteSubscription, async ({ params, request }) =>
    ok(await plans.remove(auditedActor(request), params.id), SUBSCRIPTION_API_MESSAGES.deleted),
  );

  route(app, getSubscriptionAnalytics, async ({ params, query, request }) => {
    const principal = principalOf(request);
    await planInClient(principal.clientId, params.id);
    return ok(
      await subscriptionAnalytics(
        db,
        principal.clientId,
        params.id,
        branchScope(principal, query.branch_id_list),
      ),
    );
  });
  route(app, listSubscriptionRedemptions, async ({ params, query, request }) => {
    const principal = principalOf(request);
    await planInClient(principal.clientId, params.id);
    const { rows, count } = await listPlanRedemptionRows(
      db,
      {
        clientId: principal.clientId,
        planId: params.id,
        branchIds: branchScope(principal, query.branch_id_list),
      },
      query,
    );
    return ok(rows, 'OK', pagination(count, query.page, query.size));
  });
  route(app, listSubscriptionSubscribers, async ({ params, query, request }) => {
    const { items, count } = await holdings.subscribers(principalOf(request), params.id, query);
    return ok(items, 'OK', pagination(count, query.page, query.size));
  });

  route(app, issueSubscription, async ({ body, request }) =>
    ok(
      await holdings.issue(principalOf(request), auditedActor(request), body),
      API_SUCCESS_MESSAGES.subscriptionIssued,
    ),
  );
  route(app, listUserSubscriptions, async ({ query, request }) => {
    const { items, count } = await holdings.listForCustomer(principalOf(request), query);
    return ok({ subscription_list: items, count }, 'OK', pagination(count, query.page, query.size));
  });

  route(
    app,
    redeemSubscription,
    async ({ params, body, request, reply }) => {
      // The redemptions table is this route's record, as the event log is for events.
      request.audited = true;
      const { redemption, repeat } = await redemptions.redeem(principalOf(request), params.id, body);
      reply.status(repeat ? 200 : 201);
      return ok(redemption, repeat ? REDEMPTION_MESSAGES.duplicate : REDEMPTION_MESSAGES.recorded);
    },
    { statuses: [200, 201] },
  );
};

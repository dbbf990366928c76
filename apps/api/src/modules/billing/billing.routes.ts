import {
  API_ERROR_MESSAGES,
  API_SUCCESS_MESSAGES,
  getBilling,
  getBillingPortal,
  selectPlan,
  stripeWebhook,
} from '@laurel/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { principalOf } from '../../http/auth/guard';
import { ok } from '../../http/envelope';
import { notFound } from '../../http/errors';
import { route } from '../../http/route';
import { actorOf, recordAudit } from '../audit/audit';
import { findClient } from '../clients/clients.queries';
import { applyPlanChange, billingOverview, choosePlan } from './billing.service';

export const billingRoutes = async (app: FastifyInstance, ctx: AppContext) => {
  route(app, getBilling, async ({ request }) => {
    const principal = principalOf(request);
    return ok(await billingOverview(ctx, principal.clientId, principal.userId));
  });

  route(app, selectPlan, async ({ body, request }) => {
    const plan = await choosePlan(ctx, principalOf(request).clientId, body.plan);
    await recordAudit(
      ctx.database.db,
      actorOf(request),
      { action: 'billing.plan_changed', entity: 'billing', summary: `Chose the ${body.plan} plan` },
      request,
    );
    return ok(plan, API_SUCCESS_MESSAGES.ok);
  });

  route(app, getBillingPortal, async ({ query, request }) => {
    const client = await findClient(ctx.database.db, principalOf(request).clientId);
    if (!client) throw notFound(API_ERROR_MESSAGES.notFound);
    const returnUrl = query.return_url ?? `${ctx.config.publicUrl}/console/settings`;
    return ok({ url: await ctx.billing.portalUrl(client.paymentEngineId, returnUrl) });
  });

  // The signature covers the exact bytes Stripe sent, so this route keeps the body raw.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    route(scope, stripeWebhook, async ({ request }) => {
      const signature = request.headers['stripe-signature'];
      const change = ctx.billing.parseWebhook(
        request.body as Buffer,
        Array.isArray(signature) ? signature[0] : signature,
      );
      if (change) await applyPlanChange(ctx, change);
      return ok({ received: true });
    });
  });
};

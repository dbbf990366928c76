import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  getWebhookUrlPolicy,
  listWebhookDeliveries,
  listWebhookEndpoints,
  WEBHOOK_MESSAGES as M,
  resendWebhookDelivery,
  rotateWebhookSecret,
  sendTestWebhook,
  updateWebhookEndpoint,
} from '@laurel/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { principalOf } from '../../http/auth/guard';
import { ok } from '../../http/envelope';
import { notFound } from '../../http/errors';
import { route } from '../../http/route';
import { auditedActor, recordAudit } from '../audit/audit';
import { getDelivery, listDeliveries } from './deliveries.queries';
import { createWebhookEndpointsService } from './endpoints.service';
import { registerWebhookPrivacy } from './webhook-privacy';

/** Webhooks (DESIGN §10): endpoints, their deliveries, a test send and a resend. */
export const webhookRoutes = (app: FastifyInstance, ctx: AppContext) => {
  registerWebhookPrivacy();
  const { db } = ctx.database;
  const endpoints = createWebhookEndpointsService(db, ctx.config.webhooks);

  /** Sends one delivery now and answers it as listed afterwards, with the attempt just made. */
  const sendNow = async (clientId: string, deliveryId: string, resend: boolean) => {
    const result = await ctx.webhooks.deliverNow(clientId, deliveryId, { resend });
    const delivery = result ? await getDelivery(db, clientId, deliveryId) : null;
    if (!result || !delivery) throw notFound(M.deliveryNotFound);
    return { delivery, result };
  };
  const attemptMessage = (result: { delivered: boolean; statusCode: number | null; error: string | null }) =>
    result.delivered
      ? `Delivered: the endpoint answered ${result.statusCode}.`
      : `Not delivered: ${result.error ?? 'no answer'}. It will be retried.`;

  route(app, listWebhookEndpoints, async ({ request }) =>
    ok(await endpoints.list(principalOf(request).clientId)),
  );
  // The console checks a URL's form with this server's configuration, not a guess at it.
  route(app, getWebhookUrlPolicy, async () =>
    ok({ allow_http: ctx.config.webhooks.allowHttp, allow_loopback: ctx.config.webhooks.allowLoopback }),
  );
  route(app, createWebhookEndpoint, async ({ body, request }) =>
    ok(
      await endpoints.create(auditedActor(request), body),
      'Webhook endpoint added. Copy its signing secret now: it will not be shown again.',
    ),
  );
  route(app, updateWebhookEndpoint, async ({ params, body, request }) =>
    ok(await endpoints.update(auditedActor(request), params.id, body), 'Webhook endpoint saved.'),
  );
  route(app, deleteWebhookEndpoint, async ({ params, request }) =>
    ok(await endpoints.remove(auditedActor(request), params.id), 'Webhook endpoint deleted.'),
  );
  route(app, rotateWebhookSecret, async ({ params, request }) =>
    ok(
      await endpoints.rotateSecret(auditedActor(request), params.id),
      'Signing secret replaced. Copy it now: it will not be shown again.',
    ),
  );
  route(app, sendTestWebhook, async ({ params, request }) => {
    const actor = auditedActor(request);
    const deliveryId = await endpoints.createTestDelivery(actor, params.id);
    const { delivery, result } = await sendNow(actor.clientId, deliveryId, false);
    return ok(delivery, attemptMessage(result));
  });
  route(app, listWebhookDeliveries, async ({ params, query, request }) => {
    const { clientId } = principalOf(request);
    await endpoints.find(clientId, params.id);
    const { items, count } = await listDeliveries(db, clientId, params.id, query);
    return ok(items, 'OK', { count, hasMore: count > query.page * query.size });
  });
  route(app, resendWebhookDelivery, async ({ params, request }) => {
    const actor = auditedActor(request);
    await endpoints.checkResendable(actor.clientId, params.id);
    const { delivery, result } = await sendNow(actor.clientId, params.id, true);
    await recordAudit(db, actor, {
      action: 'integration.webhook_resent',
      entity: 'integration',
      entityId: params.id,
      summary: `Resent webhook ${delivery.webhook_id} (${delivery.event_type})`,
    });
    return ok(
      delivery,
      result.delivered ? attemptMessage(result) : `Not delivered: ${result.error ?? 'no answer'}.`,
    );
  });
};

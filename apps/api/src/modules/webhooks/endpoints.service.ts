import {
  WEBHOOK_MESSAGES as M,
  type TSaveWebhookEndpointRequest,
  type TWebhookEndpoint,
  type TWebhookEventType,
  WEBHOOK_ENDPOINT_LIMIT,
  WEBHOOK_TEST_EVENT_TYPE,
  WEBHOOK_URL_FORM_MESSAGES,
} from '@laurel/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { newId } from '../../db/ids';
import { arrayParam, rowsOf } from '../../db/raw-sql';
import { webhookEndpoints } from '../../db/schema';
import { newWebhookId } from '../../engine/webhooks/outbox';
import { badRequest, conflict, notFound } from '../../http/errors';
import { type Actor, diffFields, recordAudit } from '../audit/audit';
import { type AddressPolicy, type UrlProblem, urlProblem } from './address-policy';
import { newWebhookSecret, secretHint } from './signature';

/** The refusals, the address one naming only what this configuration refuses (loopback is allowed outside production). */
const urlMessages = (policy: AddressPolicy): Record<UrlProblem, string> => ({
  ...WEBHOOK_URL_FORM_MESSAGES,
  private: policy.allowPrivate
    ? M.urlLinkLocal
    : policy.allowLoopback
      ? M.urlPrivateLoopbackAllowed
      : M.urlPrivate,
  unresolved: M.urlUnresolved,
});

type EndpointRow = typeof webhookEndpoints.$inferSelect;
type Counts = { pending: number; failed: number };

const toEndpoint = (row: EndpointRow, counts: Counts = { pending: 0, failed: 0 }): TWebhookEndpoint => ({
  _id: row.id,
  url: row.url,
  event_types: row.eventTypes as TWebhookEventType[],
  active: row.active,
  disabled_reason: row.disabledReason,
  secret_hint: secretHint(row.secret),
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
  pending: counts.pending,
  failed: counts.failed,
});

/** Webhook endpoints (DESIGN §10): saved only with a URL that passes the address policy. */
export const createWebhookEndpointsService = (db: Db, policy: AddressPolicy) => {
  const messages = urlMessages(policy);
  const checkUrl = async (url: string) => {
    const problem = await urlProblem(url, policy);
    if (problem) throw badRequest([{ field: 'url', message: messages[problem] }]);
  };

  const countsOf = async (clientId: string, endpointIds: string[]) => {
    if (endpointIds.length === 0) return new Map<string, Counts>();
    // Each count by an index of its own, never a read of the deliveries' history.
    const rows = await rowsOf<{ endpoint_id: string; pending: number; failed: number }>(
      db,
      sql`SELECT e.id AS endpoint_id,
                 (SELECT count(*) FROM webhook_queue q WHERE q.endpoint_id = e.id)::int AS pending,
                 (SELECT count(*) FROM webhook_deliveries d WHERE d.endpoint_id = e.id AND d.failed)::int AS failed
          FROM webhook_endpoints e WHERE e.client_id = ${clientId} AND e.id = ANY (${arrayParam(endpointIds)}::text[])`,
    );
    return new Map(rows.map((row) => [row.endpoint_id, { pending: row.pending, failed: row.failed }]));
  };

  const find = async (clientId: string, id: string) => {
    const [row] = await db
      .select()
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.clientId, clientId), eq(webhookEndpoints.id, id)));
    if (!row) throw notFound(M.notFound);
    return row;
  };

  const withCounts = async (row: EndpointRow) =>
    toEndpoint(row, (await countsOf(row.clientId, [row.id])).get(row.id));

  const list = async (clientId: string) => {
    const rows = await db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.clientId, clientId))
      .orderBy(sql`${webhookEndpoints.createdAt} DESC, ${webhookEndpoints.id} DESC`);
    const counts = await countsOf(
      clientId,
      rows.map((row) => row.id),
    );
    return rows.map((row) => toEndpoint(row, counts.get(row.id)));
  };

  const create = async (actor: Actor, body: TSaveWebhookEndpointRequest) => {
    await checkUrl(body.url);
    const secret = newWebhookSecret();
    const row = await db.transaction(async (tx) => {
      // The limit is counted under the client's lock, so two adds at once cannot both pass it.
      await tx.execute(
        sql`SELECT pg_advisory_xact_lock(hashtext('webhook_endpoints:' || ${actor.clientId}))`,
      );
      const [{ n } = { n: 0 }] = await rowsOf<{ n: number }>(
        tx,
        sql`SELECT count(*)::int AS n FROM webhook_endpoints WHERE client_id = ${actor.clientId}`,
      );
      if (n >= WEBHOOK_ENDPOINT_LIMIT) throw conflict(M.endpointLimit);
      const [created] = await tx
        .insert(webhookEndpoints)
        .values({
          id: newId(),
          clientId: actor.clientId,
          url: body.url,
          eventTypes: body.event_types ?? [],
          active: body.active ?? true,
          secret,
        })
        .returning();
      if (!created) throw new Error('insert returned nothing');
      await recordAudit(tx, actor, {
        action: 'integration.webhook_created',
        entity: 'integration',
        entityId: created.id,
        summary: `Added webhook endpoint ${created.url}`,
      });
      return created;
    });
    return { ...toEndpoint(row), secret };
  };

  const update = async (actor: Actor, id: string, body: TSaveWebhookEndpointRequest) => {
    const before = await find(actor.clientId, id);
    if (body.url !== before.url) await checkUrl(body.url);
    const active = body.active ?? true;
    const row = await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(webhookEndpoints)
        .set({
          url: body.url,
          eventTypes: body.event_types ?? [],
          active,
          // Switched on again by a person: Laurel's reason for switching it off no longer holds.
          disabledReason: active ? null : before.disabledReason,
          updatedAt: new Date(),
        })
        .where(and(eq(webhookEndpoints.clientId, actor.clientId), eq(webhookEndpoints.id, id)))
        .returning();
      if (!updated) throw notFound(M.notFound);
      // Switched on: its waiting deliveries are due now; the dispatchers hear it at commit.
      if (active && !before.active) await tx.execute(sql`SELECT pg_notify('laurel_webhooks', '')`);
      await recordAudit(tx, actor, {
        action: 'integration.webhook_updated',
        entity: 'integration',
        entityId: id,
        summary: `Changed webhook endpoint ${updated.url}`,
        changes: diffFields(
          { url: before.url, event_types: before.eventTypes, active: before.active },
          { url: updated.url, event_types: updated.eventTypes, active: updated.active },
          ['url', 'event_types', 'active'],
        ),
      });
      return updated;
    });
    return withCounts(row);
  };

  const remove = async (actor: Actor, id: string) =>
    db.transaction(async (tx) => {
      const [removed] = await tx
        .delete(webhookEndpoints)
        .where(and(eq(webhookEndpoints.clientId, actor.clientId), eq(webhookEndpoints.id, id)))
        .returning();
      if (!removed) throw notFound(M.notFound);
      await tx.execute(sql`DELETE FROM webhook_attempts WHERE delivery_id IN
        (SELECT id FROM webhook_deliveries WHERE endpoint_id = ${id})`);
      await tx.execute(sql`DELETE FROM webhook_deliveries WHERE endpoint_id = ${id}`);
      await recordAudit(tx, actor, {
        action: 'integration.webhook_deleted',
        entity: 'integration',
        entityId: id,
        summary: `Deleted webhook endpoint ${removed.url}`,
      });
      return toEndpoint(removed);
    });

  const rotateSecret = async (actor: Actor, id: string) => {
    const secret = newWebhookSecret();
    const row = await db.transaction(async (tx) => {
      const [rotated] = await tx
        .update(webhookEndpoints)
        .set({ secret, updatedAt: new Date() })
        .where(and(eq(webhookEndpoints.clientId, actor.clientId), eq(webhookEndpoints.id, id)))
        .returning();
      if (!rotated) throw notFound(M.notFound);
      await recordAudit(tx, actor, {
        action: 'integration.webhook_secret_rotated',
        entity: 'integration',
        entityId: id,
        summary: `Rotated the signing secret of webhook endpoint ${rotated.url}`,
      });
      return rotated;
    });
    return { ...(await withCounts(row)), secret };
  };

  /** Writes a `webhook.test` delivery for this endpoint only (active or not); the caller sends it at once. */
  const createTestDelivery = async (actor: Actor, id: string) => {
    const endpoint = await find(actor.clientId, id);
    const webhookId = newWebhookId();
    const deliveryId = newId();
    const payload = {
      id: webhookId,
      type: WEBHOOK_TEST_EVENT_TYPE,
      created_at: new Date().toISOString(),
      client_id: actor.clientId,
      data: { message: 'A test event sent from the Laurel console.', endpoint_id: endpoint.id },
    };
    await db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO webhook_deliveries (id, client_id, endpoint_id, webhook_id, event_type, payload)
        VALUES (${deliveryId}, ${actor.clientId}, ${endpoint.id}, ${webhookId}, ${WEBHOOK_TEST_EVENT_TYPE},
                ${JSON.stringify(payload)}::jsonb)`);
      await recordAudit(tx, actor, {
        action: 'integration.webhook_tested',
        entity: 'integration',
        entityId: id,
        summary: `Sent a test event to webhook endpoint ${endpoint.url}`,
      });
    });
    return deliveryId;
  };

  /**
   * A resend goes to a switched-on endpoint only: a switched-off one (paused, or disabled after failures) receives
   * nothing, its deliveries wait. Checked before the send leases anything, so a refusal changes nothing.
   */
  const checkResendable = async (clientId: string, deliveryId: string) => {
    const [row] = await rowsOf<{ active: boolean }>(
      db,
      sql`SELECT e.active FROM webhook_deliveries w JOIN webhook_endpoints e ON e.id = w.endpoint_id
          WHERE w.id = ${deliveryId} AND w.client_id = ${clientId}`,
    );
    if (!row) throw notFound(M.deliveryNotFound);
    if (!row.active) throw conflict(M.endpointSwitchedOff);
  };

  return { list, create, update, remove, rotateSecret, createTestDelivery, checkResendable, find };
};

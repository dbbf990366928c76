import type { TWebhookEventType } from '@laurel/contract';
import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { newId } from '../../db/ids';
import { arrayParam, rowsOf } from '../core/sql';

/** Something a client's systems may hear about: one body, sent to every active endpoint subscribed to its type. */
export type WebhookMessage = {
  clientId: string;
  type: TWebhookEventType;
  customerId: string | null;
  data: Record<string, unknown>;
  /** The body's id; a stable one (a lot's expiry notice) makes a repeat a no-op. Default: a new id. */
  webhookId?: string;
  createdAt?: Date;
};

/** The webhook id of a new body: `wh_` and a time-ordered id. */
export const newWebhookId = () => `wh_${newId()}`;

/**
 * The statement that writes the outbox rows of `messages` (DESIGN §10), to run in the effect's own transaction —
 * alone (`enqueueWebhooks`) or as a CTE of the effect's own statement — so a webhook exists exactly when its effect
 * committed: a rolled-back effect leaves none, a crash after the commit loses none. Whatever the number of messages
 * and endpoints it is one INSERT; a client without an active endpoint for the type gets no row. A delivery's id
 * derives from its endpoint and webhook id (unique together), so a repeated message is skipped.
 */
export const outboxInsertSql = (messages: readonly WebhookMessage[]) => {
  const now = new Date();
  const bodies = messages.map((message) => {
    const id = message.webhookId ?? newWebhookId();
    return {
      id,
      message,
      body: JSON.stringify({
        id,
        type: message.type,
        created_at: (message.createdAt ?? now).toISOString(),
        client_id: message.clientId,
        data: message.data,
      }),
    };
  });
  const col = <T>(pick: (row: (typeof bodies)[number]) => T) => arrayParam(bodies.map(pick));
  return sql`INSERT INTO webhook_deliveries (id, client_id, endpoint_id, webhook_id, event_type, customer_id, payload)
    SELECT substr(md5(e.id || m.webhook_id), 1, 24), m.client_id, e.id, m.webhook_id, m.type, m.customer_id, m.body::jsonb
    FROM unnest(${col((b) => b.id)}::text[], ${col((b) => b.message.clientId)}::text[],
                ${col((b) => b.message.type)}::text[], ${col((b) => b.message.customerId)}::text[],
                ${col((b) => b.body)}::text[]) WITH ORDINALITY AS m(webhook_id, client_id, type, customer_id, body, n)
    JOIN webhook_endpoints e ON e.client_id = m.client_id AND e.active AND m.type = ANY (e.event_types)
    ORDER BY m.n, e.id
    ON CONFLICT (id) DO NOTHING
    RETURNING 1`;
};

/** Wakes the dispatchers at commit when `written` (a CTE of outbox rows) wrote any: NOTIFY is transactional. */
export const wakeDispatchersSql = (written: string) =>
  sql.raw(
    `(SELECT count(*) FROM (SELECT pg_notify('laurel_webhooks', '') WHERE EXISTS (SELECT 1 FROM ${written})) AS w)`,
  );

/**
 * Above this many messages, those no endpoint takes are dropped before their bodies are built and sent: one small
 * query instead of shipping hundreds of bodies to an INSERT that joins them with no endpoint.
 */
export const MANY_WEBHOOKS = 50;

/** The client-and-type pairs some active endpoint of these clients subscribes to. */
const subscriptions = async (tx: DbOrTx, clientIds: readonly string[]) => {
  const rows = await rowsOf<{ client_id: string; type: string }>(
    tx,
    sql`SELECT DISTINCT client_id, unnest(event_types) AS type FROM webhook_endpoints
        WHERE active AND client_id = ANY (${arrayParam([...clientIds])}::text[])`,
  );
  return new Set(rows.map((row) => `${row.client_id}\u0000${row.type}`));
};

/** The messages some active endpoint subscribes to (a segment rebuild of 100,000 players, and no endpoint). */
export const subscribedOnly = async (tx: DbOrTx, messages: readonly WebhookMessage[]) => {
  const wanted = await subscriptions(tx, [...new Set(messages.map((message) => message.clientId))]);
  return messages.filter((message) => wanted.has(`${message.clientId}\u0000${message.type}`));
};

/** The types among `types` that some active endpoint of the client takes: a set-based writer builds only those. */
export const subscribedTypes = async <T extends TWebhookEventType>(
  tx: DbOrTx,
  clientId: string,
  types: readonly T[],
): Promise<Set<T>> => {
  const wanted = await subscriptions(tx, [clientId]);
  return new Set(types.filter((type) => wanted.has(`${clientId}\u0000${type}`)));
};

/** Writes the outbox rows of `messages` in the caller's transaction (see outboxInsertSql); answers how many. */
export const enqueueWebhooks = async (
  tx: DbOrTx,
  allMessages: readonly WebhookMessage[],
): Promise<number> => {
  const messages = allMessages.length > MANY_WEBHOOKS ? await subscribedOnly(tx, allMessages) : allMessages;
  if (messages.length === 0) return 0;
  const rows = await rowsOf<{ n: number }>(
    tx,
    sql`WITH written AS (${outboxInsertSql(messages)})
        SELECT (SELECT count(*)::int FROM written) AS n, ${wakeDispatchersSql('written')} AS woken`,
  );
  return rows[0]?.n ?? 0;
};

/**
 * The outbox rows of webhooks of one type whose data the statement itself produces, one for each row of `from` (a
 * CTE of the same statement: the customers an import just wrote, a coupon code a pool gave out): `webhookId`,
 * `customerId` and `data` are expressions over it. Used as a CTE beside `from`.
 */
export const outboxInsertRowsSql = (input: {
  clientId: string | Placeholder;
  type: TWebhookEventType;
  from: SQL;
  webhookId: SQL | Placeholder | string;
  customerId: SQL | string | Placeholder | null;
  data: SQL;
  createdAt: Placeholder | string;
}) => {
  const { webhookId, createdAt } = input;
  return sql`INSERT INTO webhook_deliveries (id, client_id, endpoint_id, webhook_id, event_type, customer_id, payload)
    SELECT substr(md5(e.id || ${webhookId}::text), 1, 24), ${input.clientId}::text, e.id, ${webhookId}::text,
           ${input.type}::text, ${input.customerId}::text,
           jsonb_build_object('id', ${webhookId}::text, 'type', ${input.type}::text, 'created_at', ${createdAt}::text,
                              'client_id', ${input.clientId}::text, 'data', ${input.data})
    FROM ${input.from}
    JOIN webhook_endpoints e ON e.client_id = ${input.clientId}::text AND e.active AND ${input.type}::text = ANY (e.event_types)
    ON CONFLICT (id) DO NOTHING
    RETURNING 1`;
};

/**
 * The outbox row of one webhook whose data the statement itself produces (a coupon code a pool gave out): `data` is
 * a jsonb expression over `from`, a one-row CTE of the same statement. Used as a CTE beside `from`.
 */
export const outboxInsertOneSql = (input: {
  clientId: string | Placeholder;
  type: TWebhookEventType;
  customerId: string | Placeholder | null;
  from: SQL;
  data: SQL;
  /** For a statement prepared once: the body's id and time as placeholders filled per call. */
  webhookId?: Placeholder;
  createdAt?: Placeholder;
}) =>
  outboxInsertRowsSql({
    ...input,
    webhookId: input.webhookId ?? newWebhookId(),
    createdAt: input.createdAt ?? new Date().toISOString(),
  });

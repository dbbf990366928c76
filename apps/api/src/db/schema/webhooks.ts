import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** A client's webhook endpoint (DESIGN §10). The secret signs every delivery, so it is kept (not hashed). */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: text('id').primaryKey(),
    clientId: text('client_id').notNull(),
    url: text('url').notNull(),
    eventTypes: text('event_types').array().notNull(),
    active: boolean('active').notNull().default(true),
    secret: text('secret').notNull(),
    disabledReason: text('disabled_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The outbox writers join on it for every effect: only the active ones matter there.
    index('webhook_endpoints_active_idx').on(table.clientId).where(sql`${table.active}`),
    index('webhook_endpoints_client_idx').on(table.clientId, table.createdAt.desc()),
  ],
);

/**
 * The outbox (DESIGN §10): one row per endpoint and webhook, written in the effect's own transaction; the
 * dispatcher sends it until a 2xx or until the retry schedule runs out. `seq` orders sends per endpoint and customer.
 * It is also the deliveries' history: what is still to send is found through `webhook_queue`.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: text('id').primaryKey(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    clientId: text('client_id').notNull(),
    endpointId: text('endpoint_id').notNull(),
    webhookId: text('webhook_id').notNull(),
    eventType: text('event_type').notNull(),
    customerId: text('customer_id'),
    /** The whole body as sent: `{ id, type, created_at, client_id, data }`. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** pending (never tried or retrying), delivered, failed (gave up). */
    status: text('status').notNull().default('pending'),
    /**
     * `status = 'failed'`, kept by PostgreSQL, for the failed index's predicate: a predicate that read `status` itself
     * would make every delivery's pending -> delivered update a non-HOT one (a new entry in each index), while this
     * column changes only when a delivery gives up or a failed one is resent.
     */
    failed: boolean('failed').generatedAlwaysAs(sql`status = 'failed'`),
    attempts: integer('attempts').notNull().default(0),
    /** Of `attempts`, the tries a person asked for (Resend): extra tries, none of them a step of the retry schedule. */
    resends: integer('resends').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastStatusCode: integer('last_status_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  // No unique index on (endpoint_id, webhook_id): the id is derived from that pair (outbox.ts), so the primary key
  // already makes a repeated webhook a no-op, with one index less to write per outbox row.
  // No index reads the status (the dispatcher reads webhook_queue) and a quarter of each page is kept free
  // (fillfactor 75, migration 0043): writing a delivery's result is a HOT update that adds no index entry.
  (table) => [
    index('webhook_deliveries_endpoint_idx').on(table.endpointId, table.seq.desc()),
    // The endpoints list's failed count (the pending one comes from webhook_queue): failures are few.
    index('webhook_deliveries_failed_idx').on(table.endpointId).where(sql`${table.failed}`),
    index('webhook_deliveries_customer_idx').on(table.clientId, table.customerId),
  ],
);

/**
 * The deliveries still to send (status pending), with what the dispatcher's claim orders and filters by: a small
 * table beside the growing history, kept equal to `webhook_deliveries`' status, next try and attempts by triggers in
 * the same statement (migration 0036), so every writer of the outbox queues its rows. Its own plans and its own
 * vacuum (engine/core/queue-upkeep.ts) do not depend on how much history the deliveries hold. `leased_until`
 * keeps a row a sender holds from others (a sender that dies lets its lease run out).
 */
export const webhookQueue = pgTable(
  'webhook_queue',
  {
    deliveryId: text('delivery_id').primaryKey(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    endpointId: text('endpoint_id').notNull(),
    customerId: text('customer_id'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull(),
    leasedUntil: timestamp('leased_until', { withTimezone: true }),
  },
  (table) => [
    // The claim: what is due, in order.
    index('webhook_queue_due_idx').on(table.nextAttemptAt, table.seq),
    // Order per endpoint and customer: an earlier unsent row of the same pair holds a later one back.
    index('webhook_queue_order_idx').on(table.endpointId, table.customerId, table.seq),
  ],
);

/** Every attempt of a delivery: when, the status code, how long, the first 1 KB of the answer. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity().primaryKey(),
    deliveryId: text('delivery_id').notNull(),
    clientId: text('client_id').notNull(),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull(),
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms').notNull(),
    responseExcerpt: text('response_excerpt'),
    error: text('error'),
  },
  (table) => [index('webhook_attempts_delivery_idx').on(table.deliveryId, table.id.desc())],
);

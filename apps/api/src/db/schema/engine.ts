import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { clients } from './accounts';

/**
 * The event log: every event an integrator (or the console's own commerce) sent, stored before it is processed.
 * `external_id` is the sender's idempotency key (unique through `event_keys`); `seq` is arrival order. Processing
 * state lives on the row, so the effects of an event and its `processed` mark commit in one transaction (exactly
 * once). In the database the table is partitioned by month of `received_at` (migration 0031, which Drizzle cannot
 * express; `engine/events/event-partitions.ts` keeps the months ahead and drops old finished ones), hence the key
 * (id, received_at). No index holds `status`, `next_attempt_at` or `processed_at`, and the partitions keep half of
 * each page free (fillfactor 50, migration 0033): marking a batch processed is a HOT update that writes no index
 * (issue 28). The waiting and parked events are found through `event_queue` instead.
 */
export const events = pgTable(
  'events',
  {
    id: text('id').notNull(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    // No foreign key: the API key that stored the event names the client, and a check per inserted row is work
    // the busiest table does not need (issue 28).
    clientId: text('client_id').notNull(),
    externalId: text('external_id').notNull(),
    type: text('type').notNull(),
    customerId: text('customer_id').notNull(),
    branchId: text('branch_id'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    /** SHA-256 of the event as sent: a repeat of the id with another payload is refused (409). */
    payloadHash: text('payload_hash').notNull(),
    status: text('status').notNull().default('accepted'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    error: text('error'),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.id, table.receivedAt] }),
    index('events_client_received_idx').on(table.clientId, table.seq.desc().nullsFirst()),
    // The events set aside (duplicate, skipped, parked, or waiting for a retry: each has its reason in `error`), for
    // the Event Log's filters. A plainly processed event never has an error, so marking it changes no indexed value.
    index('events_client_set_aside_idx')
      .on(table.clientId, table.seq.desc().nullsFirst())
      .where(sql`${table.error} IS NOT NULL`),
    index('events_client_type_idx').on(table.clientId, table.type, table.seq.desc().nullsFirst()),
    index('events_client_customer_idx').on(table.clientId, table.customerId, table.seq),
  ],
);

/**
 * The events not finished yet — waiting (`accepted`) or `parked` — with what the claim orders and filters by: a
 * small table beside the growing log, kept equal to `events`' own status by triggers in the same statement
 * (migration 0033), so whatever changes an event's status (ingest, the worker, a retry from the console) moves it in
 * or out of the queue atomically. `received_at` reaches the event's partition by its key.
 */
export const eventQueue = pgTable(
  'event_queue',
  {
    eventId: text('event_id').primaryKey(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    clientId: text('client_id').notNull(),
    customerId: text('customer_id').notNull(),
    status: text('status').notNull(),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    // The worker's order: the next due events.
    index('event_queue_due_idx').on(table.nextAttemptAt, table.seq).where(sql`${table.status} = 'accepted'`),
    // A held player's waiting events; the Event Log's waiting and parked events of a client.
    index('event_queue_customer_idx').on(table.clientId, table.customerId, table.seq),
  ],
);

/**
 * Every event id a client ever sent (its idempotency key), apart from the partitioned log so that a repeat is known
 * after the event's month was dropped (EVENT_RETENTION_DAYS): a repeat with the same payload is a duplicate, another
 * payload a conflict. Kept twice as long as the events (docs/operations.md).
 */
export const eventKeys = pgTable(
  'event_keys',
  {
    clientId: text('client_id').notNull(),
    externalId: text('external_id').notNull(),
    eventId: text('event_id').notNull(),
    payloadHash: text('payload_hash').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.clientId, table.externalId] }),
    index('event_keys_received_idx').on(table.receivedAt),
  ],
);

/**
 * Named player metrics (spec 2 §3). `version` counts resets; `epochVersion`/`epochStart` anchor the count for
 * interval resets: the version of a moment is epochVersion + the number of intervals since epochStart.
 */
export const statistics = pgTable(
  'statistics',
  {
    id: text('id').primaryKey(),
    clientId: text('client_id')
      .notNull()
      .references(() => clients.id),
    name: text('name').notNull(),
    aggregationMethod: text('aggregation_method').notNull(),
    resetInterval: text('reset_interval').notNull(),
    system: boolean('system').notNull().default(false),
    epochVersion: integer('epoch_version').notNull().default(0),
    epochStart: timestamp('epoch_start', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('statistics_client_name_unique').on(table.clientId, sql`lower(${table.name})`),
    index('statistics_client_created_idx').on(
      table.clientId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
  ],
);

/** One player's value of one statistic in one version; older versions stay readable. */
export const playerStatistics = pgTable(
  'player_statistics',
  {
    clientId: text('client_id').notNull(),
    customerId: text('customer_id').notNull(),
    statisticId: text('statistic_id')
      .notNull()
      .references(() => statistics.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    value: numeric('value').notNull(),
    /** Of the event that set a `Last` value: a late event with an older time does not overwrite a newer one. */
    lastOccurredAt: timestamp('last_occurred_at', { withTimezone: true }).notNull(),
    lastSeq: bigint('last_seq', { mode: 'number' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.statisticId, table.customerId, table.version] }),
    index('player_statistics_customer_idx').on(table.clientId, table.customerId),
  ],
);

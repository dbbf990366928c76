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
 * (id, received_at).
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
    index('events_client_external_idx').on(table.clientId, table.externalId),
    // The worker's queue: only waiting events are in it, so it stays small however long the log grows.
    index('events_pending_idx').on(table.nextAttemptAt, table.seq).where(sql`${table.status} = 'accepted'`),
    // A held player's waiting events, without reading their processed history.
    index('events_pending_customer_idx')
      .on(table.clientId, table.customerId, table.seq)
      .where(sql`${table.status} = 'accepted'`),
    index('events_client_received_idx').on(table.clientId, table.seq.desc().nullsFirst()),
    index('events_client_status_idx').on(table.clientId, table.status, table.seq.desc().nullsFirst()),
    index('events_client_type_idx').on(table.clientId, table.type, table.seq.desc().nullsFirst()),
    index('events_client_customer_idx').on(table.clientId, table.customerId, table.seq),
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

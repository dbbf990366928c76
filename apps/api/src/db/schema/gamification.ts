import type { TComparisonOperator } from '@laurel/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { clients } from './accounts';

export type BadgeIconColumn = {
  name: string | null;
  prefix: string | null;
  url: string | null;
  etag: string | null;
  file_name: string | null;
};
export type BadgeThemeColumn = {
  primary: string;
  name: string;
  sub_copy: string;
  background: string;
  icon: string;
};

/** Badges (spec 2 §3). A limited badge's `quantity` is its total stock; `granted_quantity` what is gone. */
export const badges = pgTable(
  'badges',
  {
    id: text('id').primaryKey(),
    clientId: text('client_id')
      .notNull()
      .references(() => clients.id),
    name: text('name').notNull(),
    description: text('description').notNull(),
    subCopy: text('sub_copy').notNull(),
    quantity: integer('quantity').notNull().default(0),
    quantityLimited: boolean('quantity_limited').notNull().default(false),
    grantedQuantity: integer('granted_quantity').notNull().default(0),
    datesEnabled: boolean('dates_enabled').notNull().default(false),
    startDate: timestamp('start_date', { withTimezone: true }),
    endDate: timestamp('end_date', { withTimezone: true }),
    icon: jsonb('icon').$type<BadgeIconColumn>().notNull(),
    theme: jsonb('theme').$type<BadgeThemeColumn>().notNull(),
    category: text('category').notNull().default('Achievement'),
    level: integer('level').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('badges_client_created_idx').on(
      table.clientId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
  ],
);

/** What each player holds of each badge. */
export const playerBadges = pgTable(
  'player_badges',
  {
    clientId: text('client_id').notNull(),
    customerId: text('customer_id').notNull(),
    badgeId: text('badge_id')
      .notNull()
      .references(() => badges.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    firstGrantedAt: timestamp('first_granted_at', { withTimezone: true }).notNull().defaultNow(),
    lastGrantedAt: timestamp('last_granted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.badgeId, table.customerId] }),
    index('player_badges_customer_idx').on(table.clientId, table.customerId),
  ],
);

/**
 * The badge ledger (spec 3 §3 Badge transaction): one row per grant, append-only, kept when the badge is deleted
 * (its name, category and level are copied).
 */
export const badgeTransactions = pgTable(
  'badge_transactions',
  {
    id: text('id').primaryKey(),
    clientId: text('client_id').notNull(),
    customerId: text('customer_id').notNull(),
    badgeId: text('badge_id').notNull(),
    badgeName: text('badge_name').notNull(),
    badgeCategory: text('badge_category').notNull(),
    badgeLevel: integer('badge_level').notNull(),
    quantity: integer('quantity').notNull(),
    xpPointsEarned: integer('xp_points_earned').notNull().default(0),
    /** What granted it: a segment action, a challenge reward… and that thing's id. */
    source: text('source').notNull(),
    sourceId: text('source_id'),
    eventId: text('event_id'),
    branchId: text('branch_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('badge_transactions_client_created_idx').on(
      table.clientId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('badge_transactions_customer_idx').on(table.clientId, table.customerId, table.createdAt),
    // Branch scope and the branch filter, newest first (branch_id is filled on every row by a trigger).
    index('badge_transactions_branch_created_idx').on(
      table.clientId,
      table.branchId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
  ],
);

export type SegmentFilterColumn = {
  id: string;
  type: 'statistic' | 'all_players';
  statistic_name: string | null;
  comparison: TComparisonOperator | null;
  filter_value: number | null;
};
export type SegmentActionColumn = {
  id: string;
  type: 'grant_item' | 'grant_mission';
  trigger: 'entered' | 'left';
  item_id: string | null;
  quantity: number | null;
  mission_id: string | null;
};

/**
 * Segments (spec 2 §3). `rebuildRequestedAt` is set when the rules change: a worker recomputes the members and
 * clears it, so a rebuild survives a restart.
 */
export const segments = pgTable(
  'segments',
  {
    id: text('id').primaryKey(),
    clientId: text('client_id')
      .notNull()
      .references(() => clients.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    filters: jsonb('filters').$type<SegmentFilterColumn[]>().notNull(),
    actions: jsonb('actions').$type<SegmentActionColumn[]>().notNull(),
    system: boolean('system').notNull().default(false),
    rebuildRequestedAt: timestamp('rebuild_requested_at', { withTimezone: true }),
    /** When the worker last looked whether a reset period of a statistic its rules read had ended (rollover). */
    periodsCheckedAt: timestamp('periods_checked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('segments_client_name_unique').on(table.clientId, sql`lower(${table.name})`),
    index('segments_client_created_idx').on(
      table.clientId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('segments_rebuild_idx')
      .on(table.rebuildRequestedAt)
      .where(sql`${table.rebuildRequestedAt} IS NOT NULL`),
  ],
);

/** Who is in each segment, kept current by the engine. */
export const segmentMembers = pgTable(
  'segment_members',
  {
    clientId: text('client_id').notNull(),
    segmentId: text('segment_id')
      .notNull()
      .references(() => segments.id, { onDelete: 'cascade' }),
    customerId: text('customer_id').notNull(),
    enteredAt: timestamp('entered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.segmentId, table.customerId] }),
    index('segment_members_customer_idx').on(table.clientId, table.customerId),
    index('segment_members_entered_idx').on(
      table.segmentId,
      table.enteredAt.desc().nullsFirst(),
      table.customerId.desc().nullsFirst(),
    ),
  ],
);

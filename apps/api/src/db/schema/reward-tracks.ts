import type { TMilestone } from '@laurel/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
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

export type MilestoneColumn = TMilestone;

/**
 * Reward tracks (spec 3 §3): a source statistic's thresholds (milestones, at most 5, kept as jsonb in order) set a
 * target statistic. One tier and one level progression per client (a partial unique index), any number of generic
 * tracks. `rebuild_requested_at` asks a worker to re-evaluate every player after a milestone change;
 * `year_closed` is the last local year whose year-end rules ran.
 */
export const rewardTracks = pgTable(
  'reward_tracks',
  {
    id: text('id').primaryKey(),
    clientId: text('client_id')
      .notNull()
      .references(() => clients.id),
    name: text('name').notNull(),
    type: text('type').notNull(),
    source: text('source').notNull(),
    target: text('target').notNull(),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    resetPointsAnnually: boolean('reset_points_annually').notNull().default(false),
    persistTierLevelsAnnually: boolean('persist_tier_levels_annually').notNull().default(false),
    milestones: jsonb('milestones').$type<MilestoneColumn[]>().notNull(),
    qualificationWindow: text('qualification_window').notNull().default('NONE'),
    qualificationMonths: integer('qualification_months').notNull().default(12),
    downgradeOneTierPerReview: boolean('downgrade_one_tier_per_review').notNull().default(true),
    rebuildRequestedAt: timestamp('rebuild_requested_at', { withTimezone: true }),
    yearClosed: integer('year_closed').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('reward_tracks_one_progression_per_client')
      .on(table.clientId, table.type)
      .where(sql`${table.type} IN ('TIER_PROGRESSION', 'LEVEL_PROGRESSION')`),
    index('reward_tracks_client_created_idx').on(
      table.clientId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('reward_tracks_rebuild_idx')
      .on(table.rebuildRequestedAt)
      .where(sql`${table.rebuildRequestedAt} IS NOT NULL`),
  ],
);

/**
 * The reward-track ledger (spec 3 §3 Reward track transaction): one row per milestone a player reaches,
 * append-only (a trigger), kept when the track is deleted (its name is copied). `cycle` is the local year for a
 * track whose points reset annually (a milestone can be reached again the next year), else 0; each milestone is
 * written once per player and cycle.
 */
export const rewardTrackTransactions = pgTable(
  'reward_track_transactions',
  {
    id: text('id').primaryKey(),
    clientId: text('client_id').notNull(),
    customerId: text('customer_id').notNull(),
    branchId: text('branch_id'),
    rewardTrackId: text('reward_track_id').notNull(),
    rewardTrackName: text('reward_track_name').notNull(),
    rewardTrackType: text('reward_track_type').notNull(),
    milestoneIndex: integer('milestone_index').notNull(),
    milestoneReached: text('milestone_reached').notNull(),
    /** What the milestone gave, in words ('Level 3', 'Gold', 'stamps 10'). */
    rewardClaimed: text('reward_claimed').notNull(),
    /** The milestone's target value. */
    rewardValue: numeric('reward_value').notNull(),
    /** The player's XP when the milestone was reached (XP earns pro rata, so it has decimals as the ledger's). */
    xpPointsEarned: numeric('xp_points_earned').notNull().default('0'),
    status: text('status').notNull().default('In Progress'),
    cycle: integer('cycle').notNull().default(0),
    eventId: text('event_id'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('reward_track_transactions_once').on(
      table.rewardTrackId,
      table.customerId,
      table.cycle,
      table.milestoneIndex,
    ),
    index('reward_track_transactions_client_occurred_idx').on(
      table.clientId,
      table.occurredAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('reward_track_transactions_customer_idx').on(table.clientId, table.customerId, table.occurredAt),
    // The Reward Tracks filter, newest first, and its options (the distinct names, by a loose index scan).
    index('reward_track_transactions_name_occurred_idx').on(
      table.clientId,
      table.rewardTrackName,
      table.occurredAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    // Branch scope and the branch filter, newest first (branch_id is filled on every row by a trigger).
    index('reward_track_transactions_branch_occurred_idx').on(
      table.clientId,
      table.branchId,
      table.occurredAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
  ],
);

/**
 * Each player's standing on a track beyond the statistics: the target value kept through a year-end
 * (`floor_value`, persist_tier_levels_annually) and, for a tier track with a qualification window, the next
 * review of the tier (`review_at`, per customer).
 */
export const rewardTrackPlayers = pgTable(
  'reward_track_players',
  {
    clientId: text('client_id').notNull(),
    rewardTrackId: text('reward_track_id')
      .notNull()
      .references(() => rewardTracks.id, { onDelete: 'cascade' }),
    customerId: text('customer_id').notNull(),
    floorValue: numeric('floor_value').notNull().default('0'),
    reviewAt: timestamp('review_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.rewardTrackId, table.customerId] }),
    index('reward_track_players_review_idx').on(table.reviewAt).where(sql`${table.reviewAt} IS NOT NULL`),
  ],
);

/**
 * A tier track's source by local calendar month (month = year * 12 + month - 1), for qualification windows:
 * the highest value held in the month and the value it ended on (carried into months without a change).
 */
export const rewardTrackSourceMonths = pgTable(
  'reward_track_source_months',
  {
    clientId: text('client_id').notNull(),
    rewardTrackId: text('reward_track_id')
      .notNull()
      .references(() => rewardTracks.id, { onDelete: 'cascade' }),
    customerId: text('customer_id').notNull(),
    month: integer('month').notNull(),
    maxValue: numeric('max_value').notNull(),
    lastValue: numeric('last_value').notNull(),
  },
  (table) => [primaryKey({ columns: [table.rewardTrackId, table.customerId, table.month] })],
);

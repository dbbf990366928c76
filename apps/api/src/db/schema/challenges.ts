import type { TChallengeObjective, TChallengeReward, TFlowGraph } from '@laurel/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { clients } from './accounts';
import { segments } from './gamification';

export type ChallengeImageColumn = { url: string | null; etag: string | null; file_name: string | null };
export type ChallengeObjectiveColumn = TChallengeObjective & { _id: string };

/**
 * Challenges (spec 2 §3). The objectives (with their conditions and rewards) are what the engine evaluates; the
 * flow graph is what the editor re-opens. Schedule bounds are the start of the first day and the end of the last
 * in the client's time zone.
 */
export const challenges = pgTable(
  'challenges',
  {
    id: text('id').primaryKey(),
    clientId: text('client_id')
      .notNull()
      .references(() => clients.id),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    image: jsonb('image').$type<ChallengeImageColumn>().notNull(),
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true }),
    status: text('status').notNull().default('draft'),
    visible: boolean('visible').notNull().default(false),
    objectives: jsonb('objectives').$type<ChallengeObjectiveColumn[]>().notNull(),
    rewards: jsonb('rewards').$type<TChallengeReward[]>().notNull(),
    flow: jsonb('flow').$type<TFlowGraph>().notNull(),
    /** When the expiry task closed it (every open player expired): the engine no longer reads it. */
    expiredAt: timestamp('expired_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('challenges_client_created_idx').on(
      table.clientId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    // The engine's question per batch: the client's released challenges.
    index('challenges_client_released_idx').on(table.clientId).where(sql`${table.status} = 'released'`),
    // Released challenges whose end has passed and that the expiry task has not closed yet.
    index('challenges_released_end_idx')
      .on(table.endDate)
      .where(sql`${table.status} = 'released' AND ${table.expiredAt} IS NULL`),
  ],
);

/** A challenge granted to a segment (spec 2 §2 Select Segment): irreversible, gone only with the challenge. */
export const challengeSegments = pgTable(
  'challenge_segments',
  {
    clientId: text('client_id').notNull(),
    challengeId: text('challenge_id')
      .notNull()
      .references(() => challenges.id, { onDelete: 'cascade' }),
    segmentId: text('segment_id')
      .notNull()
      .references(() => segments.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.challengeId, table.segmentId] }),
    index('challenge_segments_segment_idx').on(table.segmentId),
    index('challenge_segments_client_idx').on(table.clientId),
  ],
);

/**
 * A player's standing in a challenge, where it is more than started: granted to them alone by a segment's
 * grant_mission action (`granted`), completed once every objective is (`completed_at`), or expired when a released
 * challenge ended with it open. A start is the player's Active challenge transaction and progress entry (rows
 * written before, with `started_at`, are kept). One row per player and challenge.
 */
export const challengePlayers = pgTable(
  'challenge_players',
  {
    clientId: text('client_id').notNull(),
    challengeId: text('challenge_id')
      .notNull()
      .references(() => challenges.id, { onDelete: 'cascade' }),
    customerId: text('customer_id').notNull(),
    granted: boolean('granted').notNull().default(false),
    status: text('status').notNull().default('active'),
    grantedAt: timestamp('granted_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.challengeId, table.customerId] }),
    index('challenge_players_challenge_status_idx').on(table.challengeId, table.status),
    // Players granted a challenge alone (grant_mission), which every batch asks about: a small index.
    index('challenge_players_granted_idx')
      .on(table.customerId, table.challengeId)
      .where(sql`${table.granted}`),
  ],
);

/** What a condition remembers between events (unique values seen, recurring periods, products matched). */
export type ObjectiveStateColumn = {
  unique?: string[];
  period?: string | null;
  periodCount?: number;
  matched?: string[];
};

/**
 * One objective's progress in a player's challenge entry. Keys are one letter: the row holds every objective of
 * every challenge the player has started, and is read and written back by every batch the player is in.
 */
export type ObjectiveProgressColumn = {
  /** Progress towards the objective's target. */
  p: number;
  /** Completed at (ISO), once the target is reached. */
  c?: string;
  /** unique: the values counted. */
  u?: string[];
  /** recurring: the current period and the events counted in it. */
  r?: string;
  n?: number;
  /** match all: the scope's products or categories bought. */
  m?: string[];
};

/** A player's entry for one challenge, made by their first progress: completed (`c`) or expired (`x`) ends it. */
export type ChallengeEntryColumn = {
  c?: 1;
  x?: 1;
  /** By objective id. */
  o: Record<string, ObjectiveProgressColumn>;
};

/** By challenge id. */
export type PlayerChallengesColumn = Record<string, ChallengeEntryColumn>;

/**
 * Each player's progress in every challenge they have started, one row per player (DESIGN §5 step 5): a batch reads
 * the rows of its players in one statement and merges back the entries it changed in one more, whatever the number
 * of challenges and objectives. `challenge_players` keeps the standing the console and the expiry task query.
 */
export const challengeProgress = pgTable(
  'challenge_progress',
  {
    clientId: text('client_id').notNull(),
    customerId: text('customer_id').notNull(),
    challenges: jsonb('challenges').$type<PlayerChallengesColumn>().notNull().default({}),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.clientId, table.customerId] })],
);

/** What one counted order added to one objective: progress, and the unique values, matches and period it counted. */
export type OrderContributionColumn = { n: number; u?: string[]; m?: string[]; r?: string };
/** By challenge id, then objective id. */
export type OrderContributionsColumn = Record<string, Record<string, OrderContributionColumn>>;

/**
 * What each counted order added to challenge progress, so that refunding or cancelling it takes that back (from
 * objectives and challenges not completed yet) and recovering it gives back what was taken. One row per order that
 * moved any objective; read only for orders that stop or start counting again.
 */
export const challengeOrderProgress = pgTable(
  'challenge_order_progress',
  {
    clientId: text('client_id').notNull(),
    orderRef: text('order_ref').notNull(),
    customerId: text('customer_id').notNull(),
    added: jsonb('added').$type<OrderContributionsColumn>().notNull(),
    /** What the order's refund or cancellation took back, until it counts again. */
    takenBack: jsonb('taken_back').$type<OrderContributionsColumn>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.clientId, table.orderRef] })],
);

/**
 * The challenge ledger (spec 3 §3 Challenge transaction), append-only: Active when a player starts, Completed
 * when they finish (the rewards are paid with it), Expired when a released challenge ends with them unfinished,
 * Failed when the challenge is deleted under them. Each status at most once per player and challenge, so a
 * completion pays exactly once. Name and schedule are copied so the row outlives the challenge.
 */
export const challengeTransactions = pgTable(
  'challenge_transactions',
  {
    id: text('id').primaryKey(),
    clientId: text('client_id').notNull(),
    customerId: text('customer_id').notNull(),
    branchId: text('branch_id'),
    challengeId: text('challenge_id').notNull(),
    challengeName: text('challenge_name').notNull(),
    challengeStartDate: timestamp('challenge_start_date', { withTimezone: true }),
    challengeEndDate: timestamp('challenge_end_date', { withTimezone: true }),
    challengeStatus: text('challenge_status').notNull().default('Active'),
    /** What completing it paid, in words ('Badge: Regular, 50 XP'); empty for other statuses. */
    rewardEarned: text('reward_earned').notNull().default(''),
    xpPointsEarned: bigint('xp_points_earned', { mode: 'number' }).notNull().default(0),
    eventId: text('event_id'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('challenge_transactions_once').on(table.challengeId, table.customerId, table.challengeStatus),
    index('challenge_transactions_client_occurred_idx').on(
      table.clientId,
      table.occurredAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('challenge_transactions_customer_idx').on(table.clientId, table.customerId, table.occurredAt),
    // Branch scope and the branch filter, newest first (branch_id is filled on every row by a trigger).
    index('challenge_transactions_branch_occurred_idx').on(
      table.clientId,
      table.branchId,
      table.occurredAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
  ],
);

import { bigint, date, integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';

/*
 * The dashboard's rollups (engine/dashboard/): kept by the engine's dashboard step and by triggers on the challenge
 * and badge ledgers, in the same transaction as what they count, so the dashboard reads a few thousand rows
 * however many events there are. `scope` is '' for all branches, else a branch id; `day` is a local calendar day
 * in the client's time zone. `npm run dashboard:rebuild` recomputes all four from the event log and the ledgers.
 */

/**
 * Each player's active (any processed event) and paying (a counted order) days, per scope: the step inserts a
 * marker on conflict do nothing, and a new one is what moves the distinct-player rollups. Not read by the
 * dashboard itself.
 */
export const dashboardPlayerDays = pgTable(
  'dashboard_player_days',
  {
    clientId: text('client_id').notNull(),
    scope: text('scope').notNull(),
    /** 'active' or 'paying'. */
    kind: text('kind').notNull(),
    customerId: text('customer_id').notNull(),
    day: date('day').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.clientId, table.scope, table.kind, table.customerId, table.day] }),
  ],
);

/**
 * Player-days grouped by how many days before each the player's previous day of that kind was (`gap`, 1 to
 * DISTINCT_WINDOW_MAX_DAYS; 0 = none that recent, or never). The distinct players of a window [a, b] are the
 * player-days in it whose previous day lies before a: sum(players) where day in [a, b] and (gap = 0 or
 * gap > day - a), exact for any window of up to DISTINCT_WINDOW_MAX_DAYS days.
 */
export const dashboardGaps = pgTable(
  'dashboard_gaps',
  {
    clientId: text('client_id').notNull(),
    scope: text('scope').notNull(),
    kind: text('kind').notNull(),
    day: date('day').notNull(),
    gap: smallint('gap').notNull(),
    players: integer('players').notNull(),
  },
  (table) => [primaryKey({ columns: [table.clientId, table.scope, table.kind, table.day, table.gap] })],
);

/** Active players per day by the tier they held when first counted active that day (1 Bronze .. 5 Diamond). */
export const dashboardTierDays = pgTable(
  'dashboard_tier_days',
  {
    clientId: text('client_id').notNull(),
    scope: text('scope').notNull(),
    day: date('day').notNull(),
    tier: smallint('tier').notNull(),
    players: integer('players').notNull(),
  },
  (table) => [primaryKey({ columns: [table.clientId, table.scope, table.day, table.tier] })],
);

/**
 * Daily sums: order revenue net of refunds (the step), challenge completions and badges granted (triggers on the
 * ledgers, which are also written outside event batches, e.g. by a segment rebuild). `stripe` (the backend's pid)
 * keeps concurrent writers of one day on separate rows; readers sum the stripes.
 */
export const dashboardDays = pgTable(
  'dashboard_days',
  {
    clientId: text('client_id').notNull(),
    scope: text('scope').notNull(),
    day: date('day').notNull(),
    stripe: smallint('stripe').notNull(),
    revenueMinor: bigint('revenue_minor', { mode: 'number' }).notNull().default(0),
    challengesCompleted: integer('challenges_completed').notNull().default(0),
    badgesEarned: integer('badges_earned').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.clientId, table.scope, table.day, table.stripe] })],
);

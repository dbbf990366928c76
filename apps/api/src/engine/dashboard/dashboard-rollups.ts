import { TIERS } from '@laurel/contract';
import { sql } from 'drizzle-orm';

/** The scope of the all-branches rows; any other scope is a branch id. */
export const ALL_BRANCHES = '';

/** Active: any processed event; paying: a counted order. */
export type DayKind = 'active' | 'paying';

/** Concurrent writers of one day's sums use separate rows (as the ledger triggers do); readers add the stripes. */
export const STRIPE = sql`(pg_backend_pid() % 16)::smallint`;

/**
 * The tier a player-day counts under: the tier statistic's value (1 Bronze .. 5 Diamond). A player without one (no
 * tier track, or no tier reached yet) is in none of the chart's five series (spec 3 §1 names only these): null.
 */
export const tierOfValue = (value: number | undefined): number | null => {
  if (value === undefined || !Number.isFinite(value) || value < 1) return null;
  return Math.min(TIERS.length, Math.trunc(value));
};

import { TIERS } from '@laurel/contract';
import { sql } from 'drizzle-orm';

/** The scope of the all-branches rows; any other scope is a branch id. */
export const ALL_BRANCHES = '';

/** Active: any processed event; paying: a counted order. */
export type DayKind = 'active' | 'paying';

/** Concurrent writers of one day's sums use separate rows (as the ledger triggers do); readers add the stripes. */
export const STRIPE = sql`(pg_backend_pid() % 16)::smallint`;

/** The tier a player-day counts under: the tier statistic's value (1 Bronze .. 5 Diamond); none counts as Bronze. */
export const tierOfValue = (value: number | undefined) => {
  if (value === undefined || !Number.isFinite(value) || value < 1) return 1;
  return Math.min(TIERS.length, Math.trunc(value));
};

import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { rowsOf } from '../../db/raw-sql';
import { isoDay } from '../../engine';
import type { DashboardPeriods } from './dashboard-periods';

/** The client's time zone, its local today on the business clock, and whether any event was processed yet. */
export const clientDay = async (db: DbOrTx, clientId: string, now: Date) => {
  const [row] = await rowsOf<{ time_zone: string; today: string; has_activity: boolean }>(
    db,
    sql`SELECT time_zone, (${now.toISOString()}::timestamptz AT TIME ZONE time_zone)::date::text AS today,
               EXISTS (SELECT 1 FROM events WHERE client_id = ${clientId} AND status = 'processed') AS has_activity
        FROM clients WHERE id = ${clientId}`,
  );
  return row;
};

export const branchExists = async (db: DbOrTx, clientId: string, branchId: string) => {
  const rows = await rowsOf(
    db,
    sql`SELECT 1 FROM branches WHERE client_id = ${clientId} AND id = ${branchId}`,
  );
  return rows.length > 0;
};

export type PeriodSums = {
  activeDays: number;
  activePlayers: number;
  payingPlayers: number;
  revenueMinor: number;
  challengesCompleted: number;
  badgesEarned: number;
};

type SumsRow = Record<`${'current' | 'previous'}_${string}`, string>;

const sumsOf = (row: SumsRow | undefined, which: 'current' | 'previous'): PeriodSums => {
  const read = (name: string) => Number(row?.[`${which}_${name}`] ?? 0);
  return {
    activeDays: read('active_days'),
    activePlayers: read('active_players'),
    payingPlayers: read('paying_players'),
    revenueMinor: read('revenue'),
    challengesCompleted: read('challenges'),
    badgesEarned: read('badges'),
  };
};

/**
 * Both periods' sums from the rollups of one scope: the gap rows give player-days and, exactly, distinct players
 * (a player-day counts when the player's previous day lies before the period); the daily sums add up. The two
 * periods are adjacent, so each table is read once over both.
 */
export const periodSums = async (db: DbOrTx, clientId: string, scope: string, periods: DashboardPeriods) => {
  const [from, to] = [isoDay(periods.previous.start), isoDay(periods.current.end)];
  const [start, previousEnd] = [isoDay(periods.current.start), isoDay(periods.previous.end)];
  const distinct = (kind: string, which: 'current' | 'previous') => {
    const first = which === 'current' ? start : from;
    const inPeriod = which === 'current' ? sql`day >= ${start}::date` : sql`day <= ${previousEnd}::date`;
    return sql`COALESCE(sum(players) FILTER (WHERE kind = ${kind} AND ${inPeriod}
                 AND (gap = 0 OR gap > day - ${first}::date)), 0)::text`;
  };
  const playerSums = rowsOf<SumsRow>(
    db,
    sql`SELECT
          COALESCE(sum(players) FILTER (WHERE kind = 'active' AND day >= ${start}::date), 0)::text AS current_active_days,
          COALESCE(sum(players) FILTER (WHERE kind = 'active' AND day <= ${previousEnd}::date), 0)::text AS previous_active_days,
          ${distinct('active', 'current')} AS current_active_players,
          ${distinct('active', 'previous')} AS previous_active_players,
          ${distinct('paying', 'current')} AS current_paying_players,
          ${distinct('paying', 'previous')} AS previous_paying_players
        FROM dashboard_gaps
        WHERE client_id = ${clientId} AND scope = ${scope} AND day BETWEEN ${from}::date AND ${to}::date`,
  );
  const sum = (column: string, which: 'current' | 'previous') =>
    sql`COALESCE(sum(${sql.identifier(column)}) FILTER (WHERE ${
      which === 'current' ? sql`day >= ${start}::date` : sql`day <= ${previousEnd}::date`
    }), 0)::text`;
  const daySums = rowsOf<SumsRow>(
    db,
    sql`SELECT ${sum('revenue_minor', 'current')} AS current_revenue, ${sum('revenue_minor', 'previous')} AS previous_revenue,
               ${sum('challenges_completed', 'current')} AS current_challenges,
               ${sum('challenges_completed', 'previous')} AS previous_challenges,
               ${sum('badges_earned', 'current')} AS current_badges, ${sum('badges_earned', 'previous')} AS previous_badges
        FROM dashboard_days
        WHERE client_id = ${clientId} AND scope = ${scope} AND day BETWEEN ${from}::date AND ${to}::date`,
  );
  const [[players], [days]] = await Promise.all([playerSums, daySums]);
  const row = { ...players, ...days } as SumsRow;
  return { current: sumsOf(row, 'current'), previous: sumsOf(row, 'previous') };
};

/** Active player-days of the current period by weekday (0 = Sunday) and tier (1 Bronze .. 5 Diamond). */
export const tierWeekdays = async (db: DbOrTx, clientId: string, scope: string, periods: DashboardPeriods) =>
  (
    await rowsOf<{ weekday: number; tier: number; players: string }>(
      db,
      sql`SELECT extract(dow FROM day)::int AS weekday, tier, sum(players)::text AS players
          FROM dashboard_tier_days
          WHERE client_id = ${clientId} AND scope = ${scope}
            AND day BETWEEN ${isoDay(periods.current.start)}::date AND ${isoDay(periods.current.end)}::date
          GROUP BY 1, 2`,
    )
  ).map((row) => ({ weekday: Number(row.weekday), tier: Number(row.tier), players: Number(row.players) }));

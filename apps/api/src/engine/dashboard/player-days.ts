import { sql } from 'drizzle-orm';
import { arrayParam, rowsOf } from '../core/sql';
import type { StepBatch } from '../core/types';
import { ALL_BRANCHES, type DayKind, tierOfValue } from './dashboard-rollups';
import { DISTINCT_WINDOW_MAX_DAYS, dayNumber, type GapDelta, gapDeltas } from './day-gaps';

/** Something that made a player active (or paying) at a moment, at a branch or none. */
export type Mark = {
  clientId: string;
  kind: DayKind;
  customerId: string;
  branchId: string | null;
  occurredAt: Date;
};

/** A new player-day of one scope, with the tier the player holds now (active days only). */
export type NewPlayerDay = {
  clientId: string;
  scope: string;
  kind: DayKind;
  customerId: string;
  day: string;
  tier: number;
};

export const scopesOf = (branchId: string | null) => (branchId ? [ALL_BRANCHES, branchId] : [ALL_BRANCHES]);
const playerKey = (row: { clientId: string; scope: string; kind: string; customerId: string }) =>
  [row.clientId, row.scope, row.kind, row.customerId].join('\u0000');

type Row = {
  fresh: boolean;
  client_id: string;
  scope: string;
  kind: DayKind;
  customer_id: string;
  day: string;
  tier: string | null;
};

/**
 * One statement: inserts the marks' player-days (local days by PostgreSQL) on conflict do nothing, and answers the
 * new ones with the player's tier statistic, beside the days those players already had within
 * DISTINCT_WINDOW_MAX_DAYS of them. Those are read in the same statement, so from the snapshot before the insert:
 * exactly the days known before this batch.
 */
export const insertPlayerDays = async (batch: StepBatch, marks: readonly Mark[]) => {
  const rows = marks.flatMap((mark) => scopesOf(mark.branchId).map((scope) => ({ ...mark, scope })));
  const column = <T>(pick: (row: (typeof rows)[number]) => T) => arrayParam(rows.map(pick));
  const answer = await rowsOf<Row>(
    batch.tx,
    sql`WITH fresh AS (
          INSERT INTO dashboard_player_days (client_id, scope, kind, customer_id, day)
          SELECT DISTINCT client_id, scope, kind, customer_id, (occurred_at AT TIME ZONE time_zone)::date
          FROM unnest(${column((r) => r.clientId)}::text[], ${column((r) => r.scope)}::text[],
                      ${column((r) => r.kind)}::text[], ${column((r) => r.customerId)}::text[],
                      ${column((r) => r.occurredAt.toISOString())}::timestamptz[],
                      ${column((r) => batch.timeZoneOf(r.clientId))}::text[])
            AS m(client_id, scope, kind, customer_id, occurred_at, time_zone)
          ORDER BY 1, 2, 3, 4, 5
          ON CONFLICT DO NOTHING
          RETURNING client_id, scope, kind, customer_id, day
        ), players AS (
          SELECT client_id, scope, kind, customer_id,
                 min(day) - ${DISTINCT_WINDOW_MAX_DAYS}::int AS low, max(day) + ${DISTINCT_WINDOW_MAX_DAYS}::int AS high
          FROM fresh GROUP BY 1, 2, 3, 4
        ), tiers AS (
          SELECT ps.client_id, ps.customer_id, ps.value
          FROM statistics s JOIN player_statistics ps ON ps.statistic_id = s.id AND ps.version = s.epoch_version
          WHERE s.system AND s.name = 'tier' AND s.client_id IN (SELECT client_id FROM fresh)
            AND ps.customer_id IN (SELECT customer_id FROM fresh WHERE kind = 'active')
        )
        SELECT true AS fresh, f.client_id, f.scope, f.kind, f.customer_id, f.day::text AS day, t.value::text AS tier
        FROM fresh f LEFT JOIN tiers t ON t.client_id = f.client_id AND t.customer_id = f.customer_id
        UNION ALL
        SELECT false, p.client_id, p.scope, p.kind, p.customer_id, p.day::text, NULL
        FROM players g JOIN dashboard_player_days p ON p.client_id = g.client_id AND p.scope = g.scope
          AND p.kind = g.kind AND p.customer_id = g.customer_id AND p.day BETWEEN g.low AND g.high`,
  );
  const fresh: NewPlayerDay[] = [];
  const known = new Map<string, number[]>();
  for (const row of answer) {
    const day = { clientId: row.client_id, scope: row.scope, kind: row.kind, customerId: row.customer_id };
    if (!row.fresh) {
      const key = playerKey(day);
      known.set(key, [...(known.get(key) ?? []), dayNumber(row.day)]);
      continue;
    }
    fresh.push({ ...day, day: row.day, tier: tierOfValue(row.tier === null ? undefined : Number(row.tier)) });
  }
  return { fresh, known };
};

export type GapMove = GapDelta & { clientId: string; scope: string; kind: DayKind };

/** Moves of the same gap row added together; rows whose moves cancel out are left out. */
export const sumGapMoves = (moves: Iterable<GapMove>): GapMove[] => {
  const totals = new Map<string, GapMove>();
  for (const move of moves) {
    const rowKey = [move.clientId, move.scope, move.kind, move.day, move.gap].join('\u0000');
    const total = totals.get(rowKey);
    if (total) total.delta += move.delta;
    else totals.set(rowKey, { ...move });
  }
  return [...totals.values()].filter((move) => move.delta !== 0);
};

/** How the new player-days move the gap rollup, summed per row (see `gapDeltas`). */
export const gapMovesOf = (
  fresh: readonly NewPlayerDay[],
  known: ReadonlyMap<string, number[]>,
): GapMove[] => {
  const added = new Map<string, { day: NewPlayerDay; days: number[] }>();
  for (const day of fresh) {
    const key = playerKey(day);
    const entry = added.get(key) ?? { day, days: [] };
    entry.days.push(dayNumber(day.day));
    added.set(key, entry);
  }
  return sumGapMoves(
    [...added].flatMap(([key, { day, days }]) =>
      gapDeltas(known.get(key) ?? [], days).map((delta) => ({
        ...delta,
        clientId: day.clientId,
        scope: day.scope,
        kind: day.kind,
      })),
    ),
  );
};

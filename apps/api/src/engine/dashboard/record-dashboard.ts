import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { arrayParam, rowsOf } from '../core/sql';
import type { StepBatch } from '../core/types';
import { orderMovesOf } from '../orders/order-moves';
import { STRIPE } from './dashboard-rollups';
import { isoDay } from './day-gaps';
import {
  type GapMove,
  gapMovesOf,
  insertPlayerDays,
  type Mark,
  type NewPlayerDay,
  scopesOf,
  sumGapMoves,
} from './player-days';

/** The branch of each order that moved (a refund's event may carry none; revenue counts at the order's branch). */
const orderBranches = async (tx: Tx, refs: readonly { clientId: string; orderRef: string }[]) => {
  const branches = new Map<string, string | null>();
  if (refs.length === 0) return branches;
  const rows = await rowsOf<{ client_id: string; external_id: string; branch_id: string | null }>(
    tx,
    sql`SELECT o.client_id, o.external_id, o.branch_id FROM orders o
        JOIN unnest(${arrayParam(refs.map((r) => r.clientId))}::text[], ${arrayParam(refs.map((r) => r.orderRef))}::text[])
          AS r(client_id, external_id) ON o.client_id = r.client_id AND o.external_id = r.external_id`,
  );
  for (const row of rows) branches.set(`${row.client_id}\u0000${row.external_id}`, row.branch_id);
  return branches;
};

const gapsUpsert = (moves: readonly GapMove[]) => {
  const col = <T>(pick: (move: GapMove) => T) => arrayParam(moves.map(pick));
  return sql`INSERT INTO dashboard_gaps AS g (client_id, scope, kind, day, gap, players)
    SELECT * FROM unnest(${col((m) => m.clientId)}::text[], ${col((m) => m.scope)}::text[], ${col((m) => m.kind)}::text[],
                         ${col((m) => isoDay(m.day))}::date[], ${col((m) => m.gap)}::smallint[], ${col((m) => m.delta)}::int[])
    ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (client_id, scope, kind, day, gap) DO UPDATE SET players = g.players + EXCLUDED.players`;
};

/** Each new active player-day under the tier the player holds now (after the batch's own effects). */
const tierDaysUpsert = (active: readonly NewPlayerDay[]) => {
  const col = <T>(pick: (day: NewPlayerDay) => T) => arrayParam(active.map(pick));
  return sql`INSERT INTO dashboard_tier_days AS t (client_id, scope, day, tier, players)
    SELECT client_id, scope, day, tier, count(*)
    FROM unnest(${col((d) => d.clientId)}::text[], ${col((d) => d.scope)}::text[], ${col((d) => d.day)}::date[],
                ${col((d) => d.tier)}::smallint[]) AS d(client_id, scope, day, tier)
    GROUP BY 1, 2, 3, 4
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (client_id, scope, day, tier) DO UPDATE SET players = t.players + EXCLUDED.players`;
};

type Revenue = Mark & { amountMinor: number; purchase: boolean };

/** One order move's revenue in one scope, with its client's time zone (the day it counts on is theirs). */
type RevenueRow = {
  clientId: string;
  scope: string;
  occurredAt: Date;
  timeZone: string;
  amountMinor: number;
};

/** + an order's total on the day it starts counting, - on the day it stops, for each of the order's scopes. */
const revenueUpsert = (rows: readonly RevenueRow[]) => {
  const col = <T>(pick: (row: RevenueRow) => T) => arrayParam(rows.map(pick));
  return sql`INSERT INTO dashboard_days AS d (client_id, scope, day, stripe, revenue_minor)
    SELECT client_id, scope, (occurred_at AT TIME ZONE time_zone)::date, ${STRIPE}, sum(amount)
    FROM unnest(${col((r) => r.clientId)}::text[], ${col((r) => r.scope)}::text[],
                ${col((r) => r.occurredAt.toISOString())}::timestamptz[],
                ${col((r) => r.timeZone)}::text[], ${col((r) => r.amountMinor)}::bigint[])
      AS m(client_id, scope, occurred_at, time_zone, amount)
    GROUP BY 1, 2, 3 HAVING sum(amount) <> 0
    ORDER BY 1, 2, 3
    ON CONFLICT (client_id, scope, day, stripe) DO UPDATE SET revenue_minor = d.revenue_minor + EXCLUDED.revenue_minor`;
};

/** Several writes as one statement (one round trip): all but the last as data-modifying WITH parts. */
const asOneStatement = (writes: readonly SQL[]) =>
  sql.join(
    writes.map((write, index) =>
      index === writes.length - 1
        ? write
        : sql`${sql.raw(index === 0 ? 'WITH' : ',')} w${sql.raw(String(index))} AS (${write} RETURNING 1)`,
    ),
    sql` `,
  );

/** What one round adds to the rollups every worker shares, written once per batch by `writeDashboardSums`. */
type DashboardSums = { gaps: GapMove[]; active: NewPlayerDay[]; revenue: RevenueRow[] };

/**
 * The dashboard's part of a round (runs last, so every effect of the round is known): each live event makes its
 * player active on its local day, each counted order makes them paying, each order move changes that day's
 * revenue. Only new player-days move the distinct-player and tier rollups, so a player counts once per day
 * however many events they send. Challenge completions and badge grants are counted by the ledgers' triggers.
 * The player-days are written now (a later round must see them); what they move in the shared rollups is deferred
 * to the batch's end (`writeDashboardSums`).
 */
export const recordDashboard = async (batch: StepBatch) => {
  if (batch.events.length === 0) return;
  const orderMoves = orderMovesOf(batch);
  const branches = await orderBranches(
    batch.tx,
    orderMoves.map((move) => ({ clientId: move.event.clientId, orderRef: move.orderRef })),
  );
  const revenue: Revenue[] = orderMoves.map((move) => ({
    clientId: move.event.clientId,
    kind: 'paying' as const,
    customerId: move.event.customerId,
    branchId: branches.get(`${move.event.clientId}\u0000${move.orderRef}`) ?? null,
    occurredAt: move.event.occurredAt,
    amountMinor: move.sign * move.totalMinor,
    purchase: move.purchase && move.sign === 1,
  }));
  const marks: Mark[] = [
    ...batch.events.map((event) => ({
      clientId: event.clientId,
      kind: 'active' as const,
      customerId: event.customerId,
      branchId: event.branchId,
      occurredAt: event.occurredAt,
    })),
    ...revenue.filter((move) => move.purchase),
  ];
  const { fresh, known } = await insertPlayerDays(batch, marks);
  batch.defer({
    gaps: gapMovesOf(fresh, known),
    active: fresh.filter((day) => day.kind === 'active'),
    revenue: revenue.flatMap((move) =>
      scopesOf(move.branchId).map((scope) => ({
        clientId: move.clientId,
        scope,
        occurredAt: move.occurredAt,
        timeZone: batch.timeZoneOf(move.clientId),
        amountMinor: move.amountMinor,
      })),
    ),
  } satisfies DashboardSums);
};

/**
 * The batch's rollup moves, added up over its rounds, as one statement just before the commit: these rows (a day's
 * gaps and tiers) are every worker's, so the sooner they are written before the commit, the shorter another worker
 * waits on their locks. Three round trips at most per round before, one per batch now (two when a gap row emptied).
 */
export const writeDashboardSums = async (tx: Tx, deferred: readonly unknown[]) => {
  const rounds = deferred as readonly DashboardSums[];
  const gapMoves = sumGapMoves(rounds.flatMap((round) => round.gaps));
  const active = rounds.flatMap((round) => round.active);
  const revenue = rounds.flatMap((round) => round.revenue);
  const writes = [
    ...(gapMoves.length > 0 ? [gapsUpsert(gapMoves)] : []),
    ...(active.length > 0 ? [tierDaysUpsert(active)] : []),
    ...(revenue.length > 0 ? [revenueUpsert(revenue)] : []),
  ];
  if (writes.length > 0) await tx.execute(asOneStatement(writes));
  // A day that arrived out of order can empty the row its next day left; the rollup keeps no zero rows.
  if (gapMoves.some((move) => move.delta < 0)) {
    await tx.execute(sql`DELETE FROM dashboard_gaps WHERE players = 0 AND (client_id, scope, kind, day, gap) IN (
      SELECT * FROM unnest(${arrayParam(gapMoves.map((m) => m.clientId))}::text[], ${arrayParam(gapMoves.map((m) => m.scope))}::text[],
                           ${arrayParam(gapMoves.map((m) => m.kind))}::text[], ${arrayParam(gapMoves.map((m) => isoDay(m.day)))}::date[],
                           ${arrayParam(gapMoves.map((m) => m.gap))}::smallint[]))`);
  }
};

import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { arrayParam, rowsOf } from '../core/sql';
import type { StepBatch } from '../core/types';
import { orderMovesOf } from '../steps/orders.step';
import { ALL_BRANCHES, type DayKind, STRIPE, tierOfValue } from './dashboard-rollups';
import { DISTINCT_WINDOW_MAX_DAYS, dayNumber, gapDeltas, isoDay } from './day-gaps';

/** Something that happened to a player at a moment, counted for each scope (all branches, and its branch). */
type Mark = {
  clientId: string;
  kind: DayKind;
  customerId: string;
  branchId: string | null;
  occurredAt: Date;
};
type Marker = { clientId: string; scope: string; kind: DayKind; customerId: string; day: string };

const scopesOf = (branchId: string | null) => (branchId ? [ALL_BRANCHES, branchId] : [ALL_BRANCHES]);
const playerKey = (m: Omit<Marker, 'day'>) => [m.clientId, m.scope, m.kind, m.customerId].join('\u0000');

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

/** Inserts the player-day markers (local days computed by PostgreSQL) and answers those that were new. */
const insertMarkers = async (batch: StepBatch, marks: readonly Mark[]) => {
  const rows = marks.flatMap((mark) => scopesOf(mark.branchId).map((scope) => ({ ...mark, scope })));
  const column = <T>(pick: (row: (typeof rows)[number]) => T) => arrayParam(rows.map(pick));
  return rowsOf<{ client_id: string; scope: string; kind: DayKind; customer_id: string; day: string }>(
    batch.tx,
    sql`INSERT INTO dashboard_player_days (client_id, scope, kind, customer_id, day)
        SELECT DISTINCT client_id, scope, kind, customer_id, (occurred_at AT TIME ZONE time_zone)::date
        FROM unnest(${column((r) => r.clientId)}::text[], ${column((r) => r.scope)}::text[],
                    ${column((r) => r.kind)}::text[], ${column((r) => r.customerId)}::text[],
                    ${column((r) => r.occurredAt.toISOString())}::timestamptz[],
                    ${column((r) => batch.timeZoneOf(r.clientId))}::text[])
          AS m(client_id, scope, kind, customer_id, occurred_at, time_zone)
        ORDER BY 1, 2, 3, 4, 5
        ON CONFLICT DO NOTHING
        RETURNING client_id, scope, kind, customer_id, day::text AS day`,
  );
};

/** Moves the gap rollup for the new markers, from each player's stored days near them (out-of-order safe). */
const addGaps = async (tx: Tx, fresh: readonly Marker[]) => {
  const groups = new Map<string, { marker: Marker; days: number[] }>();
  for (const marker of fresh) {
    const key = playerKey(marker);
    const group = groups.get(key) ?? { marker, days: [] };
    group.days.push(dayNumber(marker.day));
    groups.set(key, group);
  }
  const list = [...groups.values()];
  const column = <T>(pick: (group: (typeof list)[number]) => T) => arrayParam(list.map(pick));
  const stored = await rowsOf<{
    client_id: string;
    scope: string;
    kind: DayKind;
    customer_id: string;
    day: string;
  }>(
    tx,
    sql`SELECT p.client_id, p.scope, p.kind, p.customer_id, p.day::text AS day
        FROM unnest(${column((g) => g.marker.clientId)}::text[], ${column((g) => g.marker.scope)}::text[],
                    ${column((g) => g.marker.kind)}::text[], ${column((g) => g.marker.customerId)}::text[],
                    ${column((g) => isoDay(Math.min(...g.days) - DISTINCT_WINDOW_MAX_DAYS))}::date[],
                    ${column((g) => isoDay(Math.max(...g.days) + DISTINCT_WINDOW_MAX_DAYS))}::date[])
          AS g(client_id, scope, kind, customer_id, low, high)
        JOIN dashboard_player_days p ON p.client_id = g.client_id AND p.scope = g.scope AND p.kind = g.kind
          AND p.customer_id = g.customer_id AND p.day BETWEEN g.low AND g.high`,
  );
  const known = new Map<string, number[]>();
  for (const row of stored) {
    const key = playerKey({
      clientId: row.client_id,
      scope: row.scope,
      kind: row.kind,
      customerId: row.customer_id,
    });
    known.set(key, [...(known.get(key) ?? []), dayNumber(row.day)]);
  }
  const totals = new Map<string, { marker: Marker; day: number; gap: number; delta: number }>();
  for (const [key, group] of groups) {
    const added = new Set(group.days);
    // The stored days include the new ones (inserted just before, in this transaction).
    const before = (known.get(key) ?? []).filter((day) => !added.has(day));
    for (const entry of gapDeltas(before, group.days)) {
      const rowKey = [
        group.marker.clientId,
        group.marker.scope,
        group.marker.kind,
        entry.day,
        entry.gap,
      ].join('\u0000');
      const total = totals.get(rowKey) ?? { marker: group.marker, day: entry.day, gap: entry.gap, delta: 0 };
      total.delta += entry.delta;
      totals.set(rowKey, total);
    }
  }
  const moves = [...totals.values()].filter((t) => t.delta !== 0);
  if (moves.length === 0) return;
  const col = <T>(pick: (move: (typeof moves)[number]) => T) => arrayParam(moves.map(pick));
  const keys = sql`unnest(${col((m) => m.marker.clientId)}::text[], ${col((m) => m.marker.scope)}::text[],
                          ${col((m) => m.marker.kind)}::text[], ${col((m) => isoDay(m.day))}::date[],
                          ${col((m) => m.gap)}::smallint[], ${col((m) => m.delta)}::int[])
                   AS d(client_id, scope, kind, day, gap, delta)`;
  // Sorted, so that two workers of one client lock the rows they share in the same order.
  await tx.execute(sql`
    INSERT INTO dashboard_gaps AS g (client_id, scope, kind, day, gap, players)
    SELECT client_id, scope, kind, day, gap, delta FROM ${keys} ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (client_id, scope, kind, day, gap) DO UPDATE SET players = g.players + EXCLUDED.players`);
  if (moves.some((m) => m.delta < 0)) {
    await tx.execute(sql`
      DELETE FROM dashboard_gaps g USING ${keys}
      WHERE d.delta < 0 AND g.players = 0 AND g.client_id = d.client_id AND g.scope = d.scope AND g.kind = d.kind
        AND g.day = d.day AND g.gap = d.gap`);
  }
};

/** Counts each new active player-day under the tier the player holds now (after the batch's own effects). */
const addTierDays = async (tx: Tx, fresh: readonly Marker[]) => {
  const active = fresh.filter((marker) => marker.kind === 'active');
  if (active.length === 0) return;
  const customers = [...new Set(active.map((marker) => marker.customerId))];
  const clients = [...new Set(active.map((marker) => marker.clientId))];
  const rows = await rowsOf<{ customer_id: string; value: string }>(
    tx,
    sql`SELECT ps.customer_id, ps.value::text AS value
        FROM statistics s JOIN player_statistics ps ON ps.statistic_id = s.id AND ps.version = s.epoch_version
        WHERE s.client_id = ANY(${arrayParam(clients)}::text[]) AND s.system AND s.name = 'tier'
          AND ps.customer_id = ANY(${arrayParam(customers)}::text[])`,
  );
  const tiers = new Map(rows.map((row) => [row.customer_id, tierOfValue(Number(row.value))]));
  const counts = new Map<string, { marker: Marker; tier: number; players: number }>();
  for (const marker of active) {
    const tier = tierOfValue(tiers.get(marker.customerId));
    const key = [marker.clientId, marker.scope, marker.day, tier].join('\u0000');
    const entry = counts.get(key) ?? { marker, tier, players: 0 };
    entry.players += 1;
    counts.set(key, entry);
  }
  const list = [...counts.values()];
  const col = <T>(pick: (entry: (typeof list)[number]) => T) => arrayParam(list.map(pick));
  await tx.execute(sql`
    INSERT INTO dashboard_tier_days AS t (client_id, scope, day, tier, players)
    SELECT * FROM unnest(${col((e) => e.marker.clientId)}::text[], ${col((e) => e.marker.scope)}::text[],
                         ${col((e) => e.marker.day)}::date[], ${col((e) => e.tier)}::smallint[], ${col((e) => e.players)}::int[])
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (client_id, scope, day, tier) DO UPDATE SET players = t.players + EXCLUDED.players`);
};

/** Adds the batch's order moves (+ total when an order starts counting, - when it stops) to each day's revenue. */
const addRevenue = async (batch: StepBatch, moves: readonly (Mark & { amountMinor: number })[]) => {
  const rows = moves.flatMap((move) => scopesOf(move.branchId).map((scope) => ({ ...move, scope })));
  if (rows.length === 0) return;
  const col = <T>(pick: (row: (typeof rows)[number]) => T) => arrayParam(rows.map(pick));
  await batch.tx.execute(sql`
    INSERT INTO dashboard_days AS d (client_id, scope, day, stripe, revenue_minor)
    SELECT client_id, scope, (occurred_at AT TIME ZONE time_zone)::date, ${STRIPE}, sum(amount)
    FROM unnest(${col((r) => r.clientId)}::text[], ${col((r) => r.scope)}::text[],
                ${col((r) => r.occurredAt.toISOString())}::timestamptz[],
                ${col((r) => batch.timeZoneOf(r.clientId))}::text[], ${col((r) => r.amountMinor)}::bigint[])
      AS m(client_id, scope, occurred_at, time_zone, amount)
    GROUP BY 1, 2, 3 HAVING sum(amount) <> 0
    ORDER BY 1, 2, 3
    ON CONFLICT (client_id, scope, day, stripe) DO UPDATE SET revenue_minor = d.revenue_minor + EXCLUDED.revenue_minor`);
};

/**
 * The dashboard's part of a batch (runs last, so every effect of the batch is known): each live event makes its
 * player active on its local day, each counted order makes them paying, each order move changes that day's
 * revenue. Only new player-days move the distinct-player and tier rollups, so a player counts once per day
 * however many events they send. Challenge completions and badge grants are counted by the ledgers' triggers.
 */
export const recordDashboard = async (batch: StepBatch) => {
  if (batch.events.length === 0) return;
  const orderMoves = orderMovesOf(batch);
  const branches = await orderBranches(
    batch.tx,
    orderMoves.map((move) => ({ clientId: move.event.clientId, orderRef: move.orderRef })),
  );
  const moves = orderMoves.map((move) => ({
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
    ...moves.filter((move) => move.purchase),
  ];
  const fresh = (await insertMarkers(batch, marks)).map((row) => ({
    clientId: row.client_id,
    scope: row.scope,
    kind: row.kind,
    customerId: row.customer_id,
    day: row.day,
  }));
  if (fresh.length > 0) {
    await addGaps(batch.tx, fresh);
    await addTierDays(batch.tx, fresh);
  }
  await addRevenue(batch, moves);
};

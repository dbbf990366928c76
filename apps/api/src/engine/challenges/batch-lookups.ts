import { sql } from 'drizzle-orm';
import { arrayParam, rowsOf } from '../core/sql';
import type { EngineEvent, StepBatch } from '../core/types';

export const eventKey = (event: EngineEvent) => `${event.clientId}\u0000${event.externalId}`;
export const typeKey = (customerId: string, type: string) => `${customerId}\u0000${type}`;

/**
 * Which of `wanted` (a player and an event type, for the objectives with a first-occurrence condition only) had an
 * event of that type applied before this run: one walk of the player's events per pair, stopping at the first.
 */
export const earlierEventTypes = async (
  batch: StepBatch,
  wanted: readonly { clientId: string; customerId: string; type: string }[],
) => {
  if (wanted.length === 0) return new Set<string>();
  // Earlier rounds' events are applied but not yet marked processed.
  const applied = new Set(batch.earlier.map((event) => typeKey(event.customerId, event.type)));
  const rows = await rowsOf<{ customer_id: string; type: string }>(
    batch.tx,
    sql`SELECT w.customer_id, w.type
        FROM unnest(${arrayParam(wanted.map((w) => w.clientId))}::text[], ${arrayParam(wanted.map((w) => w.customerId))}::text[],
                    ${arrayParam(wanted.map((w) => w.type))}::text[]) AS w(client_id, customer_id, type)
        CROSS JOIN LATERAL (
          -- The player's own events in order (events_client_customer_idx), whatever the planner thinks of a new
          -- client's share of the table: it once chose to read every event of the batch's client instead.
          SELECT 1 FROM events e
           WHERE e.client_id = w.client_id AND e.customer_id = w.customer_id AND e.type = w.type
             AND e.status = 'processed'
           ORDER BY e.seq LIMIT 1) AS earlier`,
  );
  for (const row of rows) applied.add(typeKey(row.customer_id, row.type));
  return applied;
};

/** Currency each event earned through earn configs, by event and currency (earn objectives). */
export const earningsOf = async (batch: StepBatch, events: readonly EngineEvent[]) => {
  const earned = new Map<string, Map<string, number>>();
  if (events.length === 0) return earned;
  const rows = await rowsOf<{ client_id: string; event_id: string; currency_id: string; amount: string }>(
    batch.tx,
    sql`SELECT client_id, event_id, currency_id, sum(value)::text AS amount FROM economy_transactions
        WHERE client_id = ANY(${arrayParam([...new Set(events.map((e) => e.clientId))])}::text[])
          AND event_id = ANY(${arrayParam(events.map((e) => e.externalId))}::text[])
          AND cause_kind = 'earn_config' AND currency_id IS NOT NULL AND value > 0
        GROUP BY client_id, event_id, currency_id`,
  );
  for (const row of rows) {
    const key = `${row.client_id}\u0000${row.event_id}`;
    const byCurrency = earned.get(key) ?? new Map<string, number>();
    byCurrency.set(row.currency_id, Number(row.amount));
    earned.set(key, byCurrency);
  }
  return earned;
};

/** Each player's place by totalOrderValue after this run, for players whose total moved (leaderboards). */
export const leaderboardRanks = async (batch: StepBatch) => {
  const latest = new Map<string, { statisticId: string; version: number; value: number }>();
  for (const change of batch.statisticChanges) {
    if (change.name === 'totalOrderValue') latest.set(change.customerId, change);
  }
  if (latest.size === 0) return new Map<string, number>();
  const entries = [...latest.entries()];
  const rows = await rowsOf<{ customer_id: string; rank: number }>(
    batch.tx,
    sql`SELECT x.customer_id,
               (SELECT count(*) FROM player_statistics p
                 WHERE p.statistic_id = x.statistic_id AND p.version = x.version AND p.value > x.value)::int + 1 AS rank
        FROM unnest(${arrayParam(entries.map(([id]) => id))}::text[], ${arrayParam(entries.map(([, c]) => c.statisticId))}::text[],
                    ${arrayParam(entries.map(([, c]) => c.version))}::int[], ${arrayParam(entries.map(([, c]) => c.value))}::numeric[])
          AS x(customer_id, statistic_id, version, value)`,
  );
  return new Map(rows.map((row) => [row.customer_id, Number(row.rank)]));
};

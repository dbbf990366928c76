import type { TEngineEventType } from '@laurel/contract';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { jsonColumn } from '../../db/raw-sql';
import { CLIENT_LOCK_NAMESPACE, PLAYER_LOCK_NAMESPACE } from './locks';
import { arrayParam, rowsOf } from './sql';
import type { EngineEvent } from './types';

type ClaimedRow = {
  id: string;
  seq: string | number;
  received_at: string;
  client_id: string;
  external_id: string;
  type: string;
  customer_id: string;
  branch_id: string | null;
  occurred_at: string | Date;
  data: Record<string, unknown> | string;
  attempts: number;
  customer_status: string | null;
  time_zone: string;
};

/**
 * `receivedAt` is the event's partition key as PostgreSQL's text (to the microsecond, which a Date would round), so
 * the batch's writes reach its row by the full key, in its own month's partition.
 */
export type ClaimedEvent = EngineEvent & { customerSuspended: boolean; timeZone: string; receivedAt: string };

/** Carries rows out of a savepoint that is rolled back on purpose. */
class Peeked extends Error {
  constructor(readonly rows: { client_id: string; customer_id: string }[]) {
    super('peeked');
  }
}

/**
 * The players of the next due events that no other worker has claimed. Rows another worker holds are skipped;
 * the rows looked at are locked only inside a savepoint that is rolled back at once, so this worker keeps no
 * lock on an event of a player it may not get. Read from `event_queue` (waiting events only, apart from the log),
 * whose due index gives the order.
 */
const duePlayers = async (tx: Tx, limit: number) => {
  try {
    await tx.transaction(async (savepoint) => {
      const rows = await rowsOf<{ client_id: string; customer_id: string }>(
        savepoint as unknown as Tx,
        sql`SELECT client_id, customer_id FROM event_queue
            WHERE status = 'accepted' AND next_attempt_at <= now()
            ORDER BY next_attempt_at, seq
            LIMIT ${limit}
            FOR UPDATE SKIP LOCKED`,
      );
      throw new Peeked(rows);
    });
  } catch (error) {
    if (!(error instanceof Peeked)) throw error;
    const players = new Map(error.rows.map((row) => [row.customer_id, row]));
    return [...players.values()];
  }
  return [];
};

/**
 * The most events of one player a batch takes. The batch runs in rounds, one per event of its busiest player, each in
 * a savepoint: past 64 subtransactions PostgreSQL's snapshots overflow into pg_subtrans and every backend slows, and a
 * long run of one-event rounds holds the batch open. Below the cap a busy player takes their events in arrival order
 * with everyone else's, so their backlog does not pile up into a tail that only one worker can drain (an even share of
 * the batch per player did that: two workers then drained the end of a backlog no faster than one).
 */
export const PLAYER_EVENTS_PER_BATCH = 32;

/**
 * Claims up to `limit` waiting events inside the caller's transaction, player by player. It first looks at which
 * players have events due that no other worker holds, then, in one statement, locks those it can — each client
 * shared (a segment rebuild takes the client exclusively), then each player of an open client with a
 * transaction-scoped advisory lock — then chooses the held players' due events in arrival order and locks and reads
 * only those it keeps. A player's events are therefore only ever locked by the worker that holds the player: applied
 * by one worker at a time, in order, and two workers never touch the same player's rows (no deadlocks, no lost
 * updates). Players another worker holds wait for the next round. The statement's snapshot is older than the locks
 * it takes; `FOR UPDATE` reads each queue row as last committed, so an event the player's previous holder finished
 * meanwhile is skipped, not redone.
 */
export const claimEvents = async (tx: Tx, limit: number): Promise<ClaimedEvent[]> => {
  const due = await duePlayers(tx, limit);
  if (due.length === 0) return [];
  // Materialized steps in this order: a player is locked only once its client's shared lock is held.
  const rows = await rowsOf<ClaimedRow>(
    tx,
    sql`WITH due AS MATERIALIZED (
          SELECT * FROM unnest(${arrayParam(due.map((row) => row.client_id))}::text[],
                               ${arrayParam(due.map((row) => row.customer_id))}::text[]) AS p(client_id, customer_id)
        ), open_clients AS MATERIALIZED (
          SELECT client_id FROM (SELECT DISTINCT client_id FROM due) c
          WHERE pg_try_advisory_xact_lock_shared(${CLIENT_LOCK_NAMESPACE}, hashtext(client_id))
        ), candidates AS MATERIALIZED (
          SELECT due.client_id, due.customer_id FROM due JOIN open_clients USING (client_id)
        ), held AS MATERIALIZED (
          SELECT client_id, customer_id FROM candidates
          WHERE pg_try_advisory_xact_lock(${PLAYER_LOCK_NAMESPACE}, hashtext(customer_id))
        ), chosen AS MATERIALIZED (
          -- Each held player's first due events (at most PLAYER_EVENTS_PER_BATCH), then the batch's earliest in
          -- arrival order. Each player is probed through the customer index: \`coalesce\` keeps the planner off
          -- the partial due index, which the queue's statistics (taken when it was nearly empty) make look free and
          -- which it then reads whole for every player. Nothing is locked yet: only the events kept are (below).
          SELECT q.event_id, q.received_at, q.seq FROM held p
          CROSS JOIN LATERAL (
            SELECT q.event_id, q.received_at, q.seq FROM event_queue q
            WHERE q.client_id = p.client_id AND q.customer_id = p.customer_id
              AND coalesce(q.status, '') = 'accepted' AND q.next_attempt_at <= now()
            ORDER BY q.seq
            LIMIT ${Math.min(limit, PLAYER_EVENTS_PER_BATCH)}
          ) q
          ORDER BY q.seq
          LIMIT ${limit}
        ), next AS (
          -- Each kept event locked by its key, its conditions checked again on the row as last committed: one the
          -- player's previous holder finished or put off after this statement's snapshot is left out.
          SELECT q.event_id, q.received_at, q.seq FROM chosen c
          CROSS JOIN LATERAL (
            SELECT q.event_id, q.received_at, q.seq FROM event_queue q
            WHERE q.event_id = c.event_id AND coalesce(q.status, '') = 'accepted' AND q.next_attempt_at <= now()
            FOR UPDATE OF q
          ) q
        )
        SELECT e.id, e.seq, e.received_at::text AS received_at, e.client_id, e.external_id, e.type, e.customer_id, e.branch_id,
               e.occurred_at, e.data, e.attempts, cu.status AS customer_status, cl.time_zone
        -- LATERAL: one probe of the event's own partition per claimed event, whichever the planner would pick for a
        -- join against a log of millions of rows (a hash join scans every month's partition).
        FROM next CROSS JOIN LATERAL (
          SELECT * FROM events x WHERE x.id = next.event_id AND x.received_at = next.received_at) e
        JOIN clients cl ON cl.id = e.client_id
        LEFT JOIN customers cu ON cu.id = e.customer_id`,
  );
  return rows
    .map((row) => ({
      id: row.id,
      seq: Number(row.seq),
      receivedAt: row.received_at,
      clientId: row.client_id,
      externalId: row.external_id,
      type: row.type as TEngineEventType,
      customerId: row.customer_id,
      branchId: row.branch_id,
      occurredAt: new Date(row.occurred_at),
      data: jsonColumn<Record<string, unknown>>(row.data),
      attempts: row.attempts,
      // Suspended customers' events are kept but change nothing (DESIGN §5).
      customerSuspended: row.customer_status === 'SUSPENDED' || row.customer_status === null,
      timeZone: row.time_zone,
    }))
    .sort(
      (a, b) =>
        a.customerId.localeCompare(b.customerId) ||
        a.occurredAt.getTime() - b.occurredAt.getTime() ||
        a.seq - b.seq,
    );
};

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

export type ClaimedEvent = EngineEvent & { customerSuspended: boolean; timeZone: string };

/** Carries rows out of a savepoint that is rolled back on purpose. */
class Peeked extends Error {
  constructor(readonly rows: { client_id: string; customer_id: string }[]) {
    super('peeked');
  }
}

/**
 * The players of the next due events that no other worker has claimed. Rows another worker holds are skipped;
 * the rows looked at are locked only inside a savepoint that is rolled back at once, so this worker keeps no
 * lock on an event of a player it may not get.
 */
const duePlayers = async (tx: Tx, limit: number) => {
  try {
    await tx.transaction(async (savepoint) => {
      // The queue is read through its partial index: with a backlog growing faster than autovacuum analyses
      // the table, the planner would otherwise sort the whole backlog to take 500 (measured by bench:engine).
      await savepoint.execute(
        sql`SELECT set_config('enable_seqscan', 'off', true), set_config('enable_bitmapscan', 'off', true)`,
      );
      const rows = await rowsOf<{ client_id: string; customer_id: string }>(
        savepoint as unknown as Tx,
        sql`SELECT client_id, customer_id FROM events
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
 * Claims up to `limit` waiting events inside the caller's transaction, player by player. It first looks at which
 * players have events due that no other worker holds, locks those it can — each player with a transaction-scoped advisory
 * lock, and each client shared, since a segment rebuild takes the client exclusively — and only then locks and
 * reads those players' due events in arrival order. A player's events are therefore only ever locked by the
 * worker that holds the player: applied by one worker at a time, in order, and two workers never touch the same
 * player's rows (no deadlocks, no lost updates). Players another worker holds wait for the next round.
 */
export const claimEvents = async (tx: Tx, limit: number): Promise<ClaimedEvent[]> => {
  const due = await duePlayers(tx, limit);
  if (due.length === 0) return [];
  const clientIds = [...new Set(due.map((row) => row.client_id))];
  const clientLocks = await rowsOf<{ client_id: string; locked: boolean }>(
    tx,
    sql`SELECT client_id, pg_try_advisory_xact_lock_shared(${CLIENT_LOCK_NAMESPACE}, hashtext(client_id)) AS locked
        FROM unnest(${arrayParam(clientIds)}::text[]) AS c(client_id)`,
  );
  const openClients = new Set(clientLocks.filter((lock) => lock.locked).map((lock) => lock.client_id));
  const candidates = due.filter((row) => openClients.has(row.client_id));
  if (candidates.length === 0) return [];
  const locks = await rowsOf<{ client_id: string; customer_id: string; locked: boolean }>(
    tx,
    sql`SELECT client_id, customer_id, pg_try_advisory_xact_lock(${PLAYER_LOCK_NAMESPACE}, hashtext(customer_id)) AS locked
        FROM unnest(${arrayParam(candidates.map((row) => row.client_id))}::text[],
                    ${arrayParam(candidates.map((row) => row.customer_id))}::text[]) AS p(client_id, customer_id)`,
  );
  const held = locks.filter((lock) => lock.locked);
  if (held.length === 0) return [];
  const rows = await rowsOf<ClaimedRow>(
    tx,
    sql`WITH next AS (
          SELECT e.id FROM events e
          JOIN unnest(${arrayParam(held.map((row) => row.client_id))}::text[],
                      ${arrayParam(held.map((row) => row.customer_id))}::text[]) AS p(client_id, customer_id)
            ON e.client_id = p.client_id AND e.customer_id = p.customer_id
          WHERE e.status = 'accepted' AND e.next_attempt_at <= now()
          ORDER BY e.seq
          LIMIT ${limit}
          FOR UPDATE OF e
        )
        SELECT e.id, e.seq, e.client_id, e.external_id, e.type, e.customer_id, e.branch_id, e.occurred_at, e.data,
               e.attempts, cu.status AS customer_status, cl.time_zone
        FROM next JOIN events e ON e.id = next.id
        JOIN clients cl ON cl.id = e.client_id
        LEFT JOIN customers cu ON cu.id = e.customer_id`,
  );
  return rows
    .map((row) => ({
      id: row.id,
      seq: Number(row.seq),
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

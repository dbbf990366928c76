import type { TEngineEventType } from '@laurel/contract';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
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

/**
 * Claims up to `limit` waiting events inside the caller's transaction. Rows are locked with SKIP LOCKED so that
 * several workers share the queue; then each player is locked too (advisory, for the transaction), and events of
 * players another worker holds are left for the next round: one player's events are applied by one worker at a
 * time, in order, and two workers never touch the same player's rows (no deadlocks, no lost updates).
 */
export const claimEvents = async (tx: Tx, limit: number): Promise<ClaimedEvent[]> => {
  const rows = await rowsOf<ClaimedRow>(
    tx,
    sql`WITH next AS (
          SELECT e.id FROM events e
          WHERE e.status = 'accepted' AND e.next_attempt_at <= now()
          ORDER BY e.next_attempt_at, e.seq
          LIMIT ${limit}
          FOR UPDATE SKIP LOCKED
        )
        SELECT e.id, e.seq, e.client_id, e.external_id, e.type, e.customer_id, e.branch_id, e.occurred_at, e.data,
               e.attempts, cu.status AS customer_status, cl.time_zone
        FROM next JOIN events e ON e.id = next.id
        JOIN clients cl ON cl.id = e.client_id
        LEFT JOIN customers cu ON cu.id = e.customer_id`,
  );
  if (rows.length === 0) return [];
  // A client whose segment is being rebuilt (exclusive lock) waits for the next round.
  const clientIds = [...new Set(rows.map((row) => row.client_id))];
  const clientLocks = await rowsOf<{ client_id: string; locked: boolean }>(
    tx,
    sql`SELECT client_id, pg_try_advisory_xact_lock_shared(${CLIENT_LOCK_NAMESPACE}, hashtext(client_id)) AS locked
        FROM unnest(${arrayParam(clientIds)}::text[]) AS c(client_id)`,
  );
  const openClients = new Set(clientLocks.filter((lock) => lock.locked).map((lock) => lock.client_id));
  const players = [
    ...new Set(rows.filter((row) => openClients.has(row.client_id)).map((row) => row.customer_id)),
  ];
  const locks = await rowsOf<{ customer_id: string; locked: boolean }>(
    tx,
    sql`SELECT customer_id, pg_try_advisory_xact_lock(${PLAYER_LOCK_NAMESPACE}, hashtext(customer_id)) AS locked
        FROM unnest(${arrayParam(players)}::text[]) AS p(customer_id)`,
  );
  const held = new Set(locks.filter((lock) => lock.locked).map((lock) => lock.customer_id));
  return rows
    .filter((row) => held.has(row.customer_id))
    .map((row) => ({
      id: row.id,
      seq: Number(row.seq),
      clientId: row.client_id,
      externalId: row.external_id,
      type: row.type as TEngineEventType,
      customerId: row.customer_id,
      branchId: row.branch_id,
      occurredAt: new Date(row.occurred_at),
      data: typeof row.data === 'string' ? (JSON.parse(row.data) as Record<string, unknown>) : row.data,
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

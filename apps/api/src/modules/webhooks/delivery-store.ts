import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { arrayParam, rowsOf } from '../../db/raw-sql';
import type { SendResult } from './sender';

/** A delivery as a sender holds it: what to post where, signed with which secret. */
export type ClaimedDelivery = {
  id: string;
  endpointId: string;
  customerId: string | null;
  webhookId: string;
  eventType: string;
  attempts: number;
  /** Of `attempts`, the resends: the retry schedule's step is the others'. */
  resends: number;
  payload: string;
  url: string;
  secret: string;
  clientId: string;
};

const claimedColumns = sql`w.id, w.endpoint_id, w.customer_id, w.webhook_id, w.event_type, w.attempts, w.resends,
  w.payload::text AS payload, e.url, e.secret, w.client_id`;

type ClaimedRow = {
  id: string;
  endpoint_id: string;
  customer_id: string | null;
  webhook_id: string;
  event_type: string;
  attempts: number;
  resends: number;
  payload: string;
  url: string;
  secret: string;
  client_id: string;
};
const toClaimed = (row: ClaimedRow): ClaimedDelivery => ({
  id: row.id,
  endpointId: row.endpoint_id,
  customerId: row.customer_id,
  webhookId: row.webhook_id,
  eventType: row.event_type,
  attempts: row.attempts,
  resends: row.resends,
  payload: row.payload,
  url: row.url,
  secret: row.secret,
  clientId: row.client_id,
});

/**
 * Takes up to `limit` due deliveries of active endpoints, oldest first, and leases them. Per endpoint and customer
 * they go in order: a row waits while an earlier one of the same pair is unsent or in flight (one already retrying
 * does not hold the rest back for days). `busyEndpoints`: this process's saturated endpoints, left for later, so a
 * slow receiver's backlog does not fill the sender. SKIP LOCKED lets several processes claim side by side. It reads
 * and leases in `webhook_queue` only (the pending deliveries) and answers their ids: what to send is read after it
 * (claimedDeliveriesSql), not in this statement, whose snapshot predates its locks (see claimDue).
 */
export const claimDueSql = (limit: number, busyEndpoints: readonly string[], leaseSeconds: number) =>
  sql`WITH due AS (
        SELECT q.delivery_id FROM webhook_queue q
        JOIN webhook_endpoints e ON e.id = q.endpoint_id AND e.active
        WHERE q.next_attempt_at <= now() AND (q.leased_until IS NULL OR q.leased_until < now())
          AND NOT (q.endpoint_id = ANY (${arrayParam([...busyEndpoints])}::text[]))
          AND NOT EXISTS (
            SELECT 1 FROM webhook_queue o
            WHERE o.endpoint_id = q.endpoint_id AND o.customer_id = q.customer_id AND o.seq < q.seq
              AND (o.attempts = 0 OR o.leased_until > now())
            -- OFFSET 0 keeps this a lookup per row by the order index: as an anti join, statistics taken while
            -- the queue was empty (one pending row expected) chose a scan of every pending row per row.
            OFFSET 0)
        ORDER BY q.next_attempt_at, q.seq
        LIMIT ${limit}
        FOR UPDATE OF q SKIP LOCKED
      )
      UPDATE webhook_queue q SET leased_until = now() + make_interval(secs => ${leaseSeconds})
      FROM due WHERE q.delivery_id = due.delivery_id
      RETURNING q.delivery_id`;

/** The deliveries of these ids as a sender needs them, each looked up by its key, in seq order. */
export const claimedDeliveriesSql = (ids: readonly string[]) =>
  sql`SELECT ${claimedColumns}
      FROM unnest(${arrayParam([...ids])}::text[]) AS c(id)
      JOIN webhook_deliveries w ON w.id = c.id
      JOIN webhook_endpoints e ON e.id = w.endpoint_id
      ORDER BY w.seq`;

/**
 * Leases what is due (claimDueSql), then reads it (claimedDeliveriesSql) in a statement of its own: the delivery as
 * committed once the lease was taken. The lease's own statement could only read it from its snapshot, taken before
 * its locks: an erasure that scrubbed a body holds the queue row until it commits, and a claim that started before
 * that commit and locked the row after it would have sent the body from before the erasure.
 */
export const claimDue = async (
  db: DbOrTx,
  limit: number,
  busyEndpoints: readonly string[],
  leaseSeconds: number,
): Promise<ClaimedDelivery[]> => {
  const leased = await rowsOf<{ delivery_id: string }>(db, claimDueSql(limit, busyEndpoints, leaseSeconds));
  if (leased.length === 0) return [];
  return (await rowsOf<ClaimedRow>(db, claimedDeliveriesSql(leased.map((row) => row.delivery_id)))).map(
    toClaimed,
  );
};

/**
 * One delivery leased now, whatever its status (a test send, a resend): a pending one is leased in the queue, so the
 * claim leaves it to this send. Null when it is not the client's. The delivery is read `FOR SHARE` first, as the
 * writers lock it (a result, an erasure's scrub: the delivery, then by trigger its queue row): one being written is
 * read once committed, never from before, and the queue row is locked in the writers' order, so no deadlock.
 */
export const leaseOne = async (db: DbOrTx, clientId: string, deliveryId: string, leaseSeconds: number) => {
  const [row] = await rowsOf<ClaimedRow>(
    db,
    sql`WITH d AS (
          SELECT ${claimedColumns} FROM webhook_deliveries w JOIN webhook_endpoints e ON e.id = w.endpoint_id
          WHERE w.id = ${deliveryId} AND w.client_id = ${clientId}
          FOR SHARE OF w
        ), leased AS (
          UPDATE webhook_queue q SET leased_until = now() + make_interval(secs => ${leaseSeconds})
          FROM d WHERE q.delivery_id = d.id
          RETURNING 1
        )
        SELECT * FROM d`,
  );
  return row ? toClaimed(row) : null;
};

/** What became of one try. `nextAttemptAt` null with `delivered` false: the schedule is spent, it failed. */
export type AttemptOutcome = {
  delivery: ClaimedDelivery;
  result: SendResult;
  attemptedAt: Date;
  nextAttemptAt: Date | null;
  /**
   * A resend, an extra try outside the schedule: a failure leaves the delivery's status and next try as they were
   * (a retrying one keeps its time and the schedule its steps; one that gave up or was delivered stays so).
   */
  resend?: boolean;
};

/**
 * Writes a set of tries in one statement: each delivery's status, count and next try, and its attempt log row.
 * The queue follows (migration 0036's trigger): a delivery made or given up leaves it, one to retry has its lease
 * ended. Answers the deliveries that gave up now (their endpoints are switched off).
 */
export const recordAttempts = async (db: DbOrTx, outcomes: readonly AttemptOutcome[]) => {
  if (outcomes.length === 0) return [] as { id: string; endpoint_id: string; client_id: string }[];
  const col = <T>(pick: (o: AttemptOutcome) => T) => arrayParam(outcomes.map(pick));
  return rowsOf<{ id: string; endpoint_id: string; client_id: string }>(
    db,
    sql`WITH r AS (
          SELECT * FROM unnest(${col((o) => o.delivery.id)}::text[], ${col((o) => o.delivery.clientId)}::text[],
            ${col((o) => o.result.delivered)}::boolean[], ${col((o) => o.result.statusCode)}::int[],
            ${col((o) => o.result.durationMs)}::int[], ${col((o) => o.result.excerpt)}::text[],
            ${col((o) => o.result.error)}::text[], ${col((o) => o.attemptedAt.toISOString())}::timestamptz[],
            ${col((o) => o.nextAttemptAt?.toISOString() ?? null)}::timestamptz[],
            ${col((o) => o.resend === true)}::boolean[])
            AS r(id, client_id, delivered, status_code, duration_ms, excerpt, error, attempted_at, next_at, resend)
        ), attempts AS (
          INSERT INTO webhook_attempts (delivery_id, client_id, attempted_at, status_code, duration_ms, response_excerpt, error)
          SELECT id, client_id, attempted_at, status_code, duration_ms, excerpt, error FROM r
        )
        UPDATE webhook_deliveries d SET
          attempts = d.attempts + 1,
          resends = d.resends + CASE WHEN r.resend THEN 1 ELSE 0 END,
          last_status_code = r.status_code,
          status = CASE WHEN r.delivered THEN 'delivered'
                        WHEN r.resend THEN d.status
                        WHEN r.next_at IS NULL THEN 'failed' ELSE 'pending' END,
          next_attempt_at = CASE WHEN NOT r.delivered AND NOT r.resend AND r.next_at IS NOT NULL THEN r.next_at
                                 ELSE d.next_attempt_at END,
          delivered_at = CASE WHEN r.delivered THEN r.attempted_at ELSE d.delivered_at END
        FROM r WHERE d.id = r.id
        RETURNING d.id, d.endpoint_id, d.client_id, (d.status = 'failed' AND NOT r.resend) AS gave_up`,
  ).then((rows) => rows.filter((row) => (row as unknown as { gave_up: boolean }).gave_up));
};

/**
 * When the next pending delivery falls due (null: none waits). One leased by another sender (alive, or dead and
 * holding it until the lease runs out) is due when its lease ends, not before: a sender does not poll for it.
 */
export const nextDueAt = async (db: DbOrTx): Promise<Date | null> => {
  const [row] = await rowsOf<{ at: string | Date | null }>(
    db,
    sql`SELECT min(greatest(q.next_attempt_at, coalesce(q.leased_until, q.next_attempt_at))) AS at
        FROM webhook_queue q
        JOIN webhook_endpoints e ON e.id = q.endpoint_id AND e.active`,
  );
  return row?.at ? new Date(row.at) : null;
};

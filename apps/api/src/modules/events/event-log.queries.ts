import { COUNT_CAP, type TEngineEventType, type TEventLogEntry, type TEventStatus } from '@laurel/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { jsonColumn, rowsOf } from '../../db/raw-sql';

export type EventLogFilter = {
  clientId: string;
  status?: TEventStatus;
  type?: TEngineEventType;
  search?: string;
};

type Row = {
  id: string;
  external_id: string;
  type: string;
  customer_id: string;
  customer_name: string | null;
  occurred_at: string | Date;
  received_at: string | Date;
  processed_at: string | Date | null;
  status: string;
  attempts: number;
  error: string | null;
  data: Record<string, unknown> | string;
};

const iso = (value: string | Date) => new Date(value).toISOString();

export const toEventLogEntry = (row: Row): TEventLogEntry => ({
  _id: row.id,
  event_id: row.external_id,
  type: row.type as TEventLogEntry['type'],
  customer_id: row.customer_id,
  customer_name: row.customer_name,
  occurred_at: iso(row.occurred_at),
  received_at: iso(row.received_at),
  processed_at: row.processed_at === null ? null : iso(row.processed_at),
  status: row.status as TEventStatus,
  attempts: row.attempts,
  error: row.error,
  data: jsonColumn<Record<string, unknown>>(row.data),
});

/**
 * A status as an indexed read (`events` has no index on its status, so marking processed writes none): waiting and
 * parked events through `event_queue`, the set-aside ones (each with its reason) through the partial index of events
 * with an error, and processed — nearly every event — as a filter on the newest-first walk.
 */
const statusCondition = (clientId: string, status: TEventStatus): SQL => {
  if (status === 'accepted' || status === 'parked')
    return sql`e.status = ${status} AND (e.id, e.received_at) IN (
      SELECT q.event_id, q.received_at FROM event_queue q WHERE q.client_id = ${clientId} AND q.status = ${status})`;
  if (status === 'processed') return sql`e.status = ${status}`;
  return sql`e.status = ${status} AND e.error IS NOT NULL`;
};

const whereOf = (filter: EventLogFilter): SQL => {
  const conditions: SQL[] = [sql`e.client_id = ${filter.clientId}`];
  if (filter.status) conditions.push(statusCondition(filter.clientId, filter.status));
  if (filter.type) conditions.push(sql`e.type = ${filter.type}`);
  // An exact event id or customer id: what someone tracing an event has at hand. The sender's id is found through
  // event_keys (its primary key), so `events` carries no index of its own for it: one less per event stored.
  if (filter.search)
    conditions.push(sql`(e.id = ANY(ARRAY(SELECT k.event_id FROM event_keys k
                          WHERE k.client_id = ${filter.clientId} AND k.external_id = ${filter.search}))
                        OR e.customer_id = ${filter.search})`);
  return sql.join(conditions, sql` AND `);
};

const SELECT = sql`SELECT e.id, e.external_id, e.type, e.customer_id, e.occurred_at, e.received_at, e.processed_at,
  e.status, e.attempts, e.error, e.data, nullif(trim(coalesce(c.name, '') || ' ' || coalesce(c.surname, '')), '') AS customer_name
  FROM events e LEFT JOIN customers c ON c.id = e.customer_id`;

/** Newest first, read from the (client, [type,] seq) indexes or the queue; the count stops past the cap. */
export const listEventLogRows = async (db: DbOrTx, filter: EventLogFilter, page: number, size: number) => {
  const where = whereOf(filter);
  const rows = await rowsOf<Row>(
    db,
    sql`${SELECT} WHERE ${where} ORDER BY e.seq DESC LIMIT ${size} OFFSET ${(page - 1) * size}`,
  );
  const [counted] = await rowsOf<{ count: number | string }>(
    db,
    sql`SELECT count(*) AS count FROM (SELECT 1 FROM events e WHERE ${where} LIMIT ${COUNT_CAP + 1}) capped`,
  );
  return { rows: rows.map(toEventLogEntry), count: Number(counted?.count ?? 0) };
};

export const findEventLogEntry = async (db: DbOrTx, clientId: string, id: string) => {
  const [row] = await rowsOf<Row>(db, sql`${SELECT} WHERE e.client_id = ${clientId} AND e.id = ${id}`);
  return row ? toEventLogEntry(row) : null;
};

/** A parked event goes back into the queue, due now, with a fresh count of attempts. */
export const requeueParkedEvent = async (db: DbOrTx, clientId: string, id: string) => {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`UPDATE events SET status = 'accepted', attempts = 0, next_attempt_at = now(), error = NULL, processed_at = NULL
        WHERE client_id = ${clientId} AND id = ${id} AND status = 'parked' RETURNING id`,
  );
  return rows.length > 0;
};

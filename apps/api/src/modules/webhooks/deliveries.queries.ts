import type {
  TWebhookAttempt,
  TWebhookBody,
  TWebhookDelivery,
  TWebhookDeliveryStatus,
  ZWebhookDeliveryQuery,
} from '@laurel/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/database';
import { rowsOf } from '../../db/raw-sql';
import { searchPattern } from '../customers';

type DeliveryQuery = z.output<typeof ZWebhookDeliveryQuery>;

type DeliveryRow = {
  id: string;
  endpoint_id: string;
  webhook_id: string;
  event_type: string;
  customer_id: string | null;
  customer_name: string | null;
  customer_email: string | null;
  status: string;
  attempts: number;
  created_at: string | Date;
  next_attempt_at: string | Date;
  delivered_at: string | Date | null;
  last_status_code: number | null;
  payload: TWebhookBody | string;
  attempt_log: TWebhookAttempt[] | string | null;
  total: number;
};

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());
const json = <T>(value: T | string) => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/** A pending row that was tried is "retrying" in the console; never tried, "pending". */
const statusOf = (row: DeliveryRow): TWebhookDeliveryStatus =>
  row.status === 'pending'
    ? row.attempts > 0
      ? 'retrying'
      : 'pending'
    : (row.status as TWebhookDeliveryStatus);

const toDelivery = (row: DeliveryRow): TWebhookDelivery => {
  const status = statusOf(row);
  return {
    _id: row.id,
    endpoint_id: row.endpoint_id,
    webhook_id: row.webhook_id,
    event_type: row.event_type,
    customer_id: row.customer_id,
    customer: row.customer_name === null ? null : { name: row.customer_name, email: row.customer_email },
    status,
    attempts: row.attempts,
    created_at: iso(row.created_at) as string,
    next_attempt_at: status === 'pending' || status === 'retrying' ? iso(row.next_attempt_at) : null,
    delivered_at: iso(row.delivered_at),
    last_status_code: row.last_status_code,
    body: json(row.payload),
    attempt_log: (json(row.attempt_log ?? []) ?? []).map((attempt) => ({
      ...attempt,
      attempted_at: new Date(attempt.attempted_at).toISOString(),
    })),
  };
};

const STATUS_FILTERS: Record<TWebhookDeliveryStatus, SQL> = {
  pending: sql`d.status = 'pending' AND d.attempts = 0`,
  retrying: sql`d.status = 'pending' AND d.attempts > 0`,
  delivered: sql`d.status = 'delivered'`,
  failed: sql`d.failed`,
};

const selectDeliveries = (where: SQL, tail: SQL) => sql`
  SELECT d.id, d.endpoint_id, d.webhook_id, d.event_type, d.customer_id, d.status, d.attempts, d.created_at,
         trim(c.name || ' ' || c.surname) AS customer_name, c.email AS customer_email,
         d.next_attempt_at, d.delivered_at, d.last_status_code, d.payload, count(*) OVER ()::int AS total,
         (SELECT coalesce(json_agg(json_build_object('attempted_at', a.attempted_at, 'status_code', a.status_code,
                   'duration_ms', a.duration_ms, 'response_excerpt', a.response_excerpt, 'error', a.error)
                   ORDER BY a.id DESC), '[]'::json)
          FROM (SELECT * FROM webhook_attempts a WHERE a.delivery_id = d.id ORDER BY a.id DESC LIMIT 20) a) AS attempt_log
  FROM webhook_deliveries d
  -- Named for the console by the customer's key, one page's rows at a time.
  LEFT JOIN customers c ON c.id = d.customer_id AND c.client_id = d.client_id
  WHERE ${where}
  ${tail}`;

/** An endpoint's deliveries, newest first, each with its last 20 attempts. */
export const listDeliveries = async (
  db: DbOrTx,
  clientId: string,
  endpointId: string,
  query: DeliveryQuery,
) => {
  const filters: SQL[] = [sql`d.client_id = ${clientId}`, sql`d.endpoint_id = ${endpointId}`];
  if (query.status) filters.push(STATUS_FILTERS[query.status]);
  if (query.event_type) filters.push(sql`d.event_type = ${query.event_type}`);
  if (query.search_string) {
    const term = query.search_string.trim();
    // An id whole, or a fragment of the name or email the About column shows: the client's customers matching it
    // by their trigram-indexed search text, then their deliveries by the (client, customer) index.
    filters.push(sql`(d.webhook_id = ${term} OR d.customer_id = ${term} OR d.id = ${term}
      OR d.customer_id IN (SELECT cu.id FROM customers cu
                           WHERE cu.client_id = ${clientId} AND cu.search_text LIKE ${searchPattern(term)}))`);
  }
  const rows = await rowsOf<DeliveryRow>(
    db,
    selectDeliveries(
      sql.join(filters, sql` AND `),
      sql`ORDER BY d.seq DESC LIMIT ${query.size} OFFSET ${(query.page - 1) * query.size}`,
    ),
  );
  return { items: rows.map(toDelivery), count: rows[0]?.total ?? 0 };
};

/** One delivery of the client, as listed. */
export const getDelivery = async (db: DbOrTx, clientId: string, deliveryId: string) => {
  const [row] = await rowsOf<DeliveryRow>(
    db,
    selectDeliveries(sql`d.client_id = ${clientId} AND d.id = ${deliveryId}`, sql``),
  );
  return row ? toDelivery(row) : null;
};

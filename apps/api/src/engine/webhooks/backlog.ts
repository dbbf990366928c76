import type { Database } from '../../db/database';

export type WebhookBacklog = {
  /** Deliveries of active endpoints not yet made (due now, in flight or waiting for a retry). */
  waiting: number;
  /** How long the longest-waiting due delivery of an active endpoint has waited (since written, or since its retry fell
   * due); 0 if none. A receiver that is down or slow shows here first. */
  oldestDueSeconds: number;
};

/**
 * The dispatchers' backlog, for the operator's metrics: both read only `webhook_queue` (the deliveries still to
 * send), joined with the active endpoints; the age is a walk of its due index from the oldest.
 */
export const readWebhookBacklog = async (database: Database): Promise<WebhookBacklog> => {
  const [row] = await database.query<{
    waiting: string | number;
    oldest_due_seconds: string | number | null;
  }>(
    `SELECT (SELECT count(*) FROM webhook_queue q JOIN webhook_endpoints e ON e.id = q.endpoint_id AND e.active) AS waiting,
            (SELECT GREATEST(0, EXTRACT(EPOCH FROM now() - q.next_attempt_at)) FROM webhook_queue q
               JOIN webhook_endpoints e ON e.id = q.endpoint_id AND e.active
              WHERE q.next_attempt_at <= now() ORDER BY q.next_attempt_at, q.seq LIMIT 1) AS oldest_due_seconds`,
  );
  return { waiting: Number(row?.waiting ?? 0), oldestDueSeconds: Number(row?.oldest_due_seconds ?? 0) };
};

import type { Database } from '../../db/database';

export type QueueDepth = {
  /** Events stored and not yet settled (due now or waiting for a retry). */
  waiting: number;
  /** How long the longest-waiting due event has waited: since it arrived, or since its retry fell due; 0 if none. */
  oldestDueSeconds: number;
};

/**
 * The worker's backlog, for the operator's metrics. Both read only the partial index of waiting events
 * (`events_pending_idx`), which holds the queue and nothing of the processed log: the age is one index probe.
 */
export const readQueueDepth = async (database: Database): Promise<QueueDepth> => {
  const [row] = await database.query<{
    waiting: string | number;
    oldest_due_seconds: string | number | null;
  }>(
    `SELECT (SELECT count(*) FROM events WHERE status = 'accepted') AS waiting,
            (SELECT GREATEST(0, EXTRACT(EPOCH FROM now() - next_attempt_at)) FROM events
              WHERE status = 'accepted' ORDER BY next_attempt_at, seq LIMIT 1) AS oldest_due_seconds`,
  );
  return { waiting: Number(row?.waiting ?? 0), oldestDueSeconds: Number(row?.oldest_due_seconds ?? 0) };
};

import type { Database } from '../../db/database';

export type QueueDepth = {
  /** Events stored and not yet settled (due now or waiting for a retry). */
  waiting: number;
  /** How long the longest-waiting due event has waited: since it arrived, or since its retry fell due; 0 if none. */
  oldestDueSeconds: number;
};

/**
 * The worker's backlog, for the operator's metrics. Both read only `event_queue`, which holds the waiting and
 * parked events and nothing of the processed log: the age is one probe of its due index.
 */
export const readQueueDepth = async (database: Database): Promise<QueueDepth> => {
  const [row] = await database.query<{
    waiting: string | number;
    oldest_due_seconds: string | number | null;
  }>(
    `SELECT (SELECT count(*) FROM event_queue WHERE status = 'accepted') AS waiting,
            (SELECT GREATEST(0, EXTRACT(EPOCH FROM now() - next_attempt_at)) FROM event_queue
              WHERE status = 'accepted' ORDER BY next_attempt_at, seq LIMIT 1) AS oldest_due_seconds`,
  );
  return { waiting: Number(row?.waiting ?? 0), oldestDueSeconds: Number(row?.oldest_due_seconds ?? 0) };
};

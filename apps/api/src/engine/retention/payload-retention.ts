import { sql } from 'drizzle-orm';
import { type Clock, systemClock } from '../../clock';
import type { Database } from '../../db/database';
import { arrayParam, rowsOf } from '../../db/raw-sql';
import type { EngineTask } from '../core/engine';

/**
 * Payload keys a blanked event keeps: the dashboard's rebuild joins processed order events to their orders by
 * `order_id` and reads `status` (rebuild-dashboard.ts). Neither names a person.
 */
export const KEPT_PAYLOAD_KEYS = ['order_id', 'status'] as const;

/** Events blanked per statement: a first run over years of history is worked through between batches. */
const BLANK_PER_RUN = 2000;

const DAY_MS = 86_400_000;

/**
 * Blanks in place the payloads of processed events older than their business's retention (Settings → Account,
 * privacy; DESIGN §10), keeping only KEPT_PAYLOAD_KEYS. Events still waiting or parked keep theirs: they may yet
 * run. Businesses without a retention keep every payload. Returns how many events it blanked.
 */
export const blankExpiredPayloads = async (database: Database, now: Date, limit = BLANK_PER_RUN) => {
  const [row] = await rowsOf<{ blanked: number }>(
    database.db,
    sql`WITH due AS (
          SELECT e.id FROM client_privacy_settings p
          JOIN LATERAL (
            SELECT id FROM events e
             WHERE e.client_id = p.client_id AND e.status = 'processed'
               AND e.processed_at < ${now.toISOString()}::timestamptz - make_interval(days => p.event_payload_retention_days)
               AND e.data - ${arrayParam([...KEPT_PAYLOAD_KEYS])}::text[] <> '{}'::jsonb
             LIMIT ${limit}) e ON true
          WHERE p.event_payload_retention_days IS NOT NULL
          LIMIT ${limit}),
        blanked AS (
          UPDATE events SET data = jsonb_strip_nulls(jsonb_build_object(
                   'order_id', data -> 'order_id', 'status', data -> 'status'))
           WHERE id IN (SELECT id FROM due)
          RETURNING 1)
        SELECT count(*)::int AS blanked FROM blanked`,
  );
  return Number(row?.blanked ?? 0);
};

/**
 * The retention as a daily engine task: once a (business-clock) day, it blanks what has come due, in runs of
 * BLANK_PER_RUN until none is left, then sleeps until the next day. Several workers may run it; each run's
 * statement only touches events not yet blanked, so they never undo or repeat each other's work.
 */
export const createPayloadRetentionTask = (clock: Clock = systemClock): EngineTask => {
  let doneForDay: string | null = null;
  const today = () => clock().toISOString().slice(0, 10);
  return {
    run: async (database) => {
      if (doneForDay === today()) return false;
      const blanked = await blankExpiredPayloads(database, clock());
      if (blanked < BLANK_PER_RUN) doneForDay = today();
      return blanked > 0;
    },
    nextDueIn: async () => {
      if (doneForDay !== today()) return 0;
      const now = clock().getTime();
      return Math.ceil(now / DAY_MS) * DAY_MS - now + 1;
    },
  };
};

import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import type { EngineTask } from '../core/engine';

/** The monthly partitions of `events` (migration 0031): `events_YYYY_MM`, by `received_at` in UTC. */
const PARTITION_NAME = /^events_(\d{4})_(\d{2})$/;
const DAY_MS = 86_400_000;
/** The partitions' fillfactor, as migration 0033 set it on those that existed. */
const EVENTS_FILLFACTOR = 50;

const monthStart = (year: number, month: number) => new Date(Date.UTC(year, month, 1));
const partitionName = (start: Date) =>
  `events_${start.getUTCFullYear()}_${String(start.getUTCMonth() + 1).padStart(2, '0')}`;
const bound = (date: Date) => `${date.toISOString().slice(0, 10)} 00:00:00+00`;

/** The months that have a partition, each with its first instant and the next month's. */
export const eventPartitions = async (database: Database) => {
  const rows = await database.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
     WHERE i.inhparent = 'events'::regclass ORDER BY c.relname`,
  );
  return rows.flatMap(({ name }) => {
    const match = PARTITION_NAME.exec(name);
    if (!match) return [];
    const start = monthStart(Number(match[1]), Number(match[2]) - 1);
    return [{ name, start, end: monthStart(start.getUTCFullYear(), start.getUTCMonth() + 1) }];
  });
};

/**
 * Creates this month's and next month's partitions where missing, so arriving events never land in the default
 * partition. A month whose events already sit in the default partition (no worker ran for weeks) is left there
 * (creating it would fail): they are kept, just never dropped by the retention.
 */
export const ensureEventPartitions = async (database: Database, now: Date, log?: FastifyBaseLogger) => {
  const existing = new Set((await eventPartitions(database)).map((partition) => partition.name));
  const created: string[] = [];
  for (const offset of [0, 1]) {
    const start = monthStart(now.getUTCFullYear(), now.getUTCMonth() + offset);
    const name = partitionName(start);
    if (existing.has(name)) continue;
    const end = monthStart(start.getUTCFullYear(), start.getUTCMonth() + 1);
    try {
      await database.query(
        // Half of each page free: a processed mark stays on the row's page, a HOT update (migration 0033).
        `CREATE TABLE IF NOT EXISTS "${name}" PARTITION OF events FOR VALUES FROM ('${bound(start)}') TO ('${bound(end)}')
         WITH (fillfactor = ${EVENTS_FILLFACTOR})`,
      );
      created.push(name);
    } catch (error) {
      log?.warn({ err: error, partition: name }, 'could not create the event log partition for a month');
    }
  }
  return created;
};

/**
 * EVENT_RETENTION_DAYS: drops whole months of the event log that ended more than `retentionDays` ago and hold no
 * waiting or parked event (those stay until processed or retried, however old). The idempotency keys of the events
 * dropped stay in `event_keys` for twice the retention, so a repeat of a dropped event's id is still a duplicate
 * within that window (docs/operations.md). Answers the partitions dropped.
 */
export const dropExpiredEventPartitions = async (database: Database, now: Date, retentionDays: number) => {
  const cutoff = new Date(now.getTime() - retentionDays * DAY_MS);
  const dropped: string[] = [];
  for (const partition of await eventPartitions(database)) {
    if (partition.end > cutoff) continue;
    // The queue holds every waiting and parked event with its month (a few rows, whatever the log's size).
    const [open] = await database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM (SELECT 1 FROM event_queue
         WHERE received_at >= $1 AND received_at < $2 LIMIT 1) AS waiting`,
      [partition.start.toISOString(), partition.end.toISOString()],
    );
    if ((open?.n ?? 0) > 0) continue;
    await database.query(`DROP TABLE "${partition.name}"`);
    dropped.push(partition.name);
  }
  const keyCutoff = new Date(now.getTime() - 2 * retentionDays * DAY_MS);
  await database.query('DELETE FROM event_keys WHERE received_at < $1', [keyCutoff.toISOString()]);
  return dropped;
};

const CHECK_EVERY_MS = 6 * 3_600_000;

/**
 * The event log's upkeep as an engine task: months ahead created and, with a retention, old finished months
 * dropped; on start and every 6 hours. Partitions follow the real time of arrival (received_at), not CLOCK_START.
 */
export const createEventLogTask = (options: {
  retentionDays?: number;
  log?: FastifyBaseLogger;
}): EngineTask => {
  let lastRun: number | null = null;
  return {
    run: async (database) => {
      if (lastRun !== null && Date.now() - lastRun < CHECK_EVERY_MS) return false;
      lastRun = Date.now();
      const now = new Date();
      await ensureEventPartitions(database, now, options.log);
      if (options.retentionDays !== undefined) {
        const dropped = await dropExpiredEventPartitions(database, now, options.retentionDays);
        if (dropped.length > 0) options.log?.info({ dropped }, 'dropped old months of the event log');
      }
      return false;
    },
    nextDueIn: async () => (lastRun === null ? 0 : lastRun + CHECK_EVERY_MS - Date.now()),
  };
};

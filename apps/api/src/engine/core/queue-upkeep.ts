import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import type { EngineTask } from './engine';

/**
 * The tables whose rows pass through a queue: event_queue (a row in, a row out, per event) and webhook_queue (per
 * delivery). Until a VACUUM removes them, the dead entries stay at the head of the index every claim starts from,
 * so a claim would read more the longer the engine has run. Their histories (events, webhook_deliveries) are left to
 * the server: they only grow, and their dead rows are few.
 */
export const QUEUE_TABLES = ['event_queue', 'webhook_queue'] as const;

/** How often the dead rows are looked at. */
const CHECK_EVERY_MS = 10_000;
/**
 * A table is vacuumed past this many dead rows and this share of its live ones: the queue (few live rows, unless a
 * backlog waits) about every thousand events, so the work stays a small multiple of the rows that came and went.
 */
const DEAD_ROWS_MIN = 1_000;
const DEAD_SHARE = 0.05;

export type QueueUpkeepMode = 'auto' | 'off';

type TableStats = { relname: string; n_live_tup: string | number; n_dead_tup: string | number };

/** Whether the server vacuums on its own: PostgreSQL with autovacuum on does; PGlite runs no autovacuum at all. */
const serverVacuums = async (database: Database) => {
  if (database.kind === 'pglite') return false;
  const [row] = await database.query<{ on: boolean }>(`SELECT current_setting('autovacuum') = 'on' AS on`);
  return row?.on === true;
};

/** The queue tables (of `tables`) past the threshold, by the server's own statistics of dead and live rows. */
export const queueTablesToVacuum = async (database: Database, tables: readonly string[] = QUEUE_TABLES) => {
  const rows = await database.query<TableStats>(
    `SELECT relname, n_live_tup, n_dead_tup FROM pg_stat_user_tables
      WHERE schemaname = current_schema() AND relname = ANY($1::text[])`,
    [[...tables]],
  );
  return rows
    .filter((row) => Number(row.n_dead_tup) > DEAD_ROWS_MIN + DEAD_SHARE * Number(row.n_live_tup))
    .map((row) => row.relname);
};

/**
 * Vacuums the tables given. Index cleanup is asked for: a few dead rows at the end of a large table would otherwise
 * be left in its indexes, which is where they cost. SKIP_LOCKED: a table another worker is vacuuming is left to it.
 */
export const vacuumQueueTables = async (
  database: Database,
  tables: readonly string[],
  log?: FastifyBaseLogger,
) => {
  for (const table of tables) {
    try {
      // No ANALYZE: a queue analysed while nearly empty tells the planner its next burst is a row or two.
      await database.query(`VACUUM (SKIP_LOCKED, INDEX_CLEANUP ON) ${table}`);
    } catch (error) {
      log?.warn({ err: error, table }, 'could not vacuum a queue table');
    }
  }
};

/**
 * Vacuums the queue tables where nothing else does (`ENGINE_VACUUM=auto`, the default: on PGlite, and on a
 * PostgreSQL server whose autovacuum is off), every CHECK_EVERY_MS at most, a table only once enough of its rows
 * have died. Each queue is kept by what churns it: the engine runs one for `event_queue` after its batches, the webhook
 * dispatcher one for `webhook_queue` after writing results (deliveries go on while the engine sleeps: spends).
 */
export const createQueueUpkeepTask = (options: {
  mode: QueueUpkeepMode;
  log?: FastifyBaseLogger;
  /** The tables this one keeps (default: every queue table). */
  tables?: readonly (typeof QUEUE_TABLES)[number][];
}): EngineTask => {
  let active: boolean | null = options.mode === 'off' ? false : null;
  let lastCheck = 0;
  return {
    run: async (database) => {
      if (active === false) return false;
      const now = Date.now();
      if (now - lastCheck < CHECK_EVERY_MS) return false;
      lastCheck = now;
      if (active === null) {
        active = !(await serverVacuums(database));
        if (!active) return false;
      }
      await vacuumQueueTables(database, await queueTablesToVacuum(database, options.tables), options.log);
      // Upkeep is never work the worker should hurry back to.
      return false;
    },
  };
};

/**
 * Where PostgreSQL's time goes in a timed phase: with `BENCH_PG_STATEMENTS=1` and `pg_stat_statements` loaded on the
 * server (`shared_preload_libraries`), a phase resets the statistics before it and logs its heaviest statements after
 * it (planning and execution, calls, rows, shared blocks read). Off by default: the extension needs a server restart,
 * and its bookkeeping is itself a small cost.
 */
import type pg from 'pg';
import { log } from './bench-support';

const WANTED = process.env.BENCH_PG_STATEMENTS === '1';
const TOP = Number(process.env.BENCH_PG_STATEMENTS_TOP ?? 12);

type Row = {
  calls: string;
  rows: string;
  plan_ms: number;
  exec_ms: number;
  blks_read: string;
  blks_hit: string;
  query: string;
};

const available = async (pool: pg.Pool) => {
  try {
    await pool.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    await pool.query('SELECT 1 FROM pg_stat_statements LIMIT 1');
    return true;
  } catch (error) {
    log(`statement profile unavailable: ${error instanceof Error ? error.message : String(error)}`);
    return false;
  }
};

/** Resets the counters; the returned function logs the heaviest statements since, under `label`. */
export const profileStatements = async (pool: pg.Pool, label: string) => {
  if (!WANTED || !(await available(pool))) return async () => {};
  await pool.query('SELECT pg_stat_statements_reset()');
  return async () => {
    const { rows } = await pool.query<Row>(
      `SELECT calls::text, rows::text, total_plan_time AS plan_ms, total_exec_time AS exec_ms,
              shared_blks_read::text AS blks_read, shared_blks_hit::text AS blks_hit,
              regexp_replace(query, '\\s+', ' ', 'g') AS query
       FROM pg_stat_statements
       WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
       ORDER BY total_plan_time + total_exec_time DESC LIMIT ${TOP}`,
    );
    const total = rows.reduce((sum, row) => sum + row.plan_ms + row.exec_ms, 0);
    log(`statements, ${label} (top ${TOP}: ${total.toFixed(0)} ms planning and execution):`);
    for (const row of rows)
      log(
        `  plan ${row.plan_ms.toFixed(0)} + exec ${row.exec_ms.toFixed(0)} ms, ${row.calls} calls, ${row.rows} rows, ` +
          `blocks read ${row.blks_read} hit ${row.blks_hit}: ${row.query.slice(0, Number(process.env.BENCH_PG_STATEMENTS_WIDTH ?? 220))}`,
      );
  };
};

/**
 * The floor: the same event rows inserted by PostgreSQL alone, one multi-row INSERT per batch, into a copy of the
 * events table, by the same number of connections.
 */
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { assert } from './bench-support';
import { RUN } from './engine-bench-settings';

export const FLOOR_TABLE = `bench_events_floor_${RUN}`;
export const FLOOR_COLUMNS = [
  'id',
  'client_id',
  'external_id',
  'type',
  'customer_id',
  'branch_id',
  'occurred_at',
  'data',
  'payload_hash',
];

export const measureFloor = async (
  pool: pg.Pool,
  clientId: string,
  batches: string[][],
  connections: number,
) => {
  await pool.query(`CREATE TABLE ${FLOOR_TABLE} (LIKE events INCLUDING ALL)`);
  try {
    await pool.query(`ALTER TABLE ${FLOOR_TABLE} ADD FOREIGN KEY (client_id) REFERENCES clients (id)`);
    // The statements are built before the clock starts: only PostgreSQL's work is timed.
    const statements: { text: string; values: unknown[] }[] = [];
    for (const ids of batches) {
      if (ids.length === 0) continue;
      const rows = (
        await pool.query(
          `SELECT id, client_id, external_id, type, customer_id, branch_id, occurred_at, data::text AS data, payload_hash
             FROM events WHERE client_id = $1 AND external_id = ANY($2::text[])`,
          [clientId, ids],
        )
      ).rows as Record<string, unknown>[];
      assert(rows.length === ids.length, `floor: ${rows.length} rows read back for ${ids.length} ids`);
      const values: unknown[] = [];
      const tuples = rows.map((row) => {
        const start = values.length;
        for (const column of FLOOR_COLUMNS) values.push(row[column]);
        return `(${FLOOR_COLUMNS.map((_, i) => `$${start + i + 1}`).join(', ')})`;
      });
      statements.push({
        text: `INSERT INTO ${FLOOR_TABLE} (${FLOOR_COLUMNS.join(', ')}) VALUES ${tuples.join(', ')}`,
        values,
      });
    }
    const rowsTotal = statements.reduce((sum, s) => sum + s.values.length / FLOOR_COLUMNS.length, 0);
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: connections }, async () => {
        const client = await pool.connect();
        try {
          while (next < statements.length) {
            const statement = statements[next++] as { text: string; values: unknown[] };
            await client.query(statement.text, statement.values);
          }
        } finally {
          client.release();
        }
      }),
    );
    const ms = performance.now() - started;
    const count = Number((await pool.query(`SELECT count(*) AS n FROM ${FLOOR_TABLE}`)).rows[0].n);
    assert(count === rowsTotal, `floor: ${count} rows inserted, expected ${rowsTotal}`);
    return { rows: rowsTotal, ms, statements: statements.length };
  } finally {
    await pool.query(`DROP TABLE IF EXISTS ${FLOOR_TABLE}`);
  }
};

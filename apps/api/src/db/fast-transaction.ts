import { createHash } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { fillPlaceholders, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { type Db, literal } from './database';

type Row = Record<string, unknown>;

/**
 * A transaction that costs as few round trips as the work needs: `script` sends several statements as one simple
 * query (the first one also opens the transaction, so BEGIN costs no trip of its own), `run` one prepared statement,
 * and the end is one COMMIT (or ROLLBACK when `work` throws).
 */
export type FastSession = {
  /** Statements separated by `;`, every value inlined with `sqlLiteral`; each statement's rows, in order. */
  script: (text: string) => Promise<Row[][]>;
  /** One statement prepared once per connection (see `preparedStatement`), with these values. */
  run: <T = Row>(statement: PreparedStatement, values: Record<string, unknown>) => Promise<T[]>;
};

/** A statement compiled once: its text (with $n), its parameters (placeholders to fill per call) and its name. */
export type PreparedStatement = { name: string; text: string; params: unknown[] };

const dialect = new PgDialect();

/** Compiles `query` (values as `sql.placeholder(name)`) once; the name derives from the text, so one name, one text. */
export const preparedStatement = (query: SQL): PreparedStatement => {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return { name: `laurel_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`, text, params };
};

/** A value inlined into a script: text quoted by `literal`, finite numbers and booleans as they are, null as NULL. */
export const sqlLiteral = (value: string | number | boolean | null) => {
  if (value === null) return 'NULL';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
    return String(value);
  }
  return literal(value);
};

/** Drizzle keeps the driver's own client: the pg Pool or the PGlite instance (documented as `db.$client`). */
const driverOf = (db: Db) => (db as unknown as { $client: pg.Pool | PGlite }).$client;

const isPool = (driver: pg.Pool | PGlite): driver is pg.Pool => 'totalCount' in driver;

const onPostgres = async <T>(pool: pg.Pool, work: (session: FastSession) => Promise<T>): Promise<T> => {
  const client = await pool.connect();
  let open = false;
  const session: FastSession = {
    script: async (text) => {
      const opening = !open;
      open = true;
      const results = await client.query(opening ? `BEGIN;${text}` : text);
      const list = (Array.isArray(results) ? results : [results]) as pg.QueryResult<Row>[];
      return (opening ? list.slice(1) : list).map((result) => result.rows);
    },
    run: async <R>(statement: PreparedStatement, values: Record<string, unknown>) => {
      if (!open) {
        await client.query('BEGIN');
        open = true;
      }
      const result = await client.query({
        name: statement.name,
        text: statement.text,
        values: fillPlaceholders(statement.params, values),
      });
      return result.rows as R[];
    },
  };
  try {
    const result = await work(session);
    if (open) await client.query('COMMIT');
    client.release();
    return result;
  } catch (error) {
    if (!open) {
      client.release();
      throw error;
    }
    // A connection whose ROLLBACK failed is in an unknown state: it is dropped rather than given back.
    await client.query('ROLLBACK').then(
      () => client.release(),
      (rollbackError: Error) => client.release(rollbackError),
    );
    throw error;
  }
};

const onPglite = <T>(driver: PGlite, work: (session: FastSession) => Promise<T>): Promise<T> =>
  // PGlite is one connection: its own transaction keeps other requests' statements out of this one.
  driver.transaction(async (tx) =>
    work({
      script: async (text) => (await tx.exec(text)).map((result) => result.rows as Row[]),
      run: async <R>(statement: PreparedStatement, values: Record<string, unknown>) =>
        (await tx.query<R>(statement.text, fillPlaceholders(statement.params, values))).rows,
    }),
  );

/** Runs `work` in one transaction on whichever database `db` is: committed when it returns, rolled back if it throws. */
export const fastTransaction = <T>(db: Db, work: (session: FastSession) => Promise<T>): Promise<T> => {
  const driver = driverOf(db);
  return isPool(driver) ? onPostgres(driver, work) : onPglite(driver, work);
};

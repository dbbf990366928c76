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
  /**
   * Statements separated by `;`, every value inlined with `sqlLiteral`; each statement's rows, in order. `uses`: the
   * script statements its EXECUTEs name, prepared first where this connection has not prepared them yet.
   */
  script: (text: string, uses?: readonly ScriptStatement[]) => Promise<Row[][]>;
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

/**
 * A statement a script runs by `EXECUTE name(…)` (`executeSql`): prepared with SQL's PREPARE once per connection, so
 * that PostgreSQL neither parses nor plans it again on each call (a simple query's statements are planned every time).
 * `body` takes `$1`… of `types`.
 */
export type ScriptStatement = { name: string; types: readonly string[]; body: string };

export const scriptStatement = (types: readonly string[], body: string): ScriptStatement => ({
  name: `laurel_s_${createHash('sha1')
    .update(`${types.join(',')}|${body}`)
    .digest('hex')
    .slice(0, 20)}`,
  types,
  body,
});

const prepareSql = (statement: ScriptStatement) =>
  `PREPARE ${statement.name}(${statement.types.join(', ')}) AS ${statement.body}`;

/** `EXECUTE` of a script statement with these values, inlined. */
export const executeSql = (
  statement: ScriptStatement,
  values: readonly (string | number | boolean | null)[],
) => `EXECUTE ${statement.name}(${values.map(sqlLiteral).join(', ')})`;

/** The script statements each connection (a pg client, or PGlite's one) has prepared: they last as long as it does. */
const preparedOn = new WeakMap<object, Set<string>>();
const preparedSet = (connection: object) => {
  let names = preparedOn.get(connection);
  if (!names) {
    names = new Set();
    preparedOn.set(connection, names);
  }
  return names;
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
  const prepared = preparedSet(client);
  let open = false;
  /** A script that also prepared statements failed: which of them exist is unknown, so the connection is dropped. */
  let unsure: Error | undefined;
  const session: FastSession = {
    script: async (text, uses = []) => {
      const missing = uses.filter((statement) => !prepared.has(statement.name));
      const opening = !open;
      open = true;
      // PREPARE is not undone by a rollback, so the new ones ride in the same query and count once it succeeded.
      const head = [...(opening ? ['BEGIN'] : []), ...missing.map(prepareSql)];
      let results: pg.QueryResult<Row> | pg.QueryResult<Row>[];
      try {
        results = await client.query([...head, text].join(';'));
      } catch (error) {
        if (missing.length > 0) unsure = error as Error;
        throw error;
      }
      for (const statement of missing) prepared.add(statement.name);
      const list = (Array.isArray(results) ? results : [results]) as pg.QueryResult<Row>[];
      return list.slice(head.length).map((result) => result.rows);
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
      () => client.release(unsure),
      (rollbackError: Error) => client.release(rollbackError),
    );
    throw error;
  }
};

const onPglite = <T>(driver: PGlite, work: (session: FastSession) => Promise<T>): Promise<T> => {
  const prepared = preparedSet(driver);
  // PGlite is one connection: its own transaction keeps other requests' statements out of this one.
  return driver.transaction(async (tx) =>
    work({
      script: async (text, uses = []) => {
        // One PREPARE at a time (in process, no round trip to save), each counted as soon as it succeeded.
        for (const statement of uses) {
          if (prepared.has(statement.name)) continue;
          await tx.exec(prepareSql(statement));
          prepared.add(statement.name);
        }
        return (await tx.exec(text)).map((result) => result.rows as Row[]);
      },
      run: async <R>(statement: PreparedStatement, values: Record<string, unknown>) =>
        (await tx.query<R>(statement.text, fillPlaceholders(statement.params, values))).rows,
    }),
  );
};

/** Runs `work` in one transaction on whichever database `db` is: committed when it returns, rolled back if it throws. */
export const fastTransaction = <T>(db: Db, work: (session: FastSession) => Promise<T>): Promise<T> => {
  const driver = driverOf(db);
  return isPool(driver) ? onPostgres(driver, work) : onPglite(driver, work);
};

import { createHash } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { fillPlaceholders, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { type Db, literal } from './database';

type Row = Record<string, unknown>;

/**
 * A transaction that costs as few round trips as the work needs: `script` sends several statements as one simple
 * query (the first one also opens the transaction, so BEGIN costs no trip of its own), `commit` the last one with the
 * COMMIT; otherwise the end is one COMMIT (or ROLLBACK when `work` throws).
 */
export type FastSession = {
  /**
   * Statements separated by `;`, every value inlined with `sqlLiteral`; each statement's rows, in order. `uses`: the
   * script statements its EXECUTEs name, prepared first where this connection has not prepared them yet.
   */
  script: (text: string, uses?: readonly ScriptStatement[]) => Promise<Row[][]>;
  /**
   * A last script and the COMMIT in one query, so the transaction's end costs no round trip of its own and its locks
   * are held no longer than its statements take. A statement of it that refuses (`laurel_refuse`, SQLSTATE REFUSED)
   * or fails skips the COMMIT, and the transaction is rolled back.
   */
  commit: (text: string, uses?: readonly ScriptStatement[]) => Promise<Row[][]>;
};

/** The SQLSTATE of `laurel_refuse(reason)` (migration 0034); the error's message is the reason. */
export const REFUSED = 'LR001';

/** The reason a statement refused with (`laurel_refuse`), or null for any other error. */
export const refusalOf = (error: unknown) =>
  (error as { code?: unknown } | null)?.code === REFUSED ? String((error as Error).message) : null;

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

// Without types PostgreSQL infers each parameter's from its cast in the body (`$1::text`).
const prepareSql = (statement: ScriptStatement) =>
  `PREPARE ${statement.name}${statement.types.length > 0 ? `(${statement.types.join(', ')})` : ''} AS ${statement.body}`;

/** A compiled statement (`preparedStatement`, every placeholder cast) made a script statement, for `executePrepared`. */
export type ScriptPrepared = ScriptStatement & { params: unknown[] };

export const scriptPrepared = (statement: PreparedStatement): ScriptPrepared => ({
  // A name of its own: SQL's PREPARE and the protocol's named statements share one namespace per connection.
  name: statement.name.replace(/^laurel_/, 'laurel_sp_'),
  types: [],
  body: statement.text,
  params: statement.params,
});

/** `EXECUTE` of a compiled statement with these values (by placeholder name), inlined. */
export const executePrepared = (statement: ScriptPrepared, values: Record<string, unknown>) =>
  executeSql(statement, fillPlaceholders(statement.params, values) as (string | number | boolean | null)[]);

/** `EXECUTE` of a script statement with these values, inlined. */
export const executeSql = (
  statement: ScriptStatement,
  values: readonly (string | number | boolean | null)[],
) => `EXECUTE ${statement.name}(${values.map(sqlLiteral).join(', ')})`;

/**
 * The script statements each connection (a pg client, or PGlite's one) has prepared, with how often each was used:
 * they last as long as it does.
 */
const preparedOn = new WeakMap<object, Map<string, { uses: number; replanAt: number }>>();
const preparedOf = (connection: object) => {
  let statements = preparedOn.get(connection);
  if (!statements) {
    statements = new Map();
    preparedOn.set(connection, statements);
  }
  return statements;
};

/** Uses of a statement on a connection before it is first prepared again; each next time, twice as many. */
export const FIRST_REPLAN = 50;

/**
 * What a script must send first for the statements it uses: PREPARE for those this connection has not prepared, and
 * DEALLOCATE + PREPARE for those due to be planned again. PostgreSQL keeps a prepared statement's generic plan for
 * the connection's life, and plans it from the tables' statistics as they were then: a plan made while a table was
 * empty and not yet analysed (a new database's first redemptions) looked an idempotency id up by scanning the client's
 * every redemption instead of through its unique index, 1 ms a call and growing, until an ANALYZE. Preparing again
 * after 50, 100, 200… uses lets plans follow the tables as they grow, at a cost of log2(uses) plannings. What
 * was sent counts once it succeeded (PREPARE is not undone by a rollback).
 */
const preparation = (connection: object, uses: readonly ScriptStatement[]) => {
  const prepared = preparedOf(connection);
  /** The statements to prepare (again), each with the SQL that does it. */
  const steps: { name: string; sql: string[] }[] = [];
  for (const statement of uses) {
    const state = prepared.get(statement.name);
    if (!state) steps.push({ name: statement.name, sql: [prepareSql(statement)] });
    else if (state.uses >= state.replanAt)
      steps.push({ name: statement.name, sql: [`DEALLOCATE ${statement.name}`, prepareSql(statement)] });
  }
  const due = new Set(steps.map((step) => step.name));
  return {
    steps,
    sql: steps.flatMap((step) => step.sql),
    /** `name` is prepared (again) on the connection. */
    done: (name: string) => {
      const state = prepared.get(name);
      if (state) {
        state.uses = 0;
        state.replanAt *= 2;
      } else prepared.set(name, { uses: 0, replanAt: FIRST_REPLAN });
    },
    /** Counts this use of every statement the script names (after `done` for those it prepared). */
    used: () => {
      for (const statement of uses) {
        const state = prepared.get(statement.name);
        if (state) state.uses += 1;
      }
    },
    /** Whether these (default: every due statement) exist is unknown after a failure: none counts as prepared. */
    forget: (...names: string[]) => {
      for (const name of names.length > 0 ? names : due) prepared.delete(name);
    },
  };
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

/**
 * A script's transaction opens with its prepared statements' plans made generic at once: left to itself PostgreSQL
 * plans the first five executions of each anew, and planning a redemption's statement costs 4 ms against its 1 ms run
 * (every `FIRST_REPLAN` schedule's preparation would pay that five times). Every script statement looks rows up by
 * key, where the generic plan is the custom one.
 */
const OPENING = ['BEGIN', 'SET LOCAL plan_cache_mode = force_generic_plan'];

const onPostgres = async <T>(pool: pg.Pool, work: (session: FastSession) => Promise<T>): Promise<T> => {
  const client = await pool.connect();
  let open = false;
  /** A script that also prepared statements failed: which of them exist is unknown, so the connection is dropped. */
  let unsure: Error | undefined;
  const send = async (text: string, uses: readonly ScriptStatement[], tail: readonly string[]) => {
    const preparing = preparation(client, uses);
    const opening = !open;
    open = true;
    // PREPARE is not undone by a rollback, so the new ones ride in the same query and count once it succeeded.
    const head = [...(opening ? OPENING : []), ...preparing.sql];
    let results: pg.QueryResult<Row> | pg.QueryResult<Row>[];
    try {
      results = await client.query([...head, text, ...tail].join(';'));
    } catch (error) {
      if (preparing.steps.length > 0) {
        // A refusal comes from the script's own statements, after the PREPAREs went through.
        if (refusalOf(error) !== null) for (const step of preparing.steps) preparing.done(step.name);
        else {
          preparing.forget();
          unsure = error as Error;
        }
      }
      throw error;
    }
    for (const step of preparing.steps) preparing.done(step.name);
    preparing.used();
    const list = (Array.isArray(results) ? results : [results]) as pg.QueryResult<Row>[];
    return list.slice(head.length, list.length - tail.length).map((result) => result.rows);
  };
  const session: FastSession = {
    script: (text, uses = []) => send(text, uses, []),
    commit: async (text, uses = []) => {
      const rows = await send(text, uses, ['COMMIT']);
      open = false;
      return rows;
    },
  };
  try {
    const result = await work(session);
    if (open) await client.query('COMMIT');
    // `unsure` set while `work` still returned (it caught the failure): the connection is not given back either.
    client.release(unsure);
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
  // PGlite is one connection: its own transaction keeps other requests' statements out of this one.
  return driver.transaction(async (tx) => {
    await tx.exec(OPENING[1] as string);
    const script = async (text: string, uses: readonly ScriptStatement[] = []) => {
      // One statement at a time (in process, no round trip to save); a failed one leaves the statements unknown.
      const preparing = preparation(driver, uses);
      for (const step of preparing.steps) {
        // Only a failed PREPARE leaves the statement missing (a DEALLOCATE that failed left it where it was).
        const prepare = step.sql[step.sql.length - 1] as string;
        for (const statement of step.sql.slice(0, -1)) await tx.exec(statement);
        try {
          await tx.exec(prepare);
        } catch (error) {
          preparing.forget(step.name);
          throw error;
        }
        preparing.done(step.name);
      }
      preparing.used();
      return (await tx.exec(text)).map((result) => result.rows as Row[]);
    };
    return work({
      script,
      // The transaction commits when `work` returns (or rolls back when it throws), as after any script.
      commit: script,
    });
  });
};

/** Runs `work` in one transaction on whichever database `db` is: committed when it returns, rolled back if it throws. */
export const fastTransaction = <T>(db: Db, work: (session: FastSession) => Promise<T>): Promise<T> => {
  const driver = driverOf(db);
  return isPool(driver) ? onPostgres(driver, work) : onPglite(driver, work);
};

import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

export type TSchema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, TSchema>;
export type Tx = PgTransaction<PgQueryResultHKT, TSchema, ExtractTablesWithRelations<TSchema>>;
/** Either the database or a transaction: query functions accept both. */
export type DbOrTx = Db | Tx;

export type DatabaseKind = 'pglite' | 'postgres';

export type Database = {
  kind: DatabaseKind;
  db: Db;
  /** Runs a statement and returns its rows, whichever driver is underneath. */
  query: <T extends Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;
  close: () => Promise<void>;
  /** PostgreSQL only: the connection pool's figures (the operator's metrics read them at each scrape). */
  pool?: { readonly totalCount: number; readonly idleCount: number; readonly waitingCount: number };
  /**
   * PostgreSQL only: streams `COPY (<select>) TO STDOUT` (the fastest way out of the database, ~1.4M rows/s).
   * The select must carry no parameters: values are inlined with `literal`. With `lock`, the COPY's connection
   * first takes that session advisory lock and holds it until the stream ends (a dropped connection frees it);
   * null when another session, in any process, holds it. `released` settles once the connection is given back.
   */
  copyOut?: (
    copySql: string,
    options?: { lock?: AdvisoryLockKey },
  ) => Promise<{ stream: NodeJS.ReadableStream; released: Promise<void> } | null>;
};

/** A two-part advisory lock key: a namespace constant and text hashed by PostgreSQL (`hashtext`). */
export type AdvisoryLockKey = { namespace: number; key: string };

/**
 * A string as a SQL literal: quotes doubled, NUL dropped (it cannot be stored), and where there is a backslash an
 * E'' string with it doubled, which reads the same whatever the server's standard_conforming_strings says.
 */
export const literal = (value: string) => {
  const quoted = value.replaceAll(String.fromCharCode(0), '').replace(/'/g, "''");
  return quoted.includes('\\') ? ` E'${quoted.replace(/\\/g, '\\\\')}'` : `'${quoted}'`;
};

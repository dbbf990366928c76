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
  /**
   * PostgreSQL only: streams `COPY (<select>) TO STDOUT` (the fastest way out of the database, ~1.4M rows/s).
   * The select must carry no parameters: values are inlined with `literal`.
   */
  copyOut?: (copySql: string) => Promise<NodeJS.ReadableStream>;
};

/** A string as a SQL literal (standard_conforming_strings is on: only quotes need doubling; NUL cannot be stored). */
export const literal = (value: string) =>
  `'${value.replaceAll(String.fromCharCode(0), '').replace(/'/g, "''")}'`;

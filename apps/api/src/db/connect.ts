import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { Database, Db } from './database';
import { primaryReads, type ReadSide, replicaReads } from './read-side';
import * as schema from './schema';

// Keep timestamptz and numeric as strings/Dates exactly as Drizzle expects; bigint counts come back as text.
export const openPostgres = async (
  connectionString: string,
  options: { max?: number } = {},
): Promise<Database> => {
  const pool = new pg.Pool({ connectionString, max: options.max ?? 10 });
  // An idle connection the server ended (a restart, a terminated backend) is dropped by the pool and the next
  // query opens a fresh one; without a listener this event would crash the process.
  pool.on('error', () => {});
  // Fail fast with a clear message when the server is unreachable.
  const probe = await pool.connect();
  probe.release();
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    query: async (text, params) => (await pool.query(text, params)).rows,
    close: () => pool.end(),
    pool,
    copyOut: async (copySql, options = {}) => {
      const client = await pool.connect();
      const { lock } = options;
      const lockArgs = lock ? [lock.namespace, lock.key] : [];
      if (lock) {
        const taken = await client
          .query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1, hashtext($2)) AS locked', lockArgs)
          .catch((error: Error) => {
            client.release(error);
            throw error;
          });
        if (!taken.rows[0]?.locked) {
          client.release();
          return null;
        }
      }
      const stream = client.query(copyTo(copySql));
      let released = false;
      let settle = () => {};
      const settled = new Promise<void>((resolve) => {
        settle = resolve;
      });
      const release = (error?: Error) => {
        if (released) return;
        released = true;
        client.release(error);
        settle();
      };
      let ended = false;
      stream.on('end', () => {
        ended = true;
        if (!lock) return release();
        client.query('SELECT pg_advisory_unlock($1, hashtext($2))', lockArgs).then(
          () => release(),
          (error: Error) => release(error),
        );
      });
      stream.on('error', (error) => release(error));
      // Closed before its end (the download was abandoned): the connection is mid-COPY, so it is dropped, and with
      // it any lock it held, rather than returned to the pool.
      stream.on('close', () => {
        if (!ended) release(new Error('COPY closed before its end'));
      });
      return { stream, released: settled };
    },
  };
};

export const openPglite = async (dataDir: string | undefined, options: { loadDataDir?: Blob } = {}) => {
  if (dataDir) await mkdir(path.dirname(dataDir), { recursive: true });
  const client = new PGlite({
    // Every extension a migration creates must be loadable here too.
    extensions: { pg_trgm },
    ...(dataDir ? { dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  await client.waitReady;
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  const database: Database & { client: PGlite } = {
    kind: 'pglite',
    db,
    client,
    query: async (text, params) => (await client.query(text, params)).rows as never,
    close: () => client.close(),
  };
  return database;
};

/** PGlite in `<dataDir>/pg` unless a PostgreSQL URL is configured. */
export const openDatabase = (config: {
  databaseUrl?: string;
  dataDir: string;
  databasePoolSize?: number;
}): Promise<Database> =>
  config.databaseUrl
    ? openPostgres(config.databaseUrl, { max: config.databasePoolSize })
    : openPglite(path.join(config.dataDir, 'pg'));

/** The read side: a replica at READ_DATABASE_URL (a pool of its own), else the primary. */
export const openReadSide = async (
  config: { readDatabaseUrl?: string; databasePoolSize?: number },
  primary: Database,
): Promise<ReadSide> =>
  config.readDatabaseUrl
    ? replicaReads(await openPostgres(config.readDatabaseUrl, { max: config.databasePoolSize }))
    : primaryReads(primary);

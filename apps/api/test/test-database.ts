import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { openPglite, openPostgres } from '../src/db/connect';
import type { Database } from '../src/db/database';
import { testDbKind, withDatabaseName } from './db-kind';

let pgliteTemplate: Blob | undefined;

const adminQuery = async (sql: string) => {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
};

const openPgliteCopy = async () => {
  pgliteTemplate ??= new Blob([await readFile(inject('pgliteTemplatePath'))], { type: 'application/x-tar' });
  return openPglite(undefined, { loadDataDir: pgliteTemplate });
};

/**
 * The worker's PGlite, handed to one file at a time (files share their worker's modules). Opening a copy of the
 * template costs about 1.5 s of CPU, a third of the PGlite pass; emptying the last file's rows costs a tenth of it.
 */
let shared: { database: PGliteDatabase; templateTables: Set<string>; inUse: boolean } | undefined;
type PGliteDatabase = Awaited<ReturnType<typeof openPglite>>;

const publicTables = async (database: Database) =>
  new Set(
    (
      await database.query<{ name: string }>(
        `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')`,
      )
    ).map((row) => row.name),
  );

/**
 * The shared PGlite as the template left it: the tables a file added (monthly event partitions) dropped, every
 * template table emptied, sequences restarted, session state a file may have left (advisory locks, temporary
 * tables, listeners) cleared. False when that cannot be (a file closed it, or dropped a template table).
 */
const resetShared = async (database: PGliteDatabase, templateTables: Set<string>) => {
  if (database.client.closed) return false;
  const tables = await publicTables(database);
  if ([...templateTables].some((name) => !tables.has(name))) return false;
  const added = [...tables].filter((name) => !templateTables.has(name));
  const quoted = (names: Iterable<string>) => [...names].map((name) => `"${name}"`).join(', ');
  await database.client.exec(`
    ${added.length > 0 ? `DROP TABLE IF EXISTS ${quoted(added)} CASCADE;` : ''}
    TRUNCATE ${quoted(templateTables)} RESTART IDENTITY CASCADE;
    SELECT pg_advisory_unlock_all();
    DISCARD TEMP;
    UNLISTEN *;
  `);
  return true;
};

const sharedPglite = async (): Promise<Database> => {
  if (shared && !shared.inUse && !(await resetShared(shared.database, shared.templateTables))) {
    if (!shared.database.client.closed) await shared.database.close();
    shared = undefined;
  }
  // A file with two apps at once: the second gets a copy of its own.
  if (shared?.inUse) return openPgliteCopy();
  if (!shared) {
    const database = await openPgliteCopy();
    shared = { database, templateTables: await publicTables(database), inUse: false };
  }
  const lease = shared;
  lease.inUse = true;
  return {
    ...lease.database,
    close: async () => {
      lease.inUse = false;
    },
  };
};

/** A migrated database of its own for one test file: the worker's emptied PGlite, or a PostgreSQL database from the template. */
export const createTestDatabase = async (): Promise<Database> => {
  if (testDbKind() === 'pglite') return sharedPglite();
  const template = inject('postgresTemplate');
  const name = `${template}_${randomBytes(4).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  const database = await openPostgres(withDatabaseName(process.env.TEST_DATABASE_URL as string, name), {
    max: 4,
  });
  return {
    ...database,
    close: async () => {
      await database.close();
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
};

import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { openPglite, openPostgres } from '../src/db/connect';
import type { Database } from '../src/db/database';
import { testDbKind, withDatabaseName } from './db-kind';

const adminQuery = async (text: string) => {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
};

export type ServerDatabase = {
  /** What a server or worker process needs to use it: DATA_DIR, and DATABASE_URL on PostgreSQL. */
  env: Record<string, string>;
  /** PostgreSQL only: the database's URL, for workers and for reading it while processes run. */
  url: string | undefined;
  /** Opens it from the test; on PGlite only once no server process holds the data directory any more. */
  open: () => Promise<Database>;
  close: () => Promise<void>;
};

/**
 * Storage for servers and workers run as processes (test/server-process.ts): a data directory holding a copy of
 * the migrated PGlite template, or on PostgreSQL a database of its own copied from the migrated template.
 */
export const createServerDatabase = async (prefix: string): Promise<ServerDatabase> => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `laurel-${prefix}-`));
  const env: Record<string, string> = { DATA_DIR: dataDir };
  let url: string | undefined;
  let name: string | undefined;
  if (testDbKind() === 'pglite') {
    // The server would otherwise create and migrate its PGlite itself: 10 s and more on a loaded 2-core machine.
    const template = new Blob([await readFile(inject('pgliteTemplatePath'))], { type: 'application/x-tar' });
    await (await openPglite(path.join(dataDir, 'pg'), { loadDataDir: template })).close();
  } else {
    const template = inject('postgresTemplate');
    name = `${template}_${randomBytes(4).toString('hex')}`;
    await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    url = withDatabaseName(process.env.TEST_DATABASE_URL as string, name);
    env.DATABASE_URL = url;
  }
  return {
    env,
    url,
    open: () => (url ? openPostgres(url, { max: 2 }) : openPglite(path.join(dataDir, 'pg'))),
    close: async () => {
      if (name) await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
};

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

/** A migrated database of its own for one test file: a PGlite copy, or a PostgreSQL database from the template. */
export const createTestDatabase = async (): Promise<Database> => {
  if (testDbKind() === 'pglite') {
    pgliteTemplate ??= new Blob([await readFile(inject('pgliteTemplatePath'))], {
      type: 'application/x-tar',
    });
    return openPglite(undefined, { loadDataDir: pgliteTemplate });
  }
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

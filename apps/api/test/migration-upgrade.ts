import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { openPglite, openPostgres } from '../src/db/connect';
import type { Database } from '../src/db/database';
import { applyMigrations } from '../src/db/migrate';
import { MIGRATIONS_DIR } from '../src/paths';
import { testDbKind, withDatabaseName } from './db-kind';

/** The committed migrations up to (not including) `tag`, as a folder the migrator reads. */
const migrationsBefore = async (tag: string) => {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'laurel-migrations-'));
  await mkdir(path.join(folder, 'meta'));
  const journal = JSON.parse(await readFile(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  const cut = journal.entries.findIndex((entry) => entry.tag === tag);
  if (cut <= 0) throw new Error(`No migration before ${tag} in the journal`);
  const entries = journal.entries.slice(0, cut);
  for (const entry of entries)
    await copyFile(path.join(MIGRATIONS_DIR, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  await writeFile(path.join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  return folder;
};

/**
 * A database of its own (PGlite, or a fresh PostgreSQL database) for testing an upgrade: `migrateBefore()` brings it
 * to the migration just before `tag`, the test writes the rows an older database holds, then `migrateAll()` runs the
 * committed migrations from there. `close()` drops what it made.
 */
export const openUpgradeDatabase = async (tag: string) => {
  const folder = await migrationsBefore(tag);
  let database: Database;
  let drop = async () => {};
  if (testDbKind() === 'pglite') {
    database = await openPglite(undefined);
  } else {
    const name = `laurel_migration_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    database = await openPostgres(withDatabaseName(process.env.TEST_DATABASE_URL as string, name), {
      max: 1,
    });
    drop = async () => {
      const again = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await again.connect();
      await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await again.end();
    };
  }
  return {
    database,
    migrateBefore: () => applyMigrations(database, folder),
    migrateAll: () => applyMigrations(database),
    close: async () => {
      await database.close();
      await drop();
      await rm(folder, { recursive: true, force: true });
    },
  };
};

/** The file's upgrade database, opened before its tests and dropped after: read `.current` inside a test. */
export const useUpgradeDatabase = (tag: string) => {
  const holder = {} as { current: Awaited<ReturnType<typeof openUpgradeDatabase>> };
  beforeAll(async () => {
    holder.current = await openUpgradeDatabase(tag);
  }, 120_000);
  afterAll(() => holder.current?.close());
  return holder;
};

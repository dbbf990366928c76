import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS_DIR } from '../paths';
import type { Database, TSchema } from './database';

// Any constant shared by all Laurel processes: serialises concurrent start-ups on one PostgreSQL.
const MIGRATION_LOCK = 7_031_442;

export const applyMigrations = async (database: Database, migrationsFolder = MIGRATIONS_DIR) => {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase<TSchema>, { migrationsFolder });
    return;
  }
  await database.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
  try {
    await migratePg(database.db as unknown as NodePgDatabase<TSchema>, { migrationsFolder });
  } finally {
    await database.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
  }
};

type Journal = { entries: { idx: number; tag: string; when: number }[] };

export const readJournal = async (migrationsFolder = MIGRATIONS_DIR): Promise<Journal> =>
  JSON.parse(await readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as Journal;

/** How many of the committed migrations this database has applied, and the newest one's tag. */
export const migrationLevel = async (database: Database) => {
  const journal = await readJournal();
  const rows = await database
    .query<{ created_at: string }>('SELECT created_at FROM drizzle.__drizzle_migrations ORDER BY created_at')
    .catch(() => []);
  const appliedAt = new Set(rows.map((row) => Number(row.created_at)));
  const applied = journal.entries.filter((entry) => appliedAt.has(entry.when));
  return {
    applied: rows.length,
    available: journal.entries.length,
    latest: applied.at(-1)?.tag ?? null,
  };
};

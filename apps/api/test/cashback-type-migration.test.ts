import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, openPostgres } from '../src/db/connect';
import type { Database } from '../src/db/database';
import { applyMigrations } from '../src/db/migrate';
import { MIGRATIONS_DIR } from '../src/paths';
import { testDbKind, withDatabaseName } from './db-kind';

/*
 * Upgrading to a kept cashback type (migration 0022): each cashback config saved before gets the type the console
 * used to guess from its amount (a percentage when 0 to 100 in steps of 0.1, else fixed); XP configs get none.
 */

const BEFORE = '0022_earn_config_cashback_type';

/** The committed migrations up to (not including) `tag`, as a folder the migrator reads. */
const migrationsBefore = async (tag: string) => {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'laurel-migrations-'));
  await mkdir(path.join(folder, 'meta'));
  const journal = JSON.parse(await readFile(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  const cut = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(cut).toBeGreaterThan(0);
  const entries = journal.entries.slice(0, cut);
  for (const entry of entries)
    await copyFile(path.join(MIGRATIONS_DIR, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  await writeFile(path.join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  return folder;
};

let database: Database;
let folder: string;
let dropDatabase = async () => {};

beforeAll(async () => {
  folder = await migrationsBefore(BEFORE);
  if (testDbKind() === 'pglite') {
    database = await openPglite(undefined);
    return;
  }
  const name = `laurel_migration_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  database = await openPostgres(withDatabaseName(process.env.TEST_DATABASE_URL as string, name), { max: 1 });
  dropDatabase = async () => {
    const again = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await again.connect();
    await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await again.end();
  };
}, 120_000);

afterAll(async () => {
  await database?.close();
  await dropDatabase();
  await rm(folder, { recursive: true, force: true });
});

describe('migration 0022: the cashback type is kept', () => {
  it('gives each existing cashback config the type its amount fits, XP configs none, and holds to it after', async () => {
    await applyMigrations(database, folder);
    // The rows an upgraded database holds (foreign keys are not what this checks).
    await database.query(`SET session_replication_role = replica`);
    await database.query(
      `INSERT INTO earn_configs (id, client_id, type, trigger_value, earn_amount, segment_id, currency_id)
       VALUES ('five', 'cl1', 'Currency', 100, 5, 'sg1', 'cu1'),
              ('tenth', 'cl1', 'Currency', 100, 12.5, 'sg1', 'cu1'),
              ('hundred', 'cl1', 'Currency', 1000, 100, 'sg1', 'cu1'),
              ('cents', 'cl1', 'Currency', 100, 2.55, 'sg1', 'cu1'),
              ('large', 'cl1', 'Currency', 1000, 250, 'sg1', 'cu1'),
              ('xp', 'cl1', 'Statistic', 10, 1, 'sg1', NULL)`,
    );
    await database.query(`SET session_replication_role = origin`);
    await applyMigrations(database);
    const rows = await database.query<{ id: string; cashback_type: string | null }>(
      'SELECT id, cashback_type FROM earn_configs ORDER BY id',
    );
    expect(Object.fromEntries(rows.map((row) => [row.id, row.cashback_type]))).toEqual({
      five: 'percentage',
      tenth: 'percentage',
      hundred: 'percentage',
      cents: 'fixed',
      large: 'fixed',
      xp: null,
    });
    // From now on a cashback config has a type and an XP config none.
    for (const [type, cashbackType] of [
      ['Currency', null],
      ['Currency', 'tiered'],
      ['Statistic', 'fixed'],
    ] as const)
      await expect(
        database.query(
          `INSERT INTO earn_configs (id, client_id, type, trigger_value, earn_amount, segment_id, cashback_type)
           VALUES ('new', 'cl1', $1, 100, 5, 'sg1', $2)`,
          [type, cashbackType],
        ),
      ).rejects.toThrow(/earn_configs_cashback_type/);
  });
});

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
 * Upgrading to one progress row per player (migration 0017) keeps every player's progress: the rows per player and
 * objective of a database migrated up to 0016 become entries of the players' documents, with completion, expiry,
 * completion times and what the conditions remembered, and the old table is dropped.
 */

const BEFORE = '0017_challenge_progress_per_player';

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

describe('migration 0017: challenge progress as one row per player', () => {
  it('moves every objective row into its player’s document and drops the old table', async () => {
    await applyMigrations(database, folder);
    // The rows an upgraded database holds (foreign keys are not what this checks).
    await database.query(`SET session_replication_role = replica`);
    const objectives = JSON.stringify([{ _id: 'objectiveAaaa1111' }, { _id: 'objectiveBbbb2222' }]);
    await database.query(
      `INSERT INTO challenges (id, client_id, title, image, start_date, status, objectives, rewards, flow)
       VALUES ('ch1', 'cl1', 'Regulars', '{}', now(), 'released', $1::jsonb, '[]', '{}'),
              ('ch2', 'cl1', 'Gone by', '{}', now(), 'released', $1::jsonb, '[]', '{}')`,
      [objectives],
    );
    await database.query(
      `INSERT INTO challenge_players (client_id, challenge_id, customer_id, status, started_at, completed_at)
       VALUES ('cl1', 'ch1', 'p1', 'active', now(), NULL),
              ('cl1', 'ch1', 'p2', 'completed', now(), now()),
              ('cl1', 'ch2', 'p1', 'expired', now(), NULL)`,
    );
    await database.query(
      `INSERT INTO challenge_objective_progress (client_id, challenge_id, objective_id, customer_id, progress, state,
                                                 completed_at)
       VALUES ('cl1', 'ch1', 'objectiveAaaa1111', 'p1', 2, '{"unique": ["T1", "T2"], "period": "d20000", "periodCount": 1}', NULL),
              ('cl1', 'ch1', 'objectiveBbbb2222', 'p1', 1.5, '{"matched": ["latte"]}', '2026-03-04T05:06:07.089Z'),
              ('cl1', 'ch1', 'objectiveAaaa1111', 'p2', 3, '{}', '2026-03-04T05:06:07Z'),
              ('cl1', 'ch1', 'objectiveBbbb2222', 'p2', 1, '{}', '2026-03-05T00:00:00Z'),
              ('cl1', 'ch2', 'objectiveAaaa1111', 'p1', 4, '{}', NULL)`,
    );
    await database.query(`SET session_replication_role = origin`);

    await applyMigrations(database);

    const rows = await database.query<{ customer_id: string; challenges: unknown }>(
      `SELECT customer_id, challenges FROM challenge_progress ORDER BY customer_id`,
    );
    const parsed = rows.map((row) => ({
      customer_id: row.customer_id,
      challenges: typeof row.challenges === 'string' ? JSON.parse(row.challenges) : row.challenges,
    }));
    expect(parsed).toEqual([
      {
        customer_id: 'p1',
        challenges: {
          ch1: {
            o: {
              objectiveAaaa1111: { p: 2, u: ['T1', 'T2'], r: 'd20000', n: 1 },
              objectiveBbbb2222: { p: 1.5, c: '2026-03-04T05:06:07.089Z', m: ['latte'] },
            },
          },
          ch2: { x: 1, o: { objectiveAaaa1111: { p: 4 } } },
        },
      },
      {
        customer_id: 'p2',
        challenges: {
          ch1: {
            c: 1,
            o: {
              objectiveAaaa1111: { p: 3, c: '2026-03-04T05:06:07.000Z' },
              objectiveBbbb2222: { p: 1, c: '2026-03-05T00:00:00.000Z' },
            },
          },
        },
      },
    ]);
    const [old] = await database.query<{ name: string | null }>(
      `SELECT to_regclass('challenge_objective_progress')::text AS name`,
    );
    expect(old?.name).toBeNull();
  }, 120_000);
});

import { describe, expect, it } from 'vitest';
import { useUpgradeDatabase } from './migration-upgrade';

/*
 * Upgrading to one progress row per player (migration 0017) keeps every player's progress: the rows per player and
 * objective of a database migrated up to 0016 become entries of the players' documents, with completion, expiry,
 * completion times and what the conditions remembered, and the old table is dropped.
 */

const BEFORE = '0017_challenge_progress_per_player';

const upgrade = useUpgradeDatabase(BEFORE);

describe('migration 0017: challenge progress as one row per player', () => {
  it('moves every objective row into its player’s document and drops the old table', async () => {
    const { database } = upgrade.current;
    await upgrade.current.migrateBefore();
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

    await upgrade.current.migrateAll();

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

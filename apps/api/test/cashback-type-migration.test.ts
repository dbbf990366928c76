import { describe, expect, it } from 'vitest';
import { useUpgradeDatabase } from './migration-upgrade';

/*
 * Upgrading to a kept cashback type (migration 0022): each cashback config saved before gets the type the console
 * used to guess from its amount (a percentage when 0 to 100 in steps of 0.1, else fixed); XP configs get none.
 */

const BEFORE = '0022_earn_config_cashback_type';

const upgrade = useUpgradeDatabase(BEFORE);

describe('migration 0022: the cashback type is kept', () => {
  it('gives each existing cashback config the type its amount fits, XP configs none, and holds to it after', async () => {
    const { database } = upgrade.current;
    await upgrade.current.migrateBefore();
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
    await upgrade.current.migrateAll();
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

import { describe, expect, it } from 'vitest';
import { useUpgradeDatabase } from './migration-upgrade';

/*
 * Erasures before migration 0046 nulled an identifying field of the member's audit entries whole ("email": null),
 * which the audit log cannot list (every field is { from, to }). The upgrade gives such fields their shape back,
 * both sides erased, through the append-only trigger's erasure exception, and leaves every other entry alone.
 */

const upgrade = useUpgradeDatabase('0046_audit_erased_changes_shape');

describe('migration 0046: erased audit fields keep the { from, to } shape', () => {
  it('rewrites the nulled fields of erased entries only', async () => {
    const { database } = upgrade.current;
    await upgrade.current.migrateBefore();
    await database.query(
      `INSERT INTO audit_log (id, client_id, action, entity, entity_id, summary, changes)
       VALUES ('erased', 'cl1', 'customer.updated', 'customer', 'cu1', 'Edited customer Erased customer',
               '{"name": {"from": "[erased]", "to": "[erased]"}, "email": null, "surname": null}'),
              ('intact', 'cl1', 'customer.updated', 'customer', 'cu2', 'Edited customer Ann Lee',
               '{"email": {"from": "a@example.com", "to": "b@example.com"}}'),
              ('none', 'cl1', 'customer.created', 'customer', 'cu2', 'Added customer Ann Lee', NULL)`,
    );

    await upgrade.current.migrateAll();

    expect(
      await database.query<{ id: string; changes: unknown }>('SELECT id, changes FROM audit_log ORDER BY id'),
    ).toEqual([
      {
        id: 'erased',
        changes: {
          name: { from: '[erased]', to: '[erased]' },
          email: { from: '[erased]', to: '[erased]' },
          surname: { from: '[erased]', to: '[erased]' },
        },
      },
      { id: 'intact', changes: { email: { from: 'a@example.com', to: 'b@example.com' } } },
      { id: 'none', changes: null },
    ]);
    // The append-only trigger is back in force after the upgrade.
    await expect(database.query(`UPDATE audit_log SET summary = 'x' WHERE id = 'none'`)).rejects.toThrow();
  });
});

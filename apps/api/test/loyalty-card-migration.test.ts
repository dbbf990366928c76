import { describe, expect, it } from 'vitest';
import { useUpgradeDatabase } from './migration-upgrade';

/*
 * A loyalty record's card is optional (migration 0044): members enrolled by loyalty number alone (API, import) had
 * been given that number as an unlinked card number; the upgrade takes it away, and leaves every card a user may have
 * entered (a linked one, or an unlinked one of the card's 15 characters).
 */

const upgrade = useUpgradeDatabase('0044_loyalty_card_optional');

describe('migration 0044: a loyalty record may have no card', () => {
  it('clears the cards that were only the loyalty number, keeps the rest', async () => {
    const { database } = upgrade.current;
    await upgrade.current.migrateBefore();
    await database.query(
      `INSERT INTO clients (id, alias, name, id_number, full_address, offering, status, payment_engine_id)
       VALUES ('cl1', 'client', 'Client', '1', '1 Main Road', '{}', 'ACTIVE', 'pe1')`,
    );
    await database.query(
      `INSERT INTO customers (id, client_id, name, surname, status, member_date)
       SELECT 'cu' || n, 'cl1', 'Name', 'Surname', 'ACTIVE', '2026-01-01' FROM generate_series(1, 4) n`,
    );
    await database.query(
      `INSERT INTO loyalty_accounts (id, client_id, customer_id, loyalty_number, card_number, card_linked, member_date)
       VALUES ('imported', 'cl1', 'cu1', 'LRL000042', 'LRL000042', false, '2026-01-01'),
              ('signed-up', 'cl1', 'cu2', 'LRL000043', '123456789012345', true, '2026-01-01'),
              ('unlinked', 'cl1', 'cu3', 'LRL000044', '123456789012346', false, '2026-01-01'),
              ('fifteen', 'cl1', 'cu4', '999999999999999', '999999999999999', false, '2026-01-01')`,
    );

    await upgrade.current.migrateAll();

    expect(
      await database.query<{ id: string; card_number: string | null }>(
        'SELECT id, card_number FROM loyalty_accounts ORDER BY customer_id',
      ),
    ).toEqual([
      { id: 'imported', card_number: null },
      { id: 'signed-up', card_number: '123456789012345' },
      { id: 'unlinked', card_number: '123456789012346' },
      { id: 'fifteen', card_number: '999999999999999' },
    ]);
  });
});

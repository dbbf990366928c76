import { describe, expect, it } from 'vitest';
import { useUpgradeDatabase } from './migration-upgrade';

/*
 * The waiting queue apart from the log (migration 0033): the events waiting or parked when it runs join
 * `event_queue`, finished ones do not, and from then on whatever changes an event's status moves it in or out.
 */

const upgrade = useUpgradeDatabase('0033_events_queue');

const queue = async () =>
  (
    await upgrade.current.database.query<{ event_id: string; status: string }>(
      `SELECT event_id, status FROM event_queue ORDER BY seq`,
    )
  ).map((row) => [row.event_id, row.status]);

describe('migration 0033: the event queue', () => {
  it('queues the waiting and parked events it finds, and keeps the queue equal to the statuses after', async () => {
    const { database } = upgrade.current;
    await upgrade.current.migrateBefore();
    await database.query(
      `INSERT INTO events (id, client_id, external_id, type, customer_id, occurred_at, data, payload_hash, status)
       VALUES ('e1', 'cl1', 'x1', 'user.logged-in', 'p1', now(), '{}', 'h1', 'processed'),
              ('e2', 'cl1', 'x2', 'user.logged-in', 'p1', now(), '{}', 'h2', 'parked'),
              ('e3', 'cl1', 'x3', 'user.logged-in', 'p2', now(), '{}', 'h3', 'accepted'),
              ('e4', 'cl1', 'x4', 'user.logged-in', 'p2', now(), '{}', 'h4', 'skipped')`,
    );

    await upgrade.current.migrateAll();
    expect(await queue()).toEqual([
      ['e2', 'parked'],
      ['e3', 'accepted'],
    ]);

    // Stored, processed, parked, retried, deleted: the queue follows in the same statement.
    await database.query(
      `INSERT INTO events (id, client_id, external_id, type, customer_id, occurred_at, data, payload_hash)
       VALUES ('e5', 'cl1', 'x5', 'user.logged-in', 'p1', now(), '{}', 'h5')`,
    );
    await database.query(`UPDATE events SET status = 'processed' WHERE id = 'e3'`);
    await database.query(`UPDATE events SET status = 'accepted' WHERE id = 'e2'`);
    await database.query(`UPDATE events SET status = 'parked' WHERE id = 'e5'`);
    expect(await queue()).toEqual([
      ['e2', 'accepted'],
      ['e5', 'parked'],
    ]);
    await database.query(`DELETE FROM events WHERE id = 'e5'`);
    expect(await queue()).toEqual([['e2', 'accepted']]);

    // Each month keeps half of its pages free for the processed versions of its rows.
    const options = await database.query<{ name: string; options: string[] | null }>(
      `SELECT c.relname AS name, c.reloptions AS options FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
       WHERE i.inhparent = 'events'::regclass`,
    );
    expect(options.length).toBeGreaterThan(0);
    for (const partition of options) expect(partition.options, partition.name).toContain('fillfactor=50');
  });
});

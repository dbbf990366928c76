import { describe, expect, it } from 'vitest';
import { useUpgradeDatabase } from './migration-upgrade';

/*
 * Partitioning the event log (migration 0031) keeps every event, its status and its place in arrival order, each in
 * the partition of its month, and moves every id into event_keys so a repeat is still known; the arrival counter
 * goes on where it was.
 */

const upgrade = useUpgradeDatabase('0031_events_partitioned');

describe('migration 0031: the event log partitioned by month of arrival', () => {
  it('moves every event into its month, keeps the keys and the arrival counter', async () => {
    const { database } = upgrade.current;
    await upgrade.current.migrateBefore();
    await database.query(`SET session_replication_role = replica`);
    await database.query(
      `INSERT INTO events (id, client_id, external_id, type, customer_id, occurred_at, received_at, data, payload_hash, status)
       VALUES ('e1', 'cl1', 'x1', 'user.logged-in', 'p1', now(), '2026-03-04T05:06:07Z', '{}', 'h1', 'processed'),
              ('e2', 'cl1', 'x2', 'user.logged-in', 'p1', now(), '2026-05-31T23:59:59Z', '{}', 'h2', 'parked'),
              ('e3', 'cl1', 'x3', 'user.logged-in', 'p2', now(), now(), '{"a": 1}', 'h3', 'accepted')`,
    );
    await database.query(`SET session_replication_role = origin`);
    const [before] = await database.query<{ seq: string }>(`SELECT max(seq)::text AS seq FROM events`);

    await upgrade.current.migrateAll();

    const rows = await database.query<{ id: string; status: string; partition: string; seq: string }>(
      `SELECT id, status, tableoid::regclass::text AS partition, seq::text AS seq FROM events ORDER BY seq`,
    );
    const month = (date: Date) =>
      `events_${date.getUTCFullYear()}_${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
    expect(rows.map((row) => [row.id, row.status, row.partition])).toEqual([
      ['e1', 'processed', 'events_2026_03'],
      ['e2', 'parked', 'events_2026_05'],
      ['e3', 'accepted', month(new Date())],
    ]);
    const keys = await database.query<{ external_id: string; event_id: string; payload_hash: string }>(
      `SELECT external_id, event_id, payload_hash FROM event_keys ORDER BY external_id`,
    );
    expect(keys).toEqual([
      { external_id: 'x1', event_id: 'e1', payload_hash: 'h1' },
      { external_id: 'x2', event_id: 'e2', payload_hash: 'h2' },
      { external_id: 'x3', event_id: 'e3', payload_hash: 'h3' },
    ]);
    // The months in between and the next one exist, so new events never land in the default partition.
    const partitions = await database.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
       WHERE i.inhparent = 'events'::regclass`,
    );
    expect(partitions.map((p) => p.name)).toEqual(
      expect.arrayContaining(['events_2026_03', 'events_2026_04', 'events_2026_05', 'events_default']),
    );
    await database.query(
      `INSERT INTO events (id, client_id, external_id, type, customer_id, occurred_at, data, payload_hash)
       VALUES ('e4', 'cl1', 'x4', 'user.logged-in', 'p1', now(), '{}', 'h4')`,
    );
    const [after] = await database.query<{ seq: string; partition: string }>(
      `SELECT seq::text AS seq, tableoid::regclass::text AS partition FROM events WHERE id = 'e4'`,
    );
    expect(BigInt(after?.seq ?? '0')).toBeGreaterThan(BigInt(before?.seq ?? '0'));
    expect(after?.partition).toBe(month(new Date()));
  });
});

import { describe, expect, it } from 'vitest';
import { claimDue } from '../src/modules/webhooks/delivery-store';
import { useUpgradeDatabase } from './migration-upgrade';
import { insertTestEndpoint } from './webhook-rows';

/*
 * The deliveries' queue apart from their history (migration 0036): the pending deliveries it finds join
 * `webhook_queue` with their order, next try, attempts and lease (the column leaves `webhook_deliveries` after the
 * copy), delivered and failed ones do not; from then on the triggers keep the queue equal to the statuses.
 */

const upgrade = useUpgradeDatabase('0036_webhook_queue');

type Queued = { id: string; seq: string; attempts: number; next: string; leased: string | null };

const queue = () =>
  upgrade.current.database.query<Queued>(
    `SELECT q.delivery_id AS id, q.seq::text AS seq, q.attempts, q.next_attempt_at::text AS next,
            q.leased_until::text AS leased
       FROM webhook_queue q ORDER BY q.seq`,
  );

describe('migration 0036: the webhook queue', () => {
  it('queues the pending deliveries it finds with their leases, none of the others, and follows the statuses after', async () => {
    const { database } = upgrade.current;
    await upgrade.current.migrateBefore();
    await insertTestEndpoint(database);
    // Due and never tried; leased by a sender in flight; leased by a sender that died (the lease ran out); retrying
    // in an hour; delivered; failed.
    await database.query(
      `INSERT INTO webhook_deliveries (id, client_id, endpoint_id, webhook_id, event_type, customer_id, payload,
                                       status, attempts, next_attempt_at, leased_until, delivered_at)
       VALUES ('due', 'cl1', 'ep1', 'wh_1', 'wallet.credited', 'p1', '{}', 'pending', 0, now() - interval '1 minute', NULL, NULL),
              ('inflight', 'cl1', 'ep1', 'wh_2', 'wallet.credited', 'p2', '{}', 'pending', 0, now() - interval '1 minute',
               now() + interval '50 seconds', NULL),
              ('expired', 'cl1', 'ep1', 'wh_3', 'wallet.credited', 'p3', '{}', 'pending', 0, now() - interval '1 minute',
               now() - interval '5 seconds', NULL),
              ('retrying', 'cl1', 'ep1', 'wh_4', 'wallet.credited', 'p4', '{}', 'pending', 2, now() + interval '1 hour', NULL, NULL),
              ('made', 'cl1', 'ep1', 'wh_5', 'wallet.credited', 'p5', '{}', 'delivered', 1, now(), NULL, now()),
              ('gaveup', 'cl1', 'ep1', 'wh_6', 'wallet.credited', 'p6', '{}', 'failed', 9, now(), NULL, NULL)`,
    );
    const before = await database.query<{ id: string; seq: string; next: string; leased: string | null }>(
      `SELECT id, seq::text AS seq, next_attempt_at::text AS next, leased_until::text AS leased
         FROM webhook_deliveries WHERE status = 'pending' ORDER BY seq`,
    );

    await upgrade.current.migrateAll();

    // The pending ones, each as it was: its order, next try, attempts and lease.
    expect(await queue()).toEqual(
      before.map((row) => ({
        id: row.id,
        seq: row.seq,
        attempts: row.id === 'retrying' ? 2 : 0,
        next: row.next,
        leased: row.leased,
      })),
    );
    const [column] = await database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM information_schema.columns
        WHERE table_name = 'webhook_deliveries' AND column_name = 'leased_until'`,
    );
    expect(column?.n).toBe(0);

    // A claim leaves the one in flight to its sender and takes the due one and the one whose sender died.
    const claimed = await claimDue(database.db, 10, [], 60);
    expect(claimed.map((delivery) => delivery.id).sort()).toEqual(['due', 'expired']);

    // From now on the triggers follow: a new delivery queued, one made leaves, a retry written ends its lease.
    await database.query(
      `INSERT INTO webhook_deliveries (id, client_id, endpoint_id, webhook_id, event_type, customer_id, payload)
       VALUES ('new', 'cl1', 'ep1', 'wh_7', 'wallet.credited', 'p7', '{}')`,
    );
    await database.query(
      `UPDATE webhook_deliveries SET status = 'delivered', attempts = attempts + 1 WHERE id IN ('due', 'expired')`,
    );
    await database.query(
      `UPDATE webhook_deliveries SET attempts = attempts + 1, next_attempt_at = now() + interval '1 minute'
        WHERE id = 'inflight'`,
    );
    const after = await queue();
    expect(after.map((row) => [row.id, row.attempts, row.leased])).toEqual([
      ['inflight', 1, null],
      ['retrying', 2, null],
      ['new', 0, null],
    ]);
  });
});

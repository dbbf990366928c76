import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/raw-sql';
import { claimDue, recordAttempts } from '../src/modules/webhooks/delivery-store';
import { useUpgradeDatabase } from './migration-upgrade';
import { insertTestEndpoint } from './webhook-rows';

/*
 * Room for HOT updates (migration 0043): the tables updated in place on every batch, spend and delivery keep free room
 * on their pages, and the deliveries' failed index reads a generated `failed` column rather than the status, so
 * writing a delivery's result adds no index entry. Deliveries that gave up before the upgrade are counted as failed.
 */

const upgrade = useUpgradeDatabase('0043_hot_updates');

describe('migration 0043: room for HOT updates', () => {
  it('marks the failed deliveries it finds, keeps room on the busy tables, and writes a result as a HOT update', async () => {
    const { database } = upgrade.current;
    await upgrade.current.migrateBefore();
    await insertTestEndpoint(database);
    await database.query(
      `INSERT INTO webhook_deliveries (id, client_id, endpoint_id, webhook_id, event_type, customer_id, payload,
                                       status, attempts)
       VALUES ('waiting', 'cl1', 'ep1', 'wh_1', 'wallet.credited', 'p1', '{}', 'pending', 0),
              ('made', 'cl1', 'ep1', 'wh_2', 'wallet.credited', 'p2', '{}', 'delivered', 1),
              ('gaveup', 'cl1', 'ep1', 'wh_3', 'wallet.credited', 'p3', '{}', 'failed', 9)`,
    );

    await upgrade.current.migrateAll();

    expect(
      await database.query<{ id: string; failed: boolean }>(
        'SELECT id, failed FROM webhook_deliveries ORDER BY seq',
      ),
    ).toEqual([
      { id: 'waiting', failed: false },
      { id: 'made', failed: false },
      { id: 'gaveup', failed: true },
    ]);
    const options = await database.query<{ relname: string; reloptions: string[] }>(
      `SELECT relname, reloptions FROM pg_class
        WHERE relname IN ('customers', 'player_statistics', 'wallets', 'webhook_queue', 'webhook_deliveries')
        ORDER BY relname`,
    );
    expect(options).toEqual([
      { relname: 'customers', reloptions: ['fillfactor=80'] },
      { relname: 'player_statistics', reloptions: ['fillfactor=70'] },
      { relname: 'wallets', reloptions: ['fillfactor=50'] },
      { relname: 'webhook_deliveries', reloptions: ['fillfactor=75'] },
      { relname: 'webhook_queue', reloptions: ['fillfactor=50'] },
    ]);

    // The dispatcher's result for the waiting one: delivered, in place (a HOT update), and gone from the queue.
    const [delivery] = await claimDue(database.db, 10, [], 60);
    expect(delivery?.id).toBe('waiting');
    const hot = await database.db.transaction(async (tx) => {
      await recordAttempts(tx, [
        {
          delivery: delivery as NonNullable<typeof delivery>,
          result: { delivered: true, statusCode: 200, durationMs: 3, excerpt: 'ok', error: null },
          attemptedAt: new Date(),
          nextAttemptAt: null,
        },
      ]);
      const [row] = await rowsOf<{ updated: string; hot: string }>(
        tx,
        sql`SELECT pg_stat_get_xact_tuples_updated('webhook_deliveries'::regclass)::text AS updated,
                   pg_stat_get_xact_tuples_hot_updated('webhook_deliveries'::regclass)::text AS hot`,
      );
      return row;
    });
    expect(hot).toEqual({ updated: '1', hot: '1' });
    expect(
      await database.query<{ status: string; failed: boolean; queued: number }>(
        `SELECT status, failed, (SELECT count(*)::int FROM webhook_queue) AS queued
           FROM webhook_deliveries WHERE id = 'waiting'`,
      ),
    ).toEqual([{ status: 'delivered', failed: false, queued: 0 }]);
  });
});

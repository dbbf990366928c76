import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database';
import { claimDue, leaseOne } from '../src/modules/webhooks/delivery-store';
import { testDbKind, withDatabaseName } from './db-kind';
import { createTestDatabase } from './test-database';
import { insertTestEndpoint } from './webhook-rows';

/*
 * What a sender reads of a delivery it takes from webhook_queue (migration 0036) is the delivery as committed when it
 * took it, not as its statement's snapshot saw it before: the lease is taken in the queue, and an erasure's scrub of
 * the body (or a result being written) holds the queue row until it commits. A body read from the older snapshot is
 * the body from before the erasure, sent after the erasure committed. PostgreSQL only: the race needs two
 * connections, and PGlite has one.
 */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const BODY = { id: 'wh_1', type: 'wallet.credited', data: { email: 'ann@example.com' } };
const SCRUBBED = { id: 'wh_1', type: 'wallet.credited', data: { email: null } };

describe.skipIf(testDbKind() !== 'postgres')('a delivery taken while another transaction writes it', () => {
  let database: Database;
  let other: pg.Client;

  beforeAll(async () => {
    database = await createTestDatabase();
    const [row] = await database.query<{ name: string }>('SELECT current_database() AS name');
    other = new pg.Client({
      connectionString: withDatabaseName(process.env.TEST_DATABASE_URL as string, row?.name as string),
    });
    await other.connect();
    await insertTestEndpoint(database);
  });
  afterAll(async () => {
    await other?.end();
    await database?.close();
  });
  beforeEach(async () => {
    await database.query('DELETE FROM webhook_deliveries');
    await database.query(
      `INSERT INTO webhook_deliveries (id, client_id, endpoint_id, webhook_id, event_type, customer_id, payload)
       VALUES ('d1', 'cl1', 'ep1', 'wh_1', 'wallet.credited', 'p1', $1::jsonb)`,
      [JSON.stringify(BODY)],
    );
  });

  /** Runs `take` while `other` holds an uncommitted write of d1, and commits the write before `take` answers. */
  const whileWritten = async <T>(write: string, take: () => Promise<T>, commitAfterMs = 300) => {
    await other.query('BEGIN');
    await other.query(write);
    const taken = take();
    await sleep(commitAfterMs);
    await other.query('COMMIT');
    return taken;
  };

  it('a resend of a waiting delivery during an erasure sends the scrubbed body', async () => {
    const delivery = await whileWritten(
      `UPDATE webhook_deliveries SET payload = '${JSON.stringify(SCRUBBED)}'::jsonb WHERE id = 'd1'`,
      () => leaseOne(database.db, 'cl1', 'd1', 60),
    );
    expect(JSON.parse(delivery?.payload as string)).toEqual(SCRUBBED);
  });

  it('a resend of a delivered delivery during an erasure sends the scrubbed body', async () => {
    await database.query(`UPDATE webhook_deliveries SET status = 'delivered', attempts = 1 WHERE id = 'd1'`);
    const delivery = await whileWritten(
      `UPDATE webhook_deliveries SET payload = '${JSON.stringify(SCRUBBED)}'::jsonb WHERE id = 'd1'`,
      () => leaseOne(database.db, 'cl1', 'd1', 60),
    );
    expect(JSON.parse(delivery?.payload as string)).toEqual(SCRUBBED);
  });

  it('a resend while a try of the same delivery is being written counts that try', async () => {
    const delivery = await whileWritten(
      `UPDATE webhook_deliveries SET attempts = attempts + 1, next_attempt_at = now() + interval '1 hour'
        WHERE id = 'd1'`,
      () => leaseOne(database.db, 'cl1', 'd1', 60),
    );
    expect(delivery?.attempts).toBe(1);
  });

  it('a claim that runs while an erasure commits sends the scrubbed body', async () => {
    // The claim slowed down where it joins the endpoints, before it locks the queue rows: its snapshot is taken
    // before the erasure commits, its lock after.
    await database.query(`CREATE FUNCTION laurel_test_slow() RETURNS boolean LANGUAGE sql VOLATILE AS
      $$ SELECT pg_sleep(1); SELECT true $$`);
    await database.query('ALTER TABLE webhook_endpoints RENAME TO webhook_endpoints_table');
    await database.query(
      'CREATE VIEW webhook_endpoints AS SELECT * FROM webhook_endpoints_table WHERE laurel_test_slow()',
    );
    try {
      const claimed = await whileWritten(
        `UPDATE webhook_deliveries SET payload = '${JSON.stringify(SCRUBBED)}'::jsonb WHERE id = 'd1'`,
        () => claimDue(database.db, 10, [], 60),
      );
      expect(claimed.map((delivery) => JSON.parse(delivery.payload))).toEqual([SCRUBBED]);
    } finally {
      await database.query('DROP VIEW webhook_endpoints');
      await database.query('ALTER TABLE webhook_endpoints_table RENAME TO webhook_endpoints');
      await database.query('DROP FUNCTION laurel_test_slow()');
    }
  });
});

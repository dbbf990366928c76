import type { Database } from '../src/db/database';

/** Endpoint `ep1` of client `cl1`, subscribed to wallet.credited, as a raw row: for tests of the outbox's own SQL. */
export const insertTestEndpoint = (database: Database) =>
  database.query(
    `INSERT INTO webhook_endpoints (id, client_id, url, event_types, secret)
     VALUES ('ep1', 'cl1', 'https://hooks.example.com/a', ARRAY['wallet.credited'], 'whsec_1')`,
  );

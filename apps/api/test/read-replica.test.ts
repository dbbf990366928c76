import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createAppContext } from '../src/app-context';
import { loadConfig } from '../src/config';
import { openPostgres } from '../src/db/connect';
import type { Database } from '../src/db/database';
import { applyMigrations } from '../src/db/migrate';
import { DATA_AS_OF_HEADER, replicaReads } from '../src/db/read-side';
import { createLogger } from '../src/logger';
import { testDbKind } from './db-kind';
import { createCurrency, segmentId } from './economy-helpers';
import { addCustomer, bearer, createClientAndSignIn, type SignedIn } from './factories';
import { canMakeReplica, startPrimaryAndReplica } from './replica-cluster';

/**
 * READ_DATABASE_URL (the scale issue): reports, exports, the dashboard, segment player lists and the event log read a
 * streaming replica, writes never do, and a replica read says how fresh it is. Against a real primary and replica
 * made here by initdb and pg_basebackup; run with the PostgreSQL pass (it needs PostgreSQL's server binaries).
 */
describe.skipIf(testDbKind() !== 'postgres' || !canMakeReplica())('reads on a streaming replica', () => {
  let clusters: Awaited<ReturnType<typeof startPrimaryAndReplica>>;
  let primary: Database;
  let replica: Database;
  let app: FastifyInstance;
  let admin: SignedIn;
  let currency: string;
  let customer: string;

  const get = (url: string) => app.inject({ method: 'GET', url, headers: bearer(admin.clientToken) });
  const credit = (amount: number, reason: string) =>
    app.inject({
      method: 'POST',
      url: `/api/economy/customers/${customer}/adjustments`,
      headers: bearer(admin.clientToken),
      payload: { currency, direction: 'credit', amount, reason },
    });
  /** The amounts of the ledger rows the economy report lists (each test credits an amount of its own). */
  const amountsInReport = async () =>
    ((await get('/api/transactions/economy?size=100')).json().content as { value: number }[]).map((row) =>
      Number(row.value),
    );
  /** Waits until the replica has replayed everything the primary has written so far. */
  const caughtUp = async () => {
    const [{ lsn }] = (await primary.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn')) as [
      { lsn: string },
    ];
    for (let i = 0; i < 200; i += 1) {
      const [row] = await replica.query<{ done: boolean }>(
        `SELECT pg_last_wal_replay_lsn() >= '${lsn}'::pg_lsn AS done`,
      );
      if (row?.done) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error('the replica did not catch up');
  };

  beforeAll(async () => {
    clusters = await startPrimaryAndReplica();
    primary = await openPostgres(clusters.primaryUrl);
    await applyMigrations(primary);
    replica = await openPostgres(clusters.replicaUrl);
    const config = loadConfig({
      DATA_DIR: '/tmp/laurel-replica-test',
      DATABASE_URL: clusters.primaryUrl,
      READ_DATABASE_URL: clusters.replicaUrl,
      DEMO: '0',
      LOG_LEVEL: 'silent',
    });
    const ctx = createAppContext({
      config,
      database: primary,
      reads: replicaReads(replica),
      jwtSecret: 'test-secret-that-is-long-enough-0123456789',
      log: createLogger('silent'),
    });
    app = await buildApp(ctx, { webDistDir: null });
    await app.ready();
    admin = await createClientAndSignIn(app, { plan: 'BUSINESS' });
    currency = (await createCurrency(app, admin))._id;
    customer = await addCustomer(app, admin);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await replica?.close();
    await primary?.close();
    clusters?.stop();
  });

  it('a report read on the replica shows what the primary wrote, with the time it is as of', async () => {
    expect((await credit(10.37, 'First')).statusCode).toBe(200);
    await caughtUp();
    const res = await get('/api/transactions/economy?size=100');
    expect(res.statusCode).toBe(200);
    expect(res.headers[DATA_AS_OF_HEADER.toLowerCase()]).toBeDefined();
    expect(await amountsInReport()).toContain(10.37);
    // A primary-only read (the customer's wallet) carries no freshness: it is never stale.
    const wallet = await get(`/api/economy/customers/${customer}/wallets`);
    expect(wallet.headers[DATA_AS_OF_HEADER.toLowerCase()]).toBeUndefined();
  });

  it('while the replica lags, a report may miss a write and says it is as of before it; writes still succeed', async () => {
    await replica.query('SELECT pg_wal_replay_pause()');
    try {
      const before = Date.now();
      // A write goes to the primary even while the replica is paused: it never goes to the replica.
      expect((await credit(5.21, 'While paused')).statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      const res = await get('/api/transactions/economy?size=100');
      expect(res.statusCode).toBe(200);
      expect(await amountsInReport()).not.toContain(5.21);
      const asOf = Date.parse(String(res.headers[DATA_AS_OF_HEADER.toLowerCase()]));
      expect(asOf).toBeLessThan(before);
      // The dashboard, the segment players and the event log read the replica as well.
      const allPlayers = await segmentId(app, admin);
      for (const url of [
        '/api/dashboard?period=current_month',
        '/api/integrations/events?page=1&size=10',
        `/api/segments/${allPlayers}/players?page=1&size=10`,
      ]) {
        const read = await get(url);
        expect(read.statusCode, `${url}: ${read.body}`).toBe(200);
        expect(read.headers[DATA_AS_OF_HEADER.toLowerCase()], url).toBeDefined();
      }
    } finally {
      await replica.query('SELECT pg_wal_replay_resume()');
    }
    await caughtUp();
    expect(await amountsInReport()).toContain(5.21);
  });

  it('an export is requested on the primary and its rows stream from the replica', async () => {
    const requested = await app.inject({
      method: 'POST',
      url: '/api/transactions/economy/export',
      headers: bearer(admin.clientToken),
      payload: {},
    });
    expect(requested.statusCode, requested.body).toBe(200);
    const file = await get(`/api/transactions/economy/files?file_id=${requested.json().content}`);
    expect(file.statusCode, file.body).toBe(200);
    expect(file.body).toContain(',10.37,');
    expect(file.body).toContain(',5.21,');
  });
});

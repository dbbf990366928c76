import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, ENGINE_STEPS } from '../src/engine';
import { createLogger } from '../src/logger';
import { ensureApiBuilt } from './api-bundle';
import { testDbKind } from './db-kind';
import { eventAt, playerStatistics } from './engine-helpers';
import { addCustomer, createApiKey, createClientAndSignIn, postEvents, type SignedIn } from './factories';
import { overHttp } from './over-http';
import { createServerDatabase } from './server-database';
import { exitOf, type ServerProcess, startServer } from './server-process';
import { createTestApp, type TestApp } from './test-app';
import { startWorker, type WorkerProcess } from './worker-process';

/*
 * An idle worker sleeps: it is woken by new work (this process's ingestion at once, another process's by NOTIFY)
 * and by its own timers when a retry or a task falls due, and otherwise looks only at its idle poll. Every worker
 * here polls once an hour, so whatever is processed within a test was woken, never polled.
 */
const AN_HOUR = String(60 * 60 * 1000);
/** How long a test waits for an outcome: far below the hour-long poll, far above any wake-up. */
const WAIT = { timeout: 30_000, interval: 50 };

const accepted = async (app: Parameters<typeof postEvents>[0], key: string, events: unknown[]) => {
  const res = await postEvents(app, key, { events });
  expect(res.statusCode, res.body).toBe(200);
  for (const answer of res.json().content) expect(answer.status).toBe('accepted');
};

describe('the in-process worker wakes for work and sleeps otherwise', () => {
  let t: TestApp;
  let admin: SignedIn;
  let key: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { ENGINE_IDLE_POLL_MS: AN_HOUR } });
    admin = await createClientAndSignIn(t.app, { plan: 'STARTER' });
    key = (await createApiKey(t.app, admin)).key;
    t.ctx.engine.start();
  });
  afterAll(async () => {
    await t.ctx.engine.stop();
    await t.close();
  });

  it('processes an event accepted while it sleeps, and one after another', async () => {
    const player = await addCustomer(t.app, admin);
    for (const logins of [1, 2, 3]) {
      await accepted(t.app, key, [eventAt(player, 1, { type: 'user.logged-in' })]);
      await expect
        .poll(async () => (await playerStatistics(t.app, key, player)).numberOfLogins, WAIT)
        .toBe(logins);
    }
  });

  it('retries an event when its back-off falls due: a refund that came before its order applies then', async () => {
    const player = await addCustomer(t.app, admin);
    await accepted(t.app, key, [
      eventAt(player, 5, { type: 'order.status-change', data: { order_id: 'EARLY-1', status: 'REFUNDED' } }),
    ]);
    // Tried once (the order is unknown), and set to be tried again a second later.
    await expect
      .poll(async () => {
        const [row] = await t.ctx.database.query<{ attempts: number }>(
          `SELECT attempts FROM events WHERE customer_id = $1`,
          [player],
        );
        return row?.attempts;
      }, WAIT)
      .toBe(1);
    await accepted(t.app, key, [
      eventAt(player, 10, { type: 'order.created', data: { order_id: 'EARLY-1', total: 10 } }),
    ]);
    await expect
      .poll(async () => playerStatistics(t.app, key, player), WAIT)
      .toEqual({ totalOrderValue: 0, orderVolume: 0 });
  });

  it('runs a task when its due time comes', async () => {
    const dueAt = Date.now() + 300;
    let ranAt: number | undefined;
    const engine = createEngine({
      database: t.ctx.database,
      steps: ENGINE_STEPS,
      log: createLogger('silent'),
      idlePollMs: Number(AN_HOUR),
      tasks: [
        {
          run: async () => {
            if (ranAt !== undefined || Date.now() < dueAt) return false;
            ranAt = Date.now();
            return true;
          },
          nextDueIn: async () => (ranAt === undefined ? dueAt - Date.now() : null),
        },
      ],
    });
    engine.start();
    try {
      await expect.poll(() => ranAt, WAIT).toBeDefined();
      expect(ranAt).toBeGreaterThanOrEqual(dueAt);
    } finally {
      await engine.stop();
    }
  });
});

describe.skipIf(testDbKind() !== 'postgres')(
  'a worker in another process wakes by NOTIFY (PostgreSQL only: worker processes)',
  () => {
    it('processes each event an API process accepts, with no poll', async () => {
      ensureApiBuilt();
      const database = await createServerDatabase('engine-wake');
      const url = database.url as string;
      const sql = new pg.Client({ connectionString: url });
      await sql.connect();
      let server: ServerProcess | undefined;
      let worker: WorkerProcess | undefined;
      try {
        // The API only stores events; the worker alone processes them.
        server = await startServer({ ...database.env, ENGINE_IN_PROCESS: '0' });
        worker = startWorker({ DATABASE_URL: url, ENGINE_IDLE_POLL_MS: AN_HOUR });
        const app = overHttp(server.url);
        const admin = await createClientAndSignIn(app, { plan: 'STARTER' });
        const { key } = await createApiKey(app, admin);
        const player = await addCustomer(app, admin);
        // The worker listens (its connection's last statement is the LISTEN).
        await expect
          .poll(async () => {
            const { rows } = await sql.query(
              `SELECT query FROM pg_stat_activity WHERE application_name = 'laurel-engine-listener'`,
            );
            return rows.map((row: { query: string }) => row.query);
          }, WAIT)
          .toEqual(['LISTEN laurel_engine']);
        for (const logins of [1, 2, 3]) {
          await accepted(app, key, [eventAt(player, 1, { type: 'user.logged-in' })]);
          await expect
            .poll(async () => (await playerStatistics(app, key, player)).numberOfLogins, WAIT)
            .toBe(logins);
        }
      } catch (error) {
        throw new Error(
          `${(error as Error).message}\nworker: ${worker?.output()}\nserver: ${server?.output()}`,
        );
      } finally {
        for (const child of [worker?.child, server?.child]) {
          if (!child) continue;
          child.kill('SIGTERM');
          await exitOf(child);
        }
        await sql.end();
        await database.close();
      }
    }, 180_000);
  },
);

import { createHmac } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { ensureApiBuilt } from './api-bundle';
import { testDbKind } from './db-kind';
import { createCurrency, createEarnConfig, segmentId } from './economy-helpers';
import { createApiKey, createClientAndSignIn, postAs } from './factories';
import { overHttp } from './over-http';
import { createServerDatabase } from './server-database';
import { exitOf, type ServerProcess, startServer } from './server-process';
import { startReceiver } from './webhook-receiver';
import { startWorker, type WorkerProcess } from './worker-process';

/*
 * Issue 26 (DESIGN §10): the outbox is written by the effect's own transaction and sent at least once. An API that
 * only stores events (ENGINE_IN_PROCESS=0) takes 1,000 orders; each earns cashback, so each credit writes one
 * wallet.credited webhook for the business's endpoint. Worker processes (`node dist/worker.js`, the engine and the
 * dispatcher) are killed with SIGKILL twice: once in the middle of an engine batch (its effects and its outbox rows
 * written, nothing committed), once while deliveries are in flight to a receiver that answers after 50 ms (a few
 * first tries answered 503 as well, retried on a 1 s schedule). A fresh worker finishes the work. Then every
 * ledger credit's webhook has been received, no received webhook names a credit the ledger does not hold (a
 * rolled-back batch sent nothing), and the outbox holds nothing pending.
 */

const CUSTOMERS = 500;
const ORDERS = 1_000;
const PER_REQUEST = 100;
const BATCH_SIZE = 50;
const RECEIVER_DELAY_MS = 50;
/** Every this-many-th webhook's first try is answered 503: retried on WEBHOOK_RETRY_SCHEDULE. */
const FAIL_FIRST_EVERY = 25;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const signatureHolds = (secret: string, header: string, rawBody: string) => {
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=') as [string, string]));
  return parts.v1 === createHmac('sha256', secret).update(`${parts.t}.${rawBody}`).digest('hex');
};

describe.skipIf(testDbKind() !== 'postgres')(
  'webhook workers killed with SIGKILL (PostgreSQL only: separate worker processes need it, PGlite belongs to one process)',
  () => {
    it('killed mid-batch and with deliveries in flight: every credit is delivered at least once, none for a rolled-back batch, nothing left pending', async () => {
      ensureApiBuilt();
      const database = await createServerDatabase('webhooks-crash');
      const url = database.url as string;
      const sql = new pg.Client({ connectionString: url });
      await sql.connect();
      let seen = 0;
      const firstTries = new Set<string>();
      const receiver = await startReceiver([], {
        delayMs: RECEIVER_DELAY_MS,
        statusFor: (hook) => {
          seen += 1;
          if (seen % FAIL_FIRST_EVERY !== 0 || firstTries.has(hook.body.id)) return 200;
          firstTries.add(hook.body.id);
          return 503;
        },
      });
      const workers: (WorkerProcess & { name: string })[] = [];
      let server: ServerProcess | undefined;
      const unexpectedExits: string[] = [];
      try {
        server = await startServer({
          ...database.env,
          ENGINE_IN_PROCESS: '0',
          RATE_LIMIT_IP_PER_MINUTE: '1000000',
          RATE_LIMIT_TOKEN_PER_MINUTE: '1000000',
        });
        const app = overHttp(server.url);
        const admin = await createClientAndSignIn(app, { plan: 'BUSINESS' });
        const { key } = await createApiKey(app, admin);
        const endpoint = await postAs<{ _id: string; secret: string }>(
          app,
          admin,
          '/api/integrations/webhooks',
          { url: receiver.url, event_types: ['wallet.credited'], active: true },
          'endpoint',
        );
        // 5 per 100 for everyone: every order below (100.00 or more) earns, one ledger credit each.
        const currency = await createCurrency(app, admin, { code: 'HOOK' });
        await createEarnConfig(app, admin, {
          type: 'Currency',
          trigger_value: 100,
          earn_amount: 5,
          segment_id: await segmentId(app, admin),
          earn_target: currency._id,
        });
        // Many customers, two orders each: a dead worker's leases hold back only their own customers' next ones
        // (per-customer order), so the next worker has deliveries to send at once. Written by SQL for speed.
        const { rows: seeded } = await sql.query<{ id: string }>(
          `INSERT INTO customers (id, client_id, name, surname, email, cell_number, status, member_date, created_at,
                                  updated_at)
           SELECT substr(md5($1::text || ':hook:' || g), 1, 24), $1, 'Member', 'No ' || g,
                  'member' || g || '@hooks.example.com', '+2782' || lpad(g::text, 7, '0'), 'ACTIVE',
                  to_char(now(), 'YYYY-MM-DD'), now(), now()
           FROM generate_series(1, $2::int) AS g RETURNING id`,
          [admin.clientId, CUSTOMERS],
        );
        const customers = seeded.map((row) => row.id);

        // Every order is stored before a worker runs, so the first worker is busy from its start.
        const now = Date.now();
        for (let from = 0; from < ORDERS; from += PER_REQUEST) {
          const events = Array.from({ length: PER_REQUEST }, (_, i) => {
            const n = from + i;
            return {
              id: `hook-order-${n}`,
              type: 'order.created',
              customer: { _id: customers[n % CUSTOMERS] },
              occurred_at: new Date(now - (ORDERS - n) * 1_000).toISOString(),
              data: { order_id: `hook-${n}`, total: 100 + (n % 400) },
            };
          });
          const res = await fetch(`${server.url}/api/v1/events`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-api-key': key },
            body: JSON.stringify({ events }),
          });
          const body = (await res.json()) as { content: { status: string }[] };
          expect(res.status).toBe(200);
          expect(body.content.filter((answer) => answer.status !== 'accepted')).toEqual([]);
        }

        let launched = 0;
        const launch = () => {
          launched += 1;
          const name = `laurel-webhooks-crash-${launched}`;
          const worker = {
            ...startWorker({
              DATABASE_URL: url,
              ENGINE_BATCH_SIZE: String(BATCH_SIZE),
              WEBHOOK_RETRY_SCHEDULE: '1,1,1,1,1,1,1,1,1,1',
              WEBHOOK_LEASE_SECONDS: '11',
              PGAPPNAME: name,
              LOG_LEVEL: 'info',
            }),
            name,
          };
          worker.child.once('exit', (code, signal) => {
            if (signal !== 'SIGKILL' && signal !== 'SIGTERM' && code !== 0)
              unexpectedExits.push(`${name} exited (${code}, ${signal}): ${worker.output()}`);
          });
          workers.push(worker);
          return worker;
        };
        const processed = async () =>
          Number(
            (
              await sql.query(
                `SELECT count(*) AS n FROM events WHERE client_id = $1 AND status <> 'accepted'`,
                [admin.clientId],
              )
            ).rows[0].n,
          );

        // Kill 1: in the middle of an engine batch. `events` held in SHARE mode stops the worker where it marks its
        // events: the batch's credits and their outbox rows are written, nothing is committed. The kill rolls
        // them back; the next worker processes those orders again, with new credits and new webhooks.
        const first = launch();
        const startBy = Date.now() + 30_000;
        while ((await processed()) < 3 * BATCH_SIZE && Date.now() < startBy) await sleep(20);
        const blocker = new pg.Client({ connectionString: url });
        let blockedMidBatch = false;
        let processedAtKill = 0;
        try {
          await blocker.connect();
          await blocker.query('BEGIN');
          await blocker.query('LOCK TABLE events IN SHARE MODE');
          // Readiness waits, not timings: generous for a machine busy with the journeys and another suite.
          const deadline = Date.now() + 30_000;
          while (!blockedMidBatch && Date.now() < deadline) {
            const { rows } = await sql.query(
              `SELECT 1 FROM pg_stat_activity WHERE application_name = $1 AND backend_xid IS NOT NULL
                 AND wait_event_type = 'Lock'`,
              [first.name],
            );
            blockedMidBatch = rows.length > 0;
            if (!blockedMidBatch) await sleep(10);
          }
          processedAtKill = await processed();
          first.child.kill('SIGKILL');
          expect((await exitOf(first.child)).signal).toBe('SIGKILL');
        } finally {
          await blocker.query('ROLLBACK');
          await blocker.end();
        }
        expect(blockedMidBatch).toBe(true);
        expect(processedAtKill).toBeLessThan(ORDERS);

        // Kill 2: with deliveries in flight (the receiver holds each answer 50 ms), once this worker has sent some.
        const second = launch();
        const receivedBefore = receiver.received.length;
        const inFlightBy = Date.now() + 30_000;
        let openAtKill = 0;
        while (Date.now() < inFlightBy) {
          openAtKill = receiver.open();
          if (openAtKill > 0 && receiver.received.length >= receivedBefore + 100) break;
          await sleep(5);
        }
        second.child.kill('SIGKILL');
        expect((await exitOf(second.child)).signal).toBe('SIGKILL');
        expect(openAtKill).toBeGreaterThan(0);
        const pendingAfterKill = Number(
          (
            await sql.query(
              `SELECT count(*) AS n FROM webhook_deliveries WHERE client_id = $1 AND status = 'pending'`,
              [admin.clientId],
            )
          ).rows[0].n,
        );

        // A fresh worker finishes: the rest of the events, and the deliveries whose lease (WEBHOOK_LEASE_SECONDS) the dead one held.
        const last = launch();
        const pending = async () =>
          Number(
            (
              await sql.query(
                `SELECT (SELECT count(*) FROM events WHERE client_id = $1 AND status = 'accepted')
                      + (SELECT count(*) FROM webhook_deliveries WHERE client_id = $1 AND status = 'pending') AS n`,
                [admin.clientId],
              )
            ).rows[0].n,
          );
        const finishBy = Date.now() + 90_000;
        while ((await pending()) > 0 && Date.now() < finishBy) await sleep(200);
        // Answers still held by the receiver are written back before the worker stops.
        const startedBy = Date.now() + 60_000;
        while (!last.output().includes('worker is running') && Date.now() < startedBy) await sleep(50);
        last.child.kill('SIGTERM');
        expect(await exitOf(last.child)).toEqual({ code: 0, signal: null });
        expect(unexpectedExits).toEqual([]);

        // The engine did each order once: one credit per order.
        const { rows: events } = await sql.query<{ status: string; n: number }>(
          'SELECT status, count(*)::int AS n FROM events WHERE client_id = $1 GROUP BY status',
          [admin.clientId],
        );
        expect(events).toEqual([{ status: 'processed', n: ORDERS }]);
        const { rows: credits } = await sql.query<{ id: string; order_ref: string }>(
          'SELECT id, order_ref FROM economy_transactions WHERE client_id = $1 AND value > 0',
          [admin.clientId],
        );
        expect(credits).toHaveLength(ORDERS);
        expect(new Set(credits.map((credit) => credit.order_ref)).size).toBe(ORDERS);
        const ledger = new Set(credits.map((credit) => credit.id));

        // The outbox: one delivery per credit, every one delivered, nothing pending or failed.
        const { rows: outbox } = await sql.query<{ status: string; n: number }>(
          'SELECT status, count(*)::int AS n FROM webhook_deliveries WHERE client_id = $1 GROUP BY status',
          [admin.clientId],
        );
        expect(outbox).toEqual([{ status: 'delivered', n: ORDERS }]);
        // And the queue the dispatchers claim from holds none of them.
        const { rows: queued } = await sql.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM webhook_queue q JOIN webhook_deliveries d ON d.id = q.delivery_id WHERE d.client_id = $1',
          [admin.clientId],
        );
        expect(queued).toEqual([{ n: 0 }]);

        // What the receiver took (answered 2xx), by Laurel-Webhook-Id: every credit's webhook at least once.
        const taken = receiver.received.filter((_, index) => (receiver.statuses[index] ?? 500) < 300);
        const takenIds = new Set(taken.map((hook) => String(hook.headers['laurel-webhook-id'])));
        const creditOf = new Map(taken.map((hook) => [hook.body.id, String(hook.body.data.transaction_id)]));
        const creditsTaken = new Set(creditOf.values());
        expect([...ledger].filter((id) => !creditsTaken.has(id))).toEqual([]);
        // Nothing for an effect that is not in the ledger (the killed batch's credits were rolled back, unsent).
        const received = receiver.received.map((hook) => String(hook.body.data.transaction_id));
        expect(received.filter((id) => !ledger.has(id))).toEqual([]);
        // Each body's id is its header's, each signed with the endpoint's secret; one webhook id per credit.
        const wrong = receiver.received.filter(
          (hook) =>
            hook.headers['laurel-webhook-id'] !== hook.body.id ||
            hook.body.type !== 'wallet.credited' ||
            !signatureHolds(endpoint.secret, String(hook.headers['laurel-signature']), hook.rawBody),
        );
        expect(wrong.length).toBe(0);
        expect(takenIds.size).toBe(ORDERS);
        const { rows: ids } = await sql.query<{ webhook_id: string }>(
          'SELECT webhook_id FROM webhook_deliveries WHERE client_id = $1',
          [admin.clientId],
        );
        expect(new Set(ids.map((row) => row.webhook_id))).toEqual(takenIds);
        // At least once, visibly: the 503s were tried again, and what was in flight at the kill came again.
        expect(firstTries.size).toBeGreaterThan(0);
        expect(receiver.received.length).toBeGreaterThan(ORDERS + firstTries.size);
        expect(pendingAfterKill).toBeGreaterThan(0);
      } finally {
        for (const worker of workers) if (worker.child.exitCode === null) worker.child.kill('SIGKILL');
        if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
        await Promise.all([...workers, ...(server ? [server] : [])].map((child) => exitOf(child.child)));
        await receiver.close();
        await sql.end();
        await database.close();
      }
    }, 180_000);
  },
);

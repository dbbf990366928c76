import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { ensureApiBuilt } from './api-bundle';
import { createChallenge, linkChallenge, objective } from './challenge-helpers';
import { testDbKind } from './db-kind';
import { createBadge } from './engine-helpers';
import { addCustomer, createApiKey, createClientAndSignIn } from './factories';
import { overHttp } from './over-http';
import { createServerDatabase } from './server-database';
import { exitOf, startServer } from './server-process';
import { startWorker, type WorkerProcess } from './worker-process';

/*
 * DESIGN §5 for challenges: a completion pays exactly once, even when the worker dies between writing the
 * progress and paying the reward. A worker (`node dist/worker.js`, beside an API process that only stores events)
 * is held at its first write to badge_transactions (a SHARE lock: the badge is the last reward paid, after the
 * progress, the challenge transactions and the XP ledger row are written in the batch's transaction) and killed
 * with SIGKILL there; a new worker processes everything again, and more matching orders follow. Every player then
 * has exactly one Active and one Completed challenge transaction, one badge grant and 50 XP.
 */

const CUSTOMERS = 30;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(testDbKind() !== 'postgres')(
  'a challenge completion under SIGKILL between progress and reward (PostgreSQL only: worker processes)',
  () => {
    it('pays the badge and the XP exactly once per player', async () => {
      ensureApiBuilt();
      const database = await createServerDatabase('challenges-crash');
      const url = database.url as string;
      const sql = new pg.Client({ connectionString: url });
      await sql.connect();
      const workers: WorkerProcess[] = [];
      let server: Awaited<ReturnType<typeof startServer>> | undefined;
      try {
        server = await startServer({
          ...database.env,
          ENGINE_IN_PROCESS: '0',
          RATE_LIMIT_IP_PER_MINUTE: '1000000',
          RATE_LIMIT_TOKEN_PER_MINUTE: '1000000',
        });
        const app = overHttp(server.url);
        const admin = await createClientAndSignIn(app, { plan: 'GROWTH' });
        const { key } = await createApiKey(app, admin);
        const badge = await createBadge(app, admin, { name: 'Crash Survivor' });
        const challenge = await createChallenge(app, admin, {
          objectives: [
            objective({
              event_type: 'orderValue',
              trigger: { trigger_quantity: 200 },
              conditions: [{ type: 'payment_method', values: ['CARD'] }],
              rewards: [
                { type: 'badges', value: badge._id },
                { type: 'xp', value: 50 },
              ],
            }),
          ],
        });
        await linkChallenge(app, admin, challenge._id);
        const customers: string[] = [];
        while (customers.length < CUSTOMERS) {
          customers.push(...(await Promise.all(Array.from({ length: 10 }, () => addCustomer(app, admin)))));
        }
        let sent = 0;
        const send = async (round: string) => {
          const events = customers.flatMap((customerId, index) => [
            {
              id: `${round}-${index}-small`,
              type: 'order.created',
              customer: { _id: customerId },
              occurred_at: new Date(Date.now() - 60_000).toISOString(),
              data: { order_id: `${round}-${index}-small`, total: 120, payment_method: 'CARD' },
            },
            {
              id: `${round}-${index}-big`,
              type: 'order.created',
              customer: { _id: customerId },
              occurred_at: new Date(Date.now() - 30_000).toISOString(),
              data: { order_id: `${round}-${index}-big`, total: 260, payment_method: 'CARD' },
            },
          ]);
          const res = await fetch(`${server?.url}/api/v1/events`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-api-key': key },
            body: JSON.stringify({ events }),
          });
          expect(res.status).toBe(200);
          sent += events.length;
        };
        const waiting = async () =>
          Number(
            (
              await sql.query(
                `SELECT count(*) AS n FROM events WHERE client_id = $1 AND status = 'accepted'`,
                [admin.clientId],
              )
            ).rows[0].n,
          );

        // Hold badge grants, then let a worker run into the hold with its batch's progress already written.
        const blocker = new pg.Client({ connectionString: url });
        await blocker.connect();
        let killed: { signal: string | null; blocked: boolean } | undefined;
        try {
          await blocker.query('BEGIN');
          await blocker.query('LOCK TABLE badge_transactions IN SHARE MODE');
          const name = 'laurel-challenges-crash-0';
          const first = startWorker({
            DATABASE_URL: url,
            ENGINE_BATCH_SIZE: '25',
            PGAPPNAME: name,
            LOG_LEVEL: 'info',
          });
          workers.push(first);
          await send('first');
          let blocked = false;
          const deadline = Date.now() + 30_000;
          while (!blocked && Date.now() < deadline) {
            const { rows } = await sql.query(
              `SELECT 1 FROM pg_stat_activity WHERE application_name = $1 AND wait_event_type = 'Lock'
                 AND query ILIKE '%badge_transactions%'`,
              [name],
            );
            blocked = rows.length > 0;
            if (!blocked) await sleep(20);
          }
          // The progress of the batch is written (in its uncommitted transaction) when the worker waits here.
          first.child.kill('SIGKILL');
          killed = { signal: (await exitOf(first.child)).signal, blocked };
        } finally {
          await blocker.query('ROLLBACK');
          await blocker.end();
        }
        expect(killed).toEqual({ signal: 'SIGKILL', blocked: true });

        const second = startWorker({ DATABASE_URL: url, ENGINE_BATCH_SIZE: '25', LOG_LEVEL: 'info' });
        workers.push(second);
        await send('second');
        const finishBy = Date.now() + 60_000;
        while ((await waiting()) > 0 && Date.now() < finishBy) await sleep(100);
        expect(await waiting()).toBe(0);

        const perPlayer = async (query: string) => {
          const { rows } = await sql.query<{ customer_id: string; n: string }>(query, [admin.clientId]);
          return new Map(rows.map((row) => [row.customer_id, Number(row.n)]));
        };
        const completed = await perPlayer(
          `SELECT customer_id, count(*) AS n FROM challenge_transactions
           WHERE client_id = $1 AND challenge_status = 'Completed' GROUP BY customer_id`,
        );
        const active = await perPlayer(
          `SELECT customer_id, count(*) AS n FROM challenge_transactions
           WHERE client_id = $1 AND challenge_status = 'Active' GROUP BY customer_id`,
        );
        const badgeGrants = await perPlayer(
          `SELECT customer_id, sum(quantity) AS n FROM badge_transactions
           WHERE client_id = $1 AND source = 'challenge' GROUP BY customer_id`,
        );
        const held = await perPlayer(
          `SELECT customer_id, quantity AS n FROM player_badges WHERE client_id = $1`,
        );
        const xpRows = await perPlayer(
          `SELECT customer_id, sum(xp_points_earned) AS n FROM economy_transactions
           WHERE client_id = $1 AND cause_kind = 'challenge' GROUP BY customer_id`,
        );
        const xp = await perPlayer(
          `SELECT p.customer_id, p.value AS n FROM player_statistics p JOIN statistics s ON s.id = p.statistic_id
           WHERE p.client_id = $1 AND s.name = 'xp'`,
        );
        for (const customerId of customers) {
          expect(completed.get(customerId), `${customerId} Completed`).toBe(1);
          expect(active.get(customerId), `${customerId} Active`).toBe(1);
          expect(badgeGrants.get(customerId), `${customerId} badge grants`).toBe(1);
          expect(held.get(customerId), `${customerId} badges held`).toBe(1);
          expect(xpRows.get(customerId), `${customerId} XP ledger`).toBe(50);
          expect(xp.get(customerId), `${customerId} xp statistic`).toBe(50);
        }
        const { rows: badgeRow } = await sql.query('SELECT granted_quantity FROM badges WHERE id = $1', [
          badge._id,
        ]);
        expect(Number(badgeRow[0].granted_quantity)).toBe(CUSTOMERS);
        expect(sent).toBe(CUSTOMERS * 4);
      } finally {
        for (const worker of workers) if (worker.child.exitCode === null) worker.child.kill('SIGTERM');
        await Promise.all(workers.map((worker) => exitOf(worker.child)));
        if (server && server.child.exitCode === null) {
          server.child.kill('SIGKILL');
          await exitOf(server.child);
        }
        await sql.end();
        await database.close();
      }
    }, 180_000);
  },
);

import { randomBytes } from 'node:crypto';
import { REWARD_MESSAGES as M, type TReward, type TRewardRedemption } from '@laurel/contract';
import { describe, expect, it } from 'vitest';
import { testDbKind } from './db-kind';
import { createCurrency } from './economy-helpers';
import { addCustomer, callAs, createApiKey, createClientAndSignIn, type SignedIn } from './factories';
import { overHttp } from './over-http';
import { createServerDatabase } from './server-database';
import { exitOf, type ServerProcess, startServer } from './server-process';
import { NO_RATE_LIMITS } from './test-app';

/*
 * Issue 25: never oversell, never overdraw, across processes. Two API servers run on the same PostgreSQL database;
 * 50 funded customers redeem a reward with stock 10 at once, the requests spread over both servers. Exactly 10 are
 * issued (201, each with its own coupon code), the other 40 are refused 409 'Out of stock', the reward counts 10
 * redeemed, and every wallet equals the sum of its ledger. One idempotency id sent to both servers at once is one
 * redemption, answered alike by both.
 */

const CUSTOMERS = 50;
const STOCK = 10;
const COST = 50;
const FUNDS = 120;

type Answer = { server: number; status: number; body: string };

const redeemOn = async (
  server: ServerProcess,
  key: string,
  customerId: string,
  body: { id: string; reward_id: string },
) => {
  const res = await fetch(`${server.url}/api/v1/players/${customerId}/redemptions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': key },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.text() };
};

const contentOf = (answer: Answer) => (JSON.parse(answer.body) as { content: TRewardRedemption }).content;
const messageOf = (answer: Answer) => (JSON.parse(answer.body) as { message: string }).message;

const fund = async (call: ReturnType<typeof callAs>, customerId: string, currencyId: string) => {
  const res = await call('POST', `/api/economy/customers/${customerId}/adjustments`, {
    currency: currencyId,
    direction: 'credit',
    amount: FUNDS,
    reason: 'Welcome gift',
  });
  if (res.statusCode !== 200) throw new Error(`adjustment failed: ${res.statusCode} ${res.body}`);
};

const createReward = async (call: ReturnType<typeof callAs>, body: Record<string, unknown>) => {
  const res = await call('POST', '/api/rewards', body);
  if (res.statusCode !== 200) throw new Error(`reward failed: ${res.statusCode} ${res.body}`);
  return res.json().content as TReward;
};

describe.skipIf(testDbKind() !== 'postgres')(
  'redemptions on two API processes (PostgreSQL only: server processes on one database)',
  () => {
    it('issue exactly the stock, refuse the rest Out of stock, and keep every wallet equal to its ledger', async () => {
      const database = await createServerDatabase('rewards-multi');
      const servers: ServerProcess[] = [];
      try {
        const env = { ...database.env, ...NO_RATE_LIMITS };
        servers.push(...(await Promise.all([startServer(env), startServer(env)])));
        const app = overHttp((servers[0] as ServerProcess).url);
        const admin: SignedIn = await createClientAndSignIn(app, { plan: 'GROWTH' });
        const call = callAs(app, admin);
        const { key } = await createApiKey(app, admin);
        const currency = await createCurrency(app, admin, { name: 'Stars' });
        const coupon = { source: 'generated', value_type: 'amount', value: 35, valid_days: 30 };
        const reward = await createReward(call, {
          name: `Free coffee ${randomBytes(2).toString('hex')}`,
          description: 'Any size, any branch',
          type: 'coupon',
          cost: { currency: currency._id, amount: COST },
          stock: STOCK,
          coupon,
        });
        const customers: string[] = [];
        for (let i = 0; i < CUSTOMERS; i += 1) {
          const id = await addCustomer(app, admin);
          await fund(call, id, currency._id);
          customers.push(id);
        }

        // 50 at once, every other one to the second server.
        const answers: Answer[] = await Promise.all(
          customers.map(async (customerId, i) => ({
            server: i % 2,
            ...(await redeemOn(servers[i % 2] as ServerProcess, key, customerId, {
              id: `multi-${i}`,
              reward_id: reward._id,
            })),
          })),
        );
        const issued = answers.filter((answer) => answer.status === 201);
        const refused = answers.filter((answer) => answer.status !== 201);
        expect(issued, JSON.stringify(refused.filter((a) => a.status !== 409))).toHaveLength(STOCK);
        expect(refused.map((answer) => [answer.status, messageOf(answer)])).toEqual(
          Array(CUSTOMERS - STOCK).fill([409, M.outOfStock]),
        );
        const codes = issued.map((answer) => contentOf(answer).coupon_code);
        expect(new Set(codes).size).toBe(STOCK);
        expect(issued.map((answer) => contentOf(answer))).toEqual(
          Array(STOCK).fill(expect.objectContaining({ status: 'issued', balance_after: FUNDS - COST })),
        );

        // Both servers see the reward sold out.
        for (const server of servers) {
          const res = await callAs(overHttp(server.url), admin)('GET', `/api/rewards/${reward._id}`);
          expect(res.json().content).toMatchObject({
            stock: STOCK,
            redeemed: STOCK,
            stock_left: 0,
            status: 'Out of stock',
          });
        }

        // One idempotency id sent to both servers at once (twice each): one redemption, the same answer.
        const unlimited = await createReward(call, {
          name: `Mug ${randomBytes(2).toString('hex')}`,
          description: 'Branded',
          type: 'coupon',
          cost: { currency: currency._id, amount: COST },
          coupon,
        });
        const repeater = customers[0] as string;
        const repeats: Answer[] = await Promise.all(
          [0, 1, 0, 1].map(async (server) => ({
            server,
            ...(await redeemOn(servers[server] as ServerProcess, key, repeater, {
              id: 'multi-repeat',
              reward_id: unlimited._id,
            })),
          })),
        );
        expect(repeats.map((answer) => answer.status)).toEqual([201, 201, 201, 201]);
        const once = contentOf(repeats[0] as Answer);
        for (const answer of repeats) expect(contentOf(answer)).toEqual(once);
        const startBalance = issued.some((answer) => contentOf(answer).customer_id === repeater)
          ? FUNDS - COST
          : FUNDS;
        expect(once.balance_after).toBe(startBalance - COST);

        // What the database holds, read beside both servers.
        const db = await database.open();
        try {
          const [counted] = await db.query<{ redeemed: number; redemptions: string; codes: string }>(
            `SELECT r.redeemed,
                    (SELECT count(*) FROM reward_redemptions x WHERE x.reward_id = r.id)::text AS redemptions,
                    (SELECT count(DISTINCT coupon_code) FROM reward_redemptions x WHERE x.reward_id = r.id)::text AS codes
             FROM rewards r WHERE r.id = $1`,
            [reward._id],
          );
          expect(counted).toEqual({ redeemed: STOCK, redemptions: String(STOCK), codes: String(STOCK) });
          const [repeated] = await db.query<{ n: string }>(
            `SELECT count(*)::text AS n FROM reward_redemptions WHERE client_id = $1 AND idempotency_id = 'multi-repeat'`,
            [admin.clientId],
          );
          expect(repeated?.n).toBe('1');
          const wallets = await db.query<{ customer_id: string; balance: string; ledger: string }>(
            `SELECT w.customer_id, w.balance::text AS balance,
                    (SELECT coalesce(sum(e.value), 0) FROM economy_transactions e WHERE e.client_id = w.client_id
                       AND e.customer_id = w.customer_id AND e.currency_id = w.currency_id)::text AS ledger
             FROM wallets w WHERE w.client_id = $1 AND w.currency_id = $2`,
            [admin.clientId, currency._id],
          );
          expect(wallets).toHaveLength(CUSTOMERS);
          expect(wallets.filter((row) => Number(row.balance) !== Number(row.ledger))).toEqual([]);
          // Each winner paid once, the repeater once more, nobody else anything.
          const paid = new Map(issued.map((answer) => [contentOf(answer).customer_id, COST]));
          paid.set(repeater, (paid.get(repeater) ?? 0) + COST);
          expect(Object.fromEntries(wallets.map((row) => [row.customer_id, Number(row.balance)]))).toEqual(
            Object.fromEntries(customers.map((id) => [id, FUNDS - (paid.get(id) ?? 0)])),
          );
        } finally {
          await db.close();
        }
      } catch (error) {
        throw new Error(
          `${(error as Error).message}\n${servers.map((s, i) => `server ${i}: ${s.output()}`).join('\n')}`,
        );
      } finally {
        for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGTERM');
        await Promise.all(servers.map((server) => exitOf(server.child)));
        await database.close();
      }
    }, 300_000);
  },
);

import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCurrency, createEarnConfig, segmentId, spend } from '../../../test/economy-helpers';
import {
  addCustomer,
  bearer,
  createApiKey,
  createClientAndSignIn,
  postEvents,
  type SignedIn,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { arrayParam, rowsOf } from '../../db/raw-sql';
import { expireDueLots } from './expiry';

/**
 * A model run (issue 13): random orders, refunds, recoveries, spends, credits, expiries and replays, processed
 * in random batches. After every step each wallet's balance equals the sum of its ledger, the sum of its lots and
 * the model's balance; it is never negative; XP equals its ledger; and no effect is in the ledger twice.
 */

const CUSTOMERS = 3;
const DAY = 86_400_000;

type Action =
  | { kind: 'order'; customer: number; cents: number }
  | { kind: 'refund'; order: number }
  | { kind: 'recover'; order: number }
  | { kind: 'spend'; customer: number; cents: number }
  | { kind: 'credit'; customer: number; cents: number }
  | { kind: 'expire' }
  | { kind: 'replay'; order: number }
  | { kind: 'process' };

const action: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('order' as const),
      customer: fc.nat(CUSTOMERS - 1),
      cents: fc.integer({ min: 1, max: 50_000 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('refund' as const), order: fc.nat(20) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('recover' as const), order: fc.nat(20) }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('spend' as const),
      customer: fc.nat(CUSTOMERS - 1),
      cents: fc.integer({ min: 1, max: 3_000 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('credit' as const),
      customer: fc.nat(CUSTOMERS - 1),
      cents: fc.integer({ min: 1, max: 2_000 }),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'expire' as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('replay' as const), order: fc.nat(20) }) },
  { weight: 3, arbitrary: fc.constant({ kind: 'process' as const }) },
);

let t: TestApp;
let admin: SignedIn;
let key: string;
let currency: string;
let run = 0;

beforeAll(async () => {
  // Hundreds of calls a minute from one key and token: the model run is not what rate limits are for.
  t = await createTestApp({
    env: { RATE_LIMIT_IP_PER_MINUTE: '1000000', RATE_LIMIT_TOKEN_PER_MINUTE: '1000000' },
  });
  admin = await createClientAndSignIn(t.app, { plan: 'GROWTH' });
  key = (await createApiKey(t.app, admin)).key;
  currency = (
    await createCurrency(t.app, admin, { code: 'PROP', expiry_policy: 'after_days', expiry_days: 30 })
  )._id;
  const everyone = await segmentId(t.app, admin);
  await createEarnConfig(t.app, admin, {
    type: 'Currency',
    trigger_value: 100,
    earn_amount: 5,
    segment_id: everyone,
    earn_target: currency,
  });
  await createEarnConfig(t.app, admin, {
    type: 'Statistic',
    trigger_value: 10,
    earn_amount: 1,
    segment_id: everyone,
  });
});
afterAll(() => t.close());

type ModelOrder = {
  customer: number;
  ref: string;
  event: Record<string, unknown>;
  counted: boolean;
  earned: number;
  net: number;
  processed: boolean;
};

const checkBooks = async (customers: string[], model: number[], drained: boolean) => {
  // An event the engine set aside for a retry is not processed yet, whatever the model assumed: say so plainly.
  const waiting = await rowsOf<{ external_id: string; attempts: number; error: string | null }>(
    t.ctx.database.db,
    sql`SELECT external_id, attempts, error FROM events
        WHERE status <> 'processed' AND status <> 'duplicate' AND customer_id = ANY(${arrayParam(customers)}::text[])`,
  );
  if (drained) expect(waiting, 'events not processed after a drain').toEqual([]);
  const rows = await rowsOf<{
    customer_id: string;
    balance: string;
    ledger: string;
    lots: string;
    negative: boolean;
  }>(
    t.ctx.database.db,
    sql`SELECT w.customer_id, w.balance::text,
               (SELECT coalesce(sum(value), 0)::text FROM economy_transactions e WHERE e.customer_id = w.customer_id AND e.currency_id = w.currency_id) AS ledger,
               (SELECT coalesce(sum(remaining), 0)::text FROM wallet_lots l WHERE l.customer_id = w.customer_id AND l.currency_id = w.currency_id) AS lots,
               w.balance < 0 AS negative
        FROM wallets w WHERE w.customer_id = ANY(${arrayParam(customers)}::text[]) AND w.currency_id = ${currency}`,
  );
  for (const [index, customerId] of customers.entries()) {
    const row = rows.find((r) => r.customer_id === customerId);
    const balance = row ? Math.round(Number(row.balance) * 100) : 0;
    expect(balance, `customer ${index} balance against the model`).toBe(model[index]);
    if (!row) continue;
    expect(row.negative).toBe(false);
    expect(row.ledger, 'balance equals its ledger').toBe(row.balance);
    expect(row.lots, 'balance equals its lots').toBe(row.balance);
  }
  const [twice] = await rowsOf<{ n: string }>(
    t.ctx.database.db,
    sql`SELECT count(*)::text AS n FROM (
          SELECT 1 FROM economy_transactions WHERE customer_id = ANY(${arrayParam(customers)}::text[])
          GROUP BY cause_kind, cause_id, event_id, coalesce(currency_id, '') HAVING count(*) > 1) d`,
  );
  expect(twice?.n, 'no effect twice').toBe('0');
  const xp = await rowsOf<{ customer_id: string; ledger: string; statistic: string | null }>(
    t.ctx.database.db,
    sql`SELECT c.id AS customer_id,
               (SELECT coalesce(sum(xp_points_earned), 0)::text FROM economy_transactions e WHERE e.customer_id = c.id) AS ledger,
               (SELECT ps.value::text FROM player_statistics ps JOIN statistics s ON s.id = ps.statistic_id AND s.name = 'xp'
                WHERE ps.customer_id = c.id ORDER BY ps.version DESC LIMIT 1) AS statistic
        FROM customers c WHERE c.id = ANY(${arrayParam(customers)}::text[])`,
  );
  for (const row of xp) {
    expect(Number(row.statistic ?? 0), 'xp equals its ledger').toBeCloseTo(Number(row.ledger), 6);
    expect(Number(row.ledger)).toBeGreaterThanOrEqual(0);
  }
};

describe('economy model run', () => {
  it('keeps every wallet equal to its ledger and the model, never negative, each effect once', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 5, maxLength: 18 }), async (actions) => {
        run += 1;
        const customers: string[] = [];
        for (let i = 0; i < CUSTOMERS; i++) customers.push(await addCustomer(t.app, admin));
        const balances = customers.map(() => 0);
        const orders: ModelOrder[] = [];
        const pending: { apply: () => void }[] = [];
        let clock = Date.now() - DAY;
        const at = () => {
          clock += 1000;
          return new Date(clock).toISOString();
        };
        const post = async (event: Record<string, unknown>, apply: () => void) => {
          const res = await postEvents(t.app, key, event);
          expect([200, 202]).toContain(res.statusCode);
          pending.push({ apply });
        };
        const counted = (customer: number, cents: number) => {
          balances[customer] = (balances[customer] ?? 0) + cents;
        };
        const clawback = (order: ModelOrder) => {
          const take = Math.min(order.net, balances[order.customer] ?? 0);
          counted(order.customer, -take);
          order.net = 0;
        };
        for (const [step, act] of actions.entries()) {
          if (act.kind === 'order') {
            const ref = `p${run}-o${orders.length}`;
            const event = {
              id: `p${run}-created-${orders.length}`,
              type: 'order.created',
              customer: { _id: customers[act.customer] },
              occurred_at: at(),
              data: {
                order_id: ref,
                total: act.cents / 100,
                items: [{ price: act.cents / 100, quantity: 1 }],
              },
            };
            const order: ModelOrder = {
              customer: act.customer,
              ref,
              event,
              counted: false,
              earned: 0,
              net: 0,
              processed: false,
            };
            orders.push(order);
            await post(event, () => {
              order.processed = true;
              order.counted = true;
              order.earned = Math.round((act.cents * 5) / 100);
              order.net = order.earned;
              counted(order.customer, order.earned);
            });
          } else if (act.kind === 'refund' || act.kind === 'recover') {
            const order = orders[act.order % Math.max(1, orders.length)];
            if (!order) continue;
            const status = act.kind === 'refund' ? 'REFUNDED' : 'FULFILLED';
            await post(
              {
                id: `p${run}-status-${step}`,
                type: 'order.status-change',
                customer: { _id: customers[order.customer] },
                occurred_at: at(),
                data: { order_id: order.ref, status },
              },
              () => {
                if (act.kind === 'refund' && order.counted) {
                  order.counted = false;
                  clawback(order);
                } else if (act.kind === 'recover' && !order.counted) {
                  order.counted = true;
                  if (order.earned > 0) {
                    order.net = order.earned;
                    counted(order.customer, order.earned);
                  }
                }
              },
            );
          } else if (act.kind === 'replay') {
            const order = orders[act.order % Math.max(1, orders.length)];
            if (!order) continue;
            const res = await postEvents(t.app, key, order.event);
            expect(res.statusCode, 'a replayed event is a duplicate').toBe(200);
          } else if (act.kind === 'spend') {
            const id = `p${run}-spend-${step}`;
            const body = { id, currency, amount: act.cents / 100 };
            const res = await spend(t.app, key, customers[act.customer] as string, body);
            const covered = (balances[act.customer] ?? 0) >= act.cents;
            expect(res.statusCode, res.body).toBe(covered ? 200 : 409);
            if (covered) {
              counted(act.customer, -act.cents);
              // The same spend again answers the first answer and takes nothing more.
              const again = await spend(t.app, key, customers[act.customer] as string, body);
              expect(again.json().content).toEqual(res.json().content);
            }
          } else if (act.kind === 'credit') {
            const res = await t.app.inject({
              method: 'POST',
              url: `/api/economy/customers/${customers[act.customer]}/adjustments`,
              headers: bearer(admin.clientToken),
              payload: { currency, direction: 'credit', amount: act.cents / 100, reason: 'Model' },
            });
            expect(res.statusCode, res.body).toBe(200);
            counted(act.customer, act.cents);
          } else if (act.kind === 'expire') {
            // Everything credited so far is due 30 days on; only processed balances exist to expire.
            await expireDueLots(t.ctx.database, new Date(Date.now() + 31 * DAY));
            for (let i = 0; i < balances.length; i++) balances[i] = 0;
          } else {
            await t.ctx.engine.drain();
            for (const event of pending.splice(0)) event.apply();
          }
          await checkBooks(customers, balances, pending.length === 0);
        }
        await t.ctx.engine.drain();
        for (const event of pending.splice(0)) event.apply();
        await checkBooks(customers, balances, true);
      }),
      { numRuns: Number(process.env.ECONOMY_PROPERTY_RUNS ?? 20), endOnFailure: true },
    );
  }, 600_000);
});

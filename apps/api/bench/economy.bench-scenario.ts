/**
 * Economy scenario of `npm run bench:engine` (issue 13): a tenant with 5 earn configs active (3 cashback configs
 * over 2 currencies, one excluding a category, and 2 XP configs, all for AllPlayers) gets BENCH_ECONOMY_ORDERS
 * order.created events with 1-3 lines each, posted over HTTP by the bench's senders and processed by the worker:
 * orders/s processed end to end. Then BENCH_ECONOMY_SPENDS integrator spends (`POST /api/v1/players/:id/spend`,
 * each a locked balance update with its ledger row and idempotency record) by as many concurrent senders:
 * spends/s. Beside them, the floor: as many two-statement transactions (UPDATE a balance row, INSERT a ledger row)
 * on copies of the wallets and ledger tables, on the same number of connections.
 *
 * Checked: every wallet equals its ledger and its lots; each customer's cashback in each currency and XP equal what
 * the bench computes from the lines it sent; each spend answered 200 with the balance expected, or 409 'Insufficient
 * balance' when the model says the balance did not cover it (every 20th spend of a sender asks for more than the
 * balance, so the refusal is exercised under the same concurrency).
 *
 * With the engine bench's CPU meter, the CPU of the API, the worker and the PostgreSQL backends is measured per
 * order, per spend and per floor transaction: where the time of each goes.
 */

import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import {
  assert,
  type CpuShares,
  call,
  type cpuMeter,
  ensureClient,
  envInt,
  fmtInt,
  log,
  must,
  type Server,
} from './bench-support';
import { subscribeEveryType, waitDelivered } from './engine-bench-webhooks';
import { profileStatements } from './statement-profile';

const ORDERS = envInt('BENCH_ECONOMY_ORDERS', 20_000, 100, 5_000_000);
const SPENDS = envInt('BENCH_ECONOMY_SPENDS', 5_000, 10, 1_000_000);
const CUSTOMERS = envInt('BENCH_ECONOMY_CUSTOMERS', 2_000, 10, 1_000_000);
const BATCH = 500;
const EXCLUDED_CATEGORY = 'e'.repeat(24);

type Config = {
  type: 'Currency' | 'Statistic';
  trigger: number;
  earn: number;
  currency: 0 | 1 | null;
  excluding: boolean;
};
/** The 5 earn configs: 5% and 1% cashback in the first currency (the 1% not on the excluded category), 2% in the second; XP 1 per 10 and 1 per 50. */
const CONFIGS: Config[] = [
  { type: 'Currency', trigger: 100, earn: 5, currency: 0, excluding: false },
  { type: 'Currency', trigger: 100, earn: 1, currency: 0, excluding: true },
  { type: 'Currency', trigger: 50, earn: 1, currency: 1, excluding: false },
  { type: 'Statistic', trigger: 10, earn: 1, currency: null, excluding: false },
  { type: 'Statistic', trigger: 50, earn: 1, currency: null, excluding: false },
];

const earned = (cents: number, config: Config) => Math.round((cents * config.earn) / config.trigger);

/** bench-support's CPU meter: start it, then call what it returns for the CPU seconds used meanwhile. */
export type CpuMeter = ReturnType<typeof cpuMeter>;
type CpuUsed = CpuShares;

export type EconomyResult = {
  orders: number;
  orderSeconds: number;
  spends: number;
  spendsOk: number;
  spendsRefused: number;
  spendSeconds: number;
  floorTransactions: number;
  floorSeconds: number;
  connections: number;
  wallets: number;
  cpu: { orders: CpuUsed; spends: CpuUsed; floor: CpuUsed } | null;
};

const seedCustomers = async (pool: pg.Pool, clientId: string) => {
  const run = randomBytes(3).toString('hex');
  const { rows } = await pool.query<{ id: string }>(
    `INSERT INTO customers (id, client_id, name, surname, email, cell_number, status, member_date, created_at, updated_at)
     SELECT substr(md5($1::text || ':economy:' || g), 1, 24), $1, 'Spender', 'No ' || g,
            'spender' || g || '.' || $3 || '@bench.laurel.test', '+2783' || lpad(g::text, 7, '0'), 'ACTIVE',
            to_char(now(), 'YYYY-MM-DD'), now(), now()
     FROM generate_series(1, $2::int) AS g RETURNING id`,
    [clientId, CUSTOMERS, run],
  );
  return rows.map((row) => row.id);
};

/** Runs the scenario against the running API and worker; `waitSettled` is the engine bench's own. */
export const runEconomyScenario = async (
  server: Server,
  pool: pg.Pool,
  connections: number,
  waitSettled: (pool: pg.Pool, clientId: string, label: string) => Promise<number>,
  cpu?: CpuMeter,
): Promise<EconomyResult> => {
  const run = randomBytes(4).toString('hex');
  const owner = await ensureClient(server, {
    email: `bench.economy.${run}@laurel.test`,
    password: 'bench password 1',
    alias: 'Bench Economy',
    name: 'Bench Economy (Pty) Ltd',
  });
  const token = owner.clientToken;
  const apiKey = (
    await must(server, 'POST', '/api/integrations/api-keys', { token, body: { name: 'bench' } })
  ).content.key as string;
  await subscribeEveryType(server, token);
  const currencies: string[] = [];
  for (const code of ['BNA', 'BNB'])
    currencies.push(
      (
        await must(server, 'POST', '/api/economy/currencies', {
          token,
          body: { type: 'custom', name: `Bench ${code}`, code, conversion_rate: 1 },
        })
      ).content._id,
    );
  const segments = await must(server, 'GET', '/api/segments?size=50', { token });
  const allPlayers = (segments.content as { _id: string; name: string }[]).find(
    (s) => s.name === 'AllPlayers',
  )?._id;
  assert(typeof allPlayers === 'string', 'no AllPlayers segment');
  for (const config of CONFIGS) {
    await must(server, 'POST', '/api/economy/earn-configs', {
      token,
      body: {
        type: config.type,
        trigger_value: config.trigger,
        earn_amount: config.earn,
        segment_id: allPlayers,
        ...(config.currency === null ? {} : { earn_target: currencies[config.currency] }),
        ...(config.excluding ? { exclude_type: 'category', excluded_category_ids: [EXCLUDED_CATEGORY] } : {}),
      },
    });
  }
  const customers = await seedCustomers(pool, owner.clientId);
  log(
    `economy: client ${owner.clientId}, 2 currencies, ${CONFIGS.length} earn configs, ${fmtInt(CUSTOMERS)} customers`,
  );

  // ---- orders: what each customer should earn, from the lines sent ----
  const expected = new Map<string, number[]>(customers.map((id) => [id, [0, 0, 0]]));
  let seq = 0;
  const started = Date.now() - 3_600_000;
  const orderEvent = () => {
    seq += 1;
    const customer = customers[seq % customers.length] as string;
    const lines = Array.from({ length: 1 + (seq % 3) }, (_, i) => ({
      price: (100 + ((seq * 37 + i * 101) % 9_900)) / 100,
      quantity: 1 + ((seq + i) % 2),
      ...(i === 1 ? { category_ids: [EXCLUDED_CATEGORY] } : {}),
    }));
    const cents = lines.map((line) => Math.round(line.price * 100) * line.quantity);
    const all = cents.reduce((a, b) => a + b, 0);
    const included = cents.filter((_, i) => i !== 1).reduce((a, b) => a + b, 0);
    const sums = expected.get(customer) as number[];
    for (const config of CONFIGS) {
      const amount = earned(config.excluding ? included : all, config);
      if (config.currency === null) sums[2] = (sums[2] ?? 0) + amount;
      else sums[config.currency] = (sums[config.currency] ?? 0) + amount;
    }
    return {
      id: `economy-order-${run}-${seq}`,
      type: 'order.created',
      customer: { _id: customer },
      occurred_at: new Date(started + seq * 10).toISOString(),
      data: { order_id: `eco-${run}-${seq}`, total: all / 100, items: lines },
    };
  };
  const orderCpu = cpu ? await cpu() : null;
  const orderStarted = performance.now();
  let posted = 0;
  const postAll = async (agent: http.Agent) => {
    while (posted < ORDERS) {
      const size = Math.min(BATCH, ORDERS - posted);
      posted += size;
      const events = Array.from({ length: size }, orderEvent);
      const res = await call(server, 'POST', '/api/v1/events', { apiKey, agent, body: { events } });
      assert(res.status === 200, `economy orders: POST answered ${res.status}: ${res.body.slice(0, 300)}`);
      for (const answer of res.json.content as { status: string }[])
        assert(answer.status === 'accepted', `economy orders: ${JSON.stringify(answer)}`);
    }
  };
  const agents = Array.from(
    { length: connections },
    () => new http.Agent({ keepAlive: true, maxSockets: 1 }),
  );
  await Promise.all(agents.map(postAll));
  const settled = await waitSettled(pool, owner.clientId, 'economy orders');
  const orderSeconds = (settled - orderStarted) / 1000;
  const orderCpuUsed = orderCpu ? await orderCpu() : null;
  log(`economy: ${fmtInt(ORDERS)} orders processed in ${orderSeconds.toFixed(1)} s`);

  // ---- checked: wallets, ledger, lots and XP against what was sent ----
  const check = async (balances: Map<string, number[]>) => {
    const { rows } = await pool.query<{
      customer_id: string;
      currency_id: string;
      cents: string;
      ledger: string;
      lots: string;
    }>(
      `SELECT w.customer_id, w.currency_id, round(w.balance * 100)::text AS cents,
              round((SELECT coalesce(sum(value), 0) FROM economy_transactions e WHERE e.client_id = w.client_id
                     AND e.customer_id = w.customer_id AND e.currency_id = w.currency_id) * 100)::text AS ledger,
              round((SELECT coalesce(sum(remaining), 0) FROM wallet_lots l
                     WHERE l.customer_id = w.customer_id AND l.currency_id = w.currency_id) * 100)::text AS lots
       FROM wallets w WHERE w.client_id = $1`,
      [owner.clientId],
    );
    for (const row of rows) {
      const want = balances.get(row.customer_id)?.[currencies.indexOf(row.currency_id)];
      assert(
        row.cents === row.ledger && row.cents === row.lots,
        `economy: wallet ${JSON.stringify(row)} is not its ledger`,
      );
      assert(Number(row.cents) === want, `economy: wallet ${JSON.stringify(row)}, expected ${want} cents`);
    }
    const { rows: xp } = await pool.query<{ customer_id: string; xp: string }>(
      `SELECT ps.customer_id, round(ps.value * 100)::text AS xp FROM player_statistics ps
       JOIN statistics s ON s.id = ps.statistic_id AND s.name = 'xp' WHERE ps.client_id = $1`,
      [owner.clientId],
    );
    for (const row of xp)
      assert(Number(row.xp) === balances.get(row.customer_id)?.[2], `economy: XP ${JSON.stringify(row)}`);
    return rows.length;
  };
  const wallets = await check(expected);
  await waitDelivered(pool, 'economy orders');

  // ---- spends: concurrent integrator spends, each answered as the model says ----
  let spent = 0;
  let ok = 0;
  let refused = 0;
  const spendStatements = await profileStatements(pool, 'economy: spends');
  const spendCpu = cpu ? await cpu() : null;
  const spendStarted = performance.now();
  const spendAll = async (agent: http.Agent, sender: number) => {
    // Each sender spends for its own customers, so the model knows every balance before each answer.
    const mine = customers.filter((_, i) => i % connections === sender);
    let n = 0;
    while (spent < SPENDS) {
      spent += 1;
      n += 1;
      const customer = mine[n % mine.length] as string;
      const which = n % 2;
      const balance = (expected.get(customer) as number[])[which] as number;
      // Every 20th asks for more than the balance: refused, nothing spent.
      const cents = n % 20 === 0 ? balance + 1 + (n % 100) : 1 + ((n * 7919) % 400);
      const res = await call(server, 'POST', `/api/v1/players/${customer}/spend`, {
        apiKey,
        agent,
        body: {
          id: `spend-${run}-${sender}-${n}`,
          currency: currencies[which],
          amount: cents / 100,
          reason: 'Bench',
        },
      });
      if (balance >= cents) {
        assert(res.status === 200, `spend answered ${res.status}: ${res.body.slice(0, 300)}`);
        (expected.get(customer) as number[])[which] = balance - cents;
        assert(Math.round(res.json.content.balance * 100) === balance - cents, `spend balance ${res.body}`);
        ok += 1;
      } else {
        assert(
          res.status === 409 && res.json.message === 'Insufficient balance',
          `spend over the balance answered ${res.status}: ${res.body.slice(0, 300)}`,
        );
        refused += 1;
      }
    }
  };
  await Promise.all(agents.map(spendAll));
  const spendSeconds = (performance.now() - spendStarted) / 1000;
  const spendCpuUsed = spendCpu ? await spendCpu() : null;
  await spendStatements();
  for (const agent of agents) agent.destroy();
  await check(expected);
  log(
    `economy: ${fmtInt(SPENDS)} spends in ${spendSeconds.toFixed(1)} s (${fmtInt(ok)} paid, ${fmtInt(refused)} refused)`,
  );

  // ---- the floor: two-statement transactions on copies of the tables ----
  const floor = await measureSpendFloor(pool, owner.clientId, connections, SPENDS, cpu);
  return {
    orders: ORDERS,
    orderSeconds,
    spends: SPENDS,
    spendsOk: ok,
    spendsRefused: refused,
    spendSeconds,
    floorTransactions: floor.transactions,
    floorSeconds: floor.seconds,
    connections,
    wallets,
    cpu:
      orderCpuUsed && spendCpuUsed && floor.cpu
        ? { orders: orderCpuUsed, spends: spendCpuUsed, floor: floor.cpu }
        : null,
  };
};

/**
 * The floor of a spend (and of anything else that debits a wallet): `transactions` two-statement transactions
 * (UPDATE a balance row, INSERT a ledger row) by `connections` connections of `pool` (so it needs that many), on
 * copies of the wallets and ledger tables holding the client's wallets, dropped at the end. The same work a
 * debit cannot do without, with no HTTP, no API and no checks: what an endpoint's rate is compared with.
 */
export const measureSpendFloor = async (
  pool: pg.Pool,
  clientId: string,
  connections: number,
  transactions: number,
  cpu?: CpuMeter,
) => {
  const run = randomBytes(4).toString('hex');
  const wallet = `bench_floor_wallets_${run}`;
  const ledger = `bench_floor_ledger_${run}`;
  await pool.query(`CREATE TABLE ${wallet} (LIKE wallets INCLUDING ALL)`);
  await pool.query(`CREATE TABLE ${ledger} (LIKE economy_transactions INCLUDING ALL)`);
  try {
    await pool.query(`INSERT INTO ${wallet} SELECT * FROM wallets WHERE client_id = $1`, [clientId]);
    await pool.query(`UPDATE ${wallet} SET balance = 1000000`);
    const { rows: floorWallets } = await pool.query<{ customer_id: string; currency_id: string }>(
      `SELECT customer_id, currency_id FROM ${wallet}`,
    );
    assert(floorWallets.length > 0, 'floor: the client has no wallet to copy');
    let done = 0;
    const floorCpu = cpu ? await cpu() : null;
    const floorStarted = performance.now();
    await Promise.all(
      Array.from({ length: connections }, async (_, sender) => {
        const client = await pool.connect();
        try {
          let n = 0;
          while (done < transactions) {
            done += 1;
            n += 1;
            const target = floorWallets[(n * connections + sender) % floorWallets.length] as {
              customer_id: string;
              currency_id: string;
            };
            await client.query('BEGIN');
            const { rows } = await client.query<{ balance: string }>(
              `UPDATE ${wallet} SET balance = balance - 0.01, updated_at = now()
               WHERE customer_id = $1 AND currency_id = $2 RETURNING balance::text`,
              [target.customer_id, target.currency_id],
            );
            await client.query(
              `INSERT INTO ${ledger} (id, client_id, customer_id, currency_id, transaction_type, value,
                 wallet_balance_post_transaction, cause_kind, cause_id, event_id, reference, occurred_at)
               VALUES ($1, $2, $3, $4, 'Spending', -0.01, $5, 'spend', $1, $1, $1, now())`,
              [`floor-${sender}-${n}`, clientId, target.customer_id, target.currency_id, rows[0]?.balance],
            );
            await client.query('COMMIT');
          }
        } finally {
          client.release();
        }
      }),
    );
    const seconds = (performance.now() - floorStarted) / 1000;
    return { transactions: done, seconds, cpu: floorCpu ? await floorCpu() : null };
  } finally {
    await pool.query(`DROP TABLE IF EXISTS ${wallet}`);
    await pool.query(`DROP TABLE IF EXISTS ${ledger}`);
  }
};

/** The scenario's lines of the bench report. */
export const economyReport = (
  result: EconomyResult,
  line: (label: string, value: string) => void,
  out: string[],
) => {
  const ordersPerSecond = result.orders / result.orderSeconds;
  const spendsPerSecond = result.spends / result.spendSeconds;
  const floorPerSecond = result.floorTransactions / result.floorSeconds;
  out.push(
    `Economy: 5 earn configs active (3 cashback over 2 currencies, one excluding a category; 2 XP), ${fmtInt(CUSTOMERS)} ` +
      `customers; ${fmtInt(result.orders)} orders of 1-3 lines posted by ${result.connections} senders`,
  );
  line('orders/s processed end to end (cashback and XP earned)', fmtInt(ordersPerSecond));
  line(
    `spends/s over HTTP, ${result.connections} senders (${fmtInt(result.spendsOk)} paid, ${fmtInt(result.spendsRefused)} 409)`,
    fmtInt(spendsPerSecond),
  );
  line(
    `floor: UPDATE balance + INSERT ledger row per transaction, ${result.connections} connections`,
    `${fmtInt(floorPerSecond)} tx/s`,
  );
  line('ratio spends / floor', (spendsPerSecond / floorPerSecond).toFixed(2));
  if (result.cpu) {
    const { orders, spends, floor } = result.cpu;
    const per = (used: CpuUsed, count: number) =>
      `API ${((used.used.api * 1000) / count).toFixed(2)}, worker ${((used.used.worker * 1000) / count).toFixed(2)}, ` +
      `PostgreSQL ${((used.used.postgres * 1000) / count).toFixed(2)} ms; machine busy ${used.busy.toFixed(2)} of 2 cores`;
    out.push(`  CPU per order: ${per(orders, result.orders)}`);
    out.push(`  CPU per spend: ${per(spends, result.spends)}`);
    out.push(`  CPU per floor transaction: ${per(floor, result.floorTransactions)}`);
  }
  out.push(
    `Checked, economy: ${fmtInt(result.wallets)} wallets equal their ledger, their lots and the cashback computed from ` +
      'the lines sent; XP equals the same; every spend answered 200 with the expected balance or 409 as the model said',
  );
};

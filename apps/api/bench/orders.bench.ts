/**
 * Orders benchmark (`npm run bench:orders`): BENCH_ORDERS orders (default 10,000,000) of BENCH_CUSTOMERS customers
 * (default 1,000,000) over 20 branches, seeded with SQL (INSERT … SELECT generate_series, never through the API),
 * then the API as a child process over loopback, with the targets checked against what it measures:
 *
 *   1. list latency, p50/p95 of sequential requests: the Orders table's first page, a status filter, sort by
 *      total, a branch manager's list, page 10,000, and one customer's analytics and order summary (p95 < 100 ms);
 *   2. POST /api/v1/orders throughput with the engine running in the API process: orders/s accepted (201) by
 *      BENCH_SENDERS concurrent senders, and orders/s processed (each order's order.created counted by the engine);
 *   3. the floor, measured in the same run: two-statement write transactions (two INSERTs, one commit) on as many
 *      connections, PostgreSQL alone.
 *
 * Not a test (DESIGN §8): it seeds its own database and prints numbers and ratios. It exits 0 whether targets are
 * met or missed; 1 only when something errored (every answer is checked: a broken endpoint must not look fast).
 *
 * Environment (all optional):
 *   DATABASE_URL        use this PostgreSQL database (only the bench client's rows are written); otherwise a fresh
 *                       `laurel_bench_<random>` database is created on BENCH_ADMIN_URL's server and dropped at the end
 *   BENCH_ADMIN_URL     default postgres://postgres@127.0.0.1:5432/test
 *   BENCH_ORDERS        default 10000000;  BENCH_CUSTOMERS  default 1000000
 *   BENCH_REQUESTS      measured requests per scenario, default 200 (after BENCH_WARMUP, default 20)
 *   BENCH_SENDERS       concurrent senders of orders, default 8;  BENCH_POST_SECONDS  default 20
 *   BENCH_KEEP_DB=1     keep the created database (its URL is printed), e.g. to EXPLAIN against it afterwards
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import {
  countOf,
  customerCell,
  customerEmail,
  customerId,
  customerName,
  ensureBenchClient,
  loadWithoutIndexes,
  NAMES,
  reseedCustomers,
  SURNAMES,
  seedInTransaction,
} from './bench-seed';
import {
  assert,
  call,
  type Defer,
  envInt,
  fmtInt,
  fmtMs,
  type Latency,
  latencyTable,
  loadAverageLine,
  log,
  measureGets,
  percentile,
  platformLine,
  runBench,
  type Server,
  sleep,
  startSeededBench,
} from './bench-support';

// ---------------------------------------------------------------------------------------------------------------
// Settings

const ORDERS = envInt('BENCH_ORDERS', 10_000_000, 100_000, 50_000_000);
const CUSTOMERS = envInt('BENCH_CUSTOMERS', 1_000_000, 10_000, 5_000_000);
const REQUESTS = envInt('BENCH_REQUESTS', 200, 10, 5_000);
const WARMUP = envInt('BENCH_WARMUP', 20, 0, 1_000);
const SENDERS = envInt('BENCH_SENDERS', 8, 1, 64);
const POST_SECONDS = envInt('BENCH_POST_SECONDS', 20, 2, 600);
/** Page 10,000 of 15 needs 150,000 orders. */
const DEEP_PAGE = Math.min(10_000, Math.floor(ORDERS / 30));
const BRANCHES = 20;
const SCENARIO_BUDGET_MS = 120_000;
const PROCESSING_TIMEOUT_MS = 600_000;

/** The target. */
const TARGET_P95_MS = 100;

// ---------------------------------------------------------------------------------------------------------------
// The bench client: registered, on BUSINESS, 20 branches, a branch manager and an API key, all through the API

const setUpClient = (server: Server) =>
  ensureBenchClient(server, {
    area: 'orders',
    title: 'Orders',
    branches: BRANCHES,
    permissions: { ORDERS: { read: true } },
  });

// ---------------------------------------------------------------------------------------------------------------
// Seeding: customers, then orders, each with one INSERT … SELECT generate_series; the orders' secondary indexes
// are built once after the load when the table is ours alone (several times faster than row by row)

/**
 * Orders over three years, in creation order; each attribute from a hash of the row number. 3% are guests'. The
 * statuses: 60% FULFILLED, 10% POS-ORDERED, 8% ORDERED, 6% PROCESSING, 4% PARTIALLY-FULFILLED, 7% CANCELLED,
 * 5% REFUNDED. Counted as the engine would have left them (the statistics themselves are not seeded).
 */
const ORDERS_SQL = `
INSERT INTO orders (id, client_id, customer_id, branch_id, code, external_id, source, counted_at, counted, status,
  method, total_minor, delivery_fee_minor, payment_method, payment_location, customer_name, customer_email,
  customer_contact_number, expected_fulfilment_date, request_hash, history_seq, ordered_at, created_at, updated_at)
SELECT substr(md5($1::text || ':o:' || g), 1, 24), $1,
  CASE WHEN guest THEN NULL ELSE ${customerId('c')} END,
  ($4::text[])[1 + h1 % array_length($4::text[], 1)],
  'ORD-' || lpad(g::text, 8, '0'), 'ORD-' || g, 'api', ordered, status NOT IN ('CANCELLED', 'REFUNDED'), status,
  method, 1000 + h2 % 200000, CASE WHEN method = 'DELIVERY' THEN 2500 ELSE 0 END,
  (ARRAY['CARD', 'WALLET', 'VOUCHER'])[1 + h3 % 3], (ARRAY['in_store', 'online'])[1 + h3 % 2],
  CASE WHEN guest THEN 'Guest ' || g ELSE ${customerName('c')} END,
  CASE WHEN guest THEN NULL ELSE ${customerEmail('c')} END,
  CASE WHEN guest THEN NULL ELSE ${customerCell('c')} END,
  CASE WHEN method = 'DELIVERY' THEN ordered + interval '2 days' END, 'seed', 1, ordered, ordered, ordered
FROM (
  SELECT g, h1, h2, h3, 1 + h0 % $5::int AS c, h4 % 100 < 3 AS guest,
    CASE WHEN h2 % 2 = 0 THEN 'DELIVERY' ELSE 'COLLECTION' END AS method,
    CASE WHEN h5 % 100 < 60 THEN 'FULFILLED' WHEN h5 % 100 < 70 THEN 'POS-ORDERED' WHEN h5 % 100 < 78 THEN 'ORDERED'
         WHEN h5 % 100 < 84 THEN 'PROCESSING' WHEN h5 % 100 < 88 THEN 'PARTIALLY-FULFILLED'
         WHEN h5 % 100 < 95 THEN 'CANCELLED' ELSE 'REFUNDED' END AS status,
    now() - interval '3 years' + interval '3 years' * (g::float8 / $6::int) - interval '1 hour' AS ordered
  FROM (
    SELECT g,
      (hashint4extended(g, 0) & 2147483647)::int AS h0, (hashint4extended(g, 1) & 2147483647)::int AS h1,
      (hashint4extended(g, 2) & 2147483647)::int AS h2, (hashint4extended(g, 3) & 2147483647)::int AS h3,
      (hashint4extended(g, 4) & 2147483647)::int AS h4, (hashint4extended(g, 5) & 2147483647)::int AS h5
    FROM generate_series(1, $6::int) AS g
  ) hashed
) seeded`;

const seed = async (pool: pg.Pool, clientId: string, branchIds: string[]) => {
  const have = await countOf(pool, 'SELECT count(*) AS n FROM orders WHERE client_id = $1', [clientId]);
  if (have >= ORDERS) {
    log(`the bench client already has ${fmtInt(have)} orders: seeding skipped`);
    return null;
  }
  const seeded = await seedInTransaction(
    pool,
    { settings: { maintenance_work_mem: '1GB' }, vacuum: ['customers', 'orders'] },
    async (client) => {
      // Earlier partial runs of this bench client are cleared first (never another client's rows).
      for (const table of ['order_status_history', 'order_parcels', 'order_lines'])
        await client.query(`DELETE FROM ${table} WHERE client_id = $1`, [clientId]);
      await client.query('DELETE FROM events WHERE client_id = $1', [clientId]);
      await client.query('DELETE FROM orders WHERE client_id = $1', [clientId]);
      const customers = await reseedCustomers(client, clientId, branchIds, CUSTOMERS);
      const alone =
        (await client.query('SELECT 1 FROM orders WHERE client_id <> $1 LIMIT 1', [clientId])).rowCount === 0;
      const loaded = await loadWithoutIndexes(
        client,
        'orders',
        () => client.query(ORDERS_SQL, [clientId, NAMES, SURNAMES, branchIds, CUSTOMERS, ORDERS]),
        alone,
      );
      return { customers, orders: loaded.loadMs, indexes: loaded.indexMs };
    },
  );
  return { ...seeded.loaded, vacuum: seeded.vacuumMs };
};

// ---------------------------------------------------------------------------------------------------------------
// Latency scenarios

/** Warm-up then measured sequential requests as `token`; `check` throws on a wrong answer. */
const measure = (
  server: Server,
  token: string,
  urls: string[],
  check: (content: Record<string, unknown>, url: string) => void,
) =>
  measureGets(server, {
    token,
    urls,
    warmup: WARMUP,
    requests: REQUESTS,
    budgetMs: SCENARIO_BUDGET_MS,
    check,
  });

type OrderRow = { code: string; status: string; total: number; branch: { _id: string } | null };
const orderList = (params: Record<string, string | number>) =>
  `/api/v2/order/list?${new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]))}`;

const pageOf = (content: Record<string, unknown>, url: string, size = 15) => {
  const rows = content.order_list as OrderRow[];
  assert(Array.isArray(rows) && rows.length === size, `${url}: ${rows?.length} rows, expected ${size}`);
  const counted = content.count as number;
  assert(
    counted >= size && content.count_capped === counted > 10_000 && counted <= 10_001,
    `${url}: count ${counted} (capped ${content.count_capped})`,
  );
  return rows;
};

// ---------------------------------------------------------------------------------------------------------------
// POST /api/v1/orders throughput, and the two-statement floor

const postOrders = async (server: Server, apiKey: string, clientId: string, pool: pg.Pool) => {
  const customers = (
    await pool.query<{ id: string }>('SELECT id FROM customers WHERE client_id = $1 ORDER BY id LIMIT 5000', [
      clientId,
    ])
  ).rows.map((row) => row.id);
  const run = Date.now().toString(36);
  const accepted: string[] = [];
  const times: number[] = [];
  const deadline = performance.now() + POST_SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: SENDERS }, async (_, sender) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      for (let n = 0; performance.now() < deadline; n += 1) {
        const orderId = `BENCH-${run}-${sender}-${n}`;
        const res = await call(server, 'POST', '/api/v1/orders', {
          apiKey,
          agent,
          body: {
            order_id: orderId,
            customer: { _id: customers[(sender * 7919 + n) % customers.length] },
            method: 'COLLECTION',
            payment_method: 'CARD',
            items: [
              { sku: 'FLAT-WHITE', quantity: 2, price: 42.25 },
              { sku: 'CROISSANT', quantity: 1, price: 31 },
            ],
          },
        });
        if (res.status !== 201)
          throw new Error(`POST /api/v1/orders answered ${res.status}: ${res.body.slice(0, 300)}`);
        accepted.push(res.json.content._id);
        times.push(res.ms);
      }
      agent.destroy();
    }),
  );
  const postMs = performance.now() - started;
  // Processed: every one of these orders counted by the engine (its order.created processed).
  const waitStarted = Date.now();
  for (;;) {
    const waiting = await countOf(
      pool,
      `SELECT count(*) AS n FROM event_queue q JOIN events e ON e.id = q.event_id AND e.received_at = q.received_at
        WHERE q.client_id = $1 AND q.status = 'accepted' AND e.external_id LIKE 'order:%'`,
      [clientId],
    );
    if (waiting === 0) break;
    if (Date.now() - waitStarted > PROCESSING_TIMEOUT_MS)
      throw new Error(`${waiting} orders still unprocessed`);
    await sleep(100);
  }
  const processedMs = performance.now() - started;
  const counted = await countOf(
    pool,
    `SELECT count(*) AS n FROM orders WHERE id = ANY($1::text[]) AND counted`,
    [accepted],
  );
  assert(counted === accepted.length, `${counted} of ${accepted.length} posted orders counted by the engine`);
  const sorted = times.sort((a, b) => a - b);
  return {
    orders: accepted.length,
    acceptedPerSecond: accepted.length / (postMs / 1000),
    processedPerSecond: accepted.length / (processedMs / 1000),
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
  };
};

/** PostgreSQL alone: BEGIN; two single-row INSERTs; COMMIT — on SENDERS connections for the same time. */
const measureFloor = async (pool: pg.Pool) => {
  const table = `bench_orders_floor_${Date.now().toString(36)}`;
  await pool.query(
    `CREATE TABLE ${table}_a (id text PRIMARY KEY, client_id text NOT NULL, body jsonb NOT NULL)`,
  );
  await pool.query(
    `CREATE TABLE ${table}_b (id text PRIMARY KEY, client_id text NOT NULL, body jsonb NOT NULL)`,
  );
  try {
    let transactions = 0;
    const deadline = performance.now() + POST_SECONDS * 1000;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: SENDERS }, async (_, sender) => {
        const client = await pool.connect();
        try {
          for (let n = 0; performance.now() < deadline; n += 1) {
            const id = `${sender}-${n}`;
            await client.query('BEGIN');
            await client.query(`INSERT INTO ${table}_a VALUES ($1, 'bench', $2)`, [id, { n, total: 115.5 }]);
            await client.query(`INSERT INTO ${table}_b VALUES ($1, 'bench', $2)`, [id, { order: id }]);
            await client.query('COMMIT');
            transactions += 1;
          }
        } finally {
          client.release();
        }
      }),
    );
    return transactions / ((performance.now() - started) / 1000);
  } finally {
    await pool.query(`DROP TABLE IF EXISTS ${table}_a, ${table}_b`);
  }
};

// ---------------------------------------------------------------------------------------------------------------

const main = async (defer: Defer) => {
  const startedAt = Date.now();
  const { server, pool, version } = await startSeededBench(defer, SENDERS + 2);
  const { owner, manager, branchIds, managedBranchId, apiKey } = await setUpClient(server);

  log(`seeding ${fmtInt(CUSTOMERS)} customers and ${fmtInt(ORDERS)} orders…`);
  const seeded = await seed(pool, owner.clientId, branchIds);
  if (seeded)
    log(
      `seeded: customers ${(seeded.customers / 1000).toFixed(1)} s, orders ${(seeded.orders / 1000).toFixed(1)} s, ` +
        `indexes ${(seeded.indexes / 1000).toFixed(1)} s, vacuum ${(seeded.vacuum / 1000).toFixed(1)} s`,
    );
  const sizes = (
    await pool.query<{ heap: string; indexes: string }>(
      "SELECT pg_size_pretty(pg_table_size('orders')) AS heap, pg_size_pretty(pg_indexes_size('orders')) AS indexes",
    )
  ).rows[0];
  const sampleCustomers = (
    await pool.query<{ id: string }>(
      `SELECT customer_id AS id FROM orders WHERE client_id = $1 AND customer_id IS NOT NULL
        AND ordered_at > now() - interval '30 days' LIMIT 50`,
      [owner.clientId],
    )
  ).rows.map((row) => row.id);
  assert(sampleCustomers.length > 0, 'no customer with recent orders to sample');

  const token = owner.clientToken;
  const results: { label: string; stats: Latency }[] = [];
  const run = async (label: string, fn: () => Promise<Latency>) => {
    log(`measuring: ${label}`);
    results.push({ label, stats: await fn() });
  };
  await run('order list: first page', () =>
    measure(server, token, [orderList({ page: 1, size: 15 })], pageOf),
  );
  await run('status filter (CANCELLED)', () =>
    measure(server, token, [orderList({ page: 1, size: 15, status: 'CANCELLED' })], (content, url) =>
      assert(
        pageOf(content, url).every((row) => row.status === 'CANCELLED'),
        `${url}: another status`,
      ),
    ),
  );
  await run('sort by total, largest first', () =>
    measure(
      server,
      token,
      [orderList({ page: 1, size: 15, sort_key: 'total', sort_direction: 'desc' })],
      (content, url) => {
        const totals = pageOf(content, url).map((row) => row.total);
        assert(
          totals.every((total, i) => i === 0 || total <= (totals[i - 1] as number)),
          `${url}: not by total`,
        );
      },
    ),
  );
  await run("a branch manager's list", () =>
    measure(server, manager.clientToken, [orderList({ page: 1, size: 15 })], (content, url) =>
      assert(
        pageOf(content, url).every((row) => row.branch?._id === managedBranchId),
        `${url}: another branch`,
      ),
    ),
  );
  await run(`page ${fmtInt(DEEP_PAGE)}`, () =>
    measure(server, token, [orderList({ page: DEEP_PAGE, size: 15 })], pageOf),
  );
  await run("one customer's analytics", () =>
    measure(
      server,
      token,
      sampleCustomers.map((id) => `/api/v2/user/lifetime/analitycs?user_id=${id}`),
      (content, url) => assert(Number(content.order_count) > 0, `${url}: no orders`),
    ),
  );
  await run("one customer's order summary", () =>
    measure(
      server,
      token,
      sampleCustomers.map((id) => `/api/v2/user/list/order/summary?user_id=${id}`),
      (content, url) => assert(Number(content.count) > 0, `${url}: no orders`),
    ),
  );

  log(`POST /api/v1/orders for ${POST_SECONDS} s by ${SENDERS} senders, engine in the API process…`);
  const posted = await postOrders(server, apiKey, owner.clientId, pool);
  log(`the floor: two-statement transactions for ${POST_SECONDS} s on ${SENDERS} connections…`);
  const floor = await measureFloor(pool);

  const out: string[] = [''];
  out.push(
    `Orders benchmark: ${fmtInt(ORDERS)} orders, ${fmtInt(CUSTOMERS)} customers, ${BRANCHES} branches; ` +
      `${platformLine(version)}; ${loadAverageLine()}`,
  );
  out.push(
    seeded
      ? `Seed: customers ${(seeded.customers / 1000).toFixed(0)} s, orders ${(seeded.orders / 1000).toFixed(0)} s, ` +
          `index build ${(seeded.indexes / 1000).toFixed(0)} s, VACUUM ANALYZE ${(seeded.vacuum / 1000).toFixed(0)} s; ` +
          `orders heap ${sizes?.heap}, indexes ${sizes?.indexes}`
      : `Seed: reused; orders heap ${sizes?.heap}, indexes ${sizes?.indexes}`,
  );
  out.push(
    `Requests: ${REQUESTS} measured after ${WARMUP} warm-up, sequential, one keep-alive connection, over loopback`,
  );
  out.push('');
  out.push(...latencyTable(results, TARGET_P95_MS));
  out.push('');
  out.push(
    `POST /api/v1/orders, ${SENDERS} senders, ${POST_SECONDS} s: ${fmtInt(posted.orders)} orders; ` +
      `accepted ${fmtInt(posted.acceptedPerSecond)}/s (p50 ${fmtMs(posted.p50)} ms, p95 ${fmtMs(posted.p95)} ms); ` +
      `processed by the engine ${fmtInt(posted.processedPerSecond)}/s`,
  );
  out.push(`floor: two-statement transactions, ${SENDERS} connections: ${fmtInt(floor)}/s`);
  out.push(
    `ratio accepted / floor ${(posted.acceptedPerSecond / floor).toFixed(2)}; processed / floor ` +
      `${(posted.processedPerSecond / floor).toFixed(2)}`,
  );
  out.push(`Total bench time ${((Date.now() - startedAt) / 1000).toFixed(0)} s`);
  process.stdout.write(`${out.join('\n')}\n`);
};

await runBench(main);

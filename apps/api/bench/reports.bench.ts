/**
 * Transaction reports benchmark (`npm run bench:reports`): BENCH_LEDGER economy-ledger rows (default 10,000,000) for
 * BENCH_CUSTOMERS customers (default 1,000,000) over 20 branches, seeded with SQL (INSERT … SELECT generate_series,
 * the daily and monthly totals filled by the ledger's own trigger), then the API as a child process over loopback:
 *
 *   1. the Economy Transactions report's first page with each filter, the snapshot cards (unfiltered, a month,
 *      a type, a branch manager's), and a branch manager's first page: p50/p95 of sequential requests
 *      (target p95 < 100 ms);
 *   2. a full export through the API (request, then the streamed file), rows/s beside PostgreSQL's COPY of the
 *      same select in the same run (target ≥ 0.5× COPY);
 *   3. the API's peak memory throughout (target < 300 MB).
 *
 * Not a test (DESIGN §8): it prints numbers and ratios and exits 0 whether targets are met or missed; 1 only when
 * something errored (every answer is checked: a broken endpoint must not look fast).
 *
 * Environment (all optional): DATABASE_URL, BENCH_ADMIN_URL, BENCH_KEEP_DB=1 as for the other benches;
 * BENCH_LEDGER default 10000000; BENCH_CUSTOMERS default 1000000; BENCH_REQUESTS default 100 (after BENCH_WARMUP,
 * default 10).
 */

import { performance } from 'node:perf_hooks';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { copyStatement } from '../src/exports/csv-stream';
import { exportQueryOf } from '../src/modules/transactions/report-query';
import { REPORTS } from '../src/modules/transactions/reports';
import {
  countOf,
  customerId,
  ensureBenchClient,
  loadWithoutIndexes,
  reseedCustomers,
  seedInTransaction,
} from './bench-seed';
import {
  assert,
  type Defer,
  envInt,
  fmtInt,
  type Latency,
  latencyTable,
  loadAverageLine,
  log,
  measureGets,
  must,
  platformLine,
  request,
  rssSampler,
  runBench,
  startSeededBench,
  verdict,
} from './bench-support';

const LEDGER = envInt('BENCH_LEDGER', 10_000_000, 100_000, 50_000_000);
const CUSTOMERS = envInt('BENCH_CUSTOMERS', 1_000_000, 10_000, 5_000_000);
const REQUESTS = envInt('BENCH_REQUESTS', 100, 10, 5_000);
const WARMUP = envInt('BENCH_WARMUP', 10, 0, 1_000);
const BRANCHES = 20;
const TARGET_P95_MS = 100;
const TARGET_EXPORT_RATIO = 0.5;
const TARGET_RSS_MB = 300;

/**
 * Ledger rows over three years in time order, each attribute from a hash of the row number: 40% Cashback
 * (+0.01..100), 30% XP Points (XP 1..100), 15% Spending (-0.01..200), 15% Earning Event (+0.01..50); two currencies.
 * $1 client, $2 branch ids, $3 customers, $4 rows, $5 currency ids.
 */
const LEDGER_SQL = `
INSERT INTO economy_transactions (id, client_id, customer_id, branch_id, currency_id, transaction_type, value,
  xp_points_earned, wallet_balance_post_transaction, shortfall, cause_kind, cause_id, event_id, reference,
  occurred_at, created_at)
SELECT substr(md5($1::text || ':e:' || g), 1, 24), $1, ${customerId('(1 + h0 % $3::int)')},
  ($2::text[])[1 + h1 % array_length($2::text[], 1)],
  CASE WHEN kind = 'XP Points' THEN NULL ELSE ($5::text[])[1 + h2 % 2] END,
  kind,
  CASE kind WHEN 'Cashback' THEN (1 + h3 % 10000) / 100.0 WHEN 'Spending' THEN -(1 + h3 % 20000) / 100.0
    WHEN 'Earning Event' THEN (1 + h3 % 5000) / 100.0 ELSE 0 END,
  CASE WHEN kind = 'XP Points' THEN 1 + h3 % 100 ELSE 0 END,
  CASE WHEN kind = 'XP Points' THEN NULL ELSE (h4 % 100000) / 100.0 END,
  0, 'bench', 'bench', 'bench-' || g, 'ORD-' || g, at, at
FROM (
  SELECT g, h0, h1, h2, h3, h4,
    CASE WHEN h5 % 100 < 40 THEN 'Cashback' WHEN h5 % 100 < 70 THEN 'XP Points' WHEN h5 % 100 < 85 THEN 'Spending'
         ELSE 'Earning Event' END AS kind,
    now() - interval '3 years' + interval '3 years' * (g::float8 / $4::int) - interval '1 hour' AS at
  FROM (
    SELECT g,
      (hashint4extended(g, 10) & 2147483647)::int AS h0, (hashint4extended(g, 11) & 2147483647)::int AS h1,
      (hashint4extended(g, 12) & 2147483647)::int AS h2, (hashint4extended(g, 13) & 2147483647)::int AS h3,
      (hashint4extended(g, 14) & 2147483647)::int AS h4, (hashint4extended(g, 15) & 2147483647)::int AS h5
    FROM generate_series(1, $4::int) AS g
  ) hashed
) seeded`;

/** Customers, then the ledger with its secondary indexes built afterwards (the trigger fills the totals). */
const seed = async (pool: pg.Pool, clientId: string, branchIds: string[], currencyIds: string[]) => {
  const have = await countOf(pool, 'SELECT count(*) AS n FROM economy_transactions WHERE client_id = $1', [
    clientId,
  ]);
  if (have >= LEDGER) {
    log(`the bench client already has ${fmtInt(have)} ledger rows: seeding skipped`);
    return null;
  }
  const seeded = await seedInTransaction(
    pool,
    {
      settings: { maintenance_work_mem: '1GB' },
      vacuum: ['customers', 'economy_transactions', 'economy_daily_totals', 'economy_monthly_totals'],
    },
    async (client) => {
      // The ledger is append-only by a trigger; a scratch bench database is cleared by TRUNCATE.
      await client.query('TRUNCATE economy_transactions, economy_daily_totals, economy_monthly_totals');
      const customers = await reseedCustomers(client, clientId, branchIds, CUSTOMERS);
      const loaded = await loadWithoutIndexes(client, 'economy_transactions', () =>
        client.query(LEDGER_SQL, [clientId, branchIds, CUSTOMERS, LEDGER, currencyIds]),
      );
      return { customers, ledger: loaded.loadMs, indexes: loaded.indexMs };
    },
  );
  return { ...seeded.loaded, vacuum: seeded.vacuumMs };
};

type Row = {
  transaction_type: string;
  branch_location: string;
  value: number;
  currency: string;
  user_id: string;
};
const page =
  (predicate: (row: Row) => boolean = () => true, size = 10) =>
  (content: unknown) => {
    const rows = content as Row[];
    assert(Array.isArray(rows) && rows.length === size, `${rows?.length} rows, expected ${size}`);
    assert(rows.every(predicate), 'a row does not match the filter');
  };
const cards = (content: Record<string, unknown>) => {
  const list = content.cards as { label: string; value: number }[];
  assert(list.length === 5 && typeof list[0]?.value === 'number', 'five numeric cards');
  assert((content.count as number) > 0, 'no rows counted');
};

/** Drains a readable into nothing, counting bytes and lines. */
const counter = () => {
  let bytes = 0;
  let lines = 0;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      for (const byte of chunk) if (byte === 10) lines += 1;
      done();
    },
  });
  return { sink, totals: () => ({ bytes, lines }) };
};

const main = async (defer: Defer) => {
  const startedAt = Date.now();
  const { server, pool, version } = await startSeededBench(defer, 4);
  const memory = rssSampler(server.child.pid as number);
  const { owner, manager, branchIds, managedBranchId } = await ensureBenchClient(server, {
    area: 'reports',
    title: 'Reports',
    branches: BRANCHES,
    permissions: { TRANSACTIONS: { read: true } },
  });
  const currencies = await must(server, 'GET', '/api/economy/currencies?page=1&size=10', {
    token: owner.clientToken,
  });
  const currencyIds = (currencies.content as { _id: string; code: string }[]).map((c) => c._id);
  for (const code of ['BNS', 'STR'].slice(currencyIds.length)) {
    const made = await must(server, 'POST', '/api/economy/currencies', {
      token: owner.clientToken,
      body: { type: 'custom', name: code === 'BNS' ? 'Beans' : 'Stars', code, conversion_rate: 1 },
    });
    currencyIds.push(made.content._id);
  }

  memory.phase('seed');
  log(`seeding ${fmtInt(CUSTOMERS)} customers and ${fmtInt(LEDGER)} ledger rows…`);
  const seeded = await seed(pool, owner.clientId, branchIds, currencyIds);
  if (seeded)
    log(
      `seeded: customers ${(seeded.customers / 1000).toFixed(1)} s, ledger ${(seeded.ledger / 1000).toFixed(1)} s, ` +
        `indexes ${(seeded.indexes / 1000).toFixed(1)} s, vacuum ${(seeded.vacuum / 1000).toFixed(1)} s`,
    );
  const branchName = (
    await pool.query<{ name: string }>('SELECT display_name AS name FROM branches WHERE id = $1', [
      managedBranchId,
    ])
  ).rows[0]?.name as string;
  const sampleCustomer = (
    await pool.query<{ id: string }>(
      'SELECT customer_id AS id FROM economy_transactions WHERE client_id = $1 ORDER BY occurred_at DESC LIMIT 1',
      [owner.clientId],
    )
  ).rows[0]?.id as string;
  const month = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);

  memory.phase('requests');
  const token = owner.clientToken;
  const base = '/api/transactions/economy';
  const results: { label: string; stats: Latency }[] = [];
  const run = async (
    label: string,
    url: string,
    check: (content: Record<string, unknown>) => void,
    as = token,
  ) => {
    log(`measuring: ${label}`);
    const stats = await measureGets(server, {
      token: as,
      urls: [url],
      warmup: WARMUP,
      requests: REQUESTS,
      check,
    });
    results.push({ label, stats });
  };
  await run('first page', `${base}?page=1&size=10`, page());
  await run(
    'type: Spending',
    `${base}?size=10&transaction_type=Spending`,
    page((r) => r.transaction_type === 'Spending'),
  );
  await run(
    'branch: one of 20',
    `${base}?size=10&branch_location=${encodeURIComponent(branchName)}`,
    page((r) => r.branch_location === branchName),
  );
  await run(
    'currency: BNS',
    `${base}?size=10&currency=BNS`,
    page((r) => r.currency === 'BNS'),
  );
  await run('last 30 days', `${base}?size=10&start_date=${month}`, page());
  await run(
    'value >= 90',
    `${base}?size=10&min_value=90`,
    page((r) => r.value >= 90),
  );
  await run('search: a name', `${base}?size=10&search_string=thandi`, page());
  await run('one customer', `${base}?size=10&customer_id=${sampleCustomer}`, (content) =>
    assert(
      (content as unknown as Row[]).every((r) => r.user_id === sampleCustomer),
      'another customer',
    ),
  );
  await run("a branch manager's first page", `${base}?size=10`, page(), manager.clientToken);
  await run('cards: everything', `${base}/summary`, cards);
  await run('cards: last 30 days', `${base}/summary?start_date=${month}`, cards);
  await run('cards: type Cashback', `${base}/summary?transaction_type=Cashback`, cards);
  await run("cards: a branch manager's", `${base}/summary`, cards, manager.clientToken);

  memory.phase('export');
  log('exporting every row through the API…');
  const prepared = await must(server, 'POST', `${base}/export`, { token, body: { filters: {} } });
  const expected = await countOf(
    pool,
    'SELECT count(*) AS n FROM economy_transactions WHERE client_id = $1',
    [owner.clientId],
  );
  let started = performance.now();
  const api = counter();
  const download = await request(server, 'GET', `${base}/files?file_id=${prepared.content as string}`, {
    token,
    sink: api.sink,
    timeoutMs: 3_600_000,
  });
  assert(download.status === 200, `export download answered ${download.status}`);
  const apiMs = performance.now() - started;
  const apiRows = api.totals().lines - 1;
  assert(apiRows === expected, `the export has ${apiRows} rows, the ledger ${expected}`);

  log('PostgreSQL COPY of the same select…');
  const query = exportQueryOf(
    REPORTS.economy,
    { clientId: owner.clientId, branchIds: null, timeZone: 'UTC' },
    {},
    {},
  );
  const direct = counter();
  const connection = await pool.connect();
  started = performance.now();
  try {
    await pipeline(connection.query(copyTo(copyStatement(query))), direct.sink);
  } finally {
    connection.release();
  }
  const copyMs = performance.now() - started;
  const copyRows = direct.totals().lines;
  assert(copyRows === expected, `COPY gave ${copyRows} rows, expected ${expected}`);
  const rss = memory.stop();

  const apiRate = apiRows / (apiMs / 1000);
  const copyRate = copyRows / (copyMs / 1000);
  const out: string[] = [''];
  out.push(
    `Reports benchmark: ${fmtInt(LEDGER)} economy-ledger rows, ${fmtInt(CUSTOMERS)} customers, ${BRANCHES} branches; ` +
      `${platformLine(version)}; ${loadAverageLine()}`,
  );
  out.push(
    seeded
      ? `Seed: customers ${(seeded.customers / 1000).toFixed(0)} s, ledger ${(seeded.ledger / 1000).toFixed(0)} s ` +
          `(daily and monthly totals by the trigger), indexes ${(seeded.indexes / 1000).toFixed(0)} s, VACUUM ANALYZE ${(seeded.vacuum / 1000).toFixed(0)} s`
      : 'Seed: reused',
  );
  out.push(
    `Requests: ${REQUESTS} measured after ${WARMUP} warm-up, sequential, one keep-alive connection`,
    '',
  );
  out.push(...latencyTable(results, TARGET_P95_MS));
  out.push('');
  out.push(
    `export through the API: ${fmtInt(apiRows)} rows in ${(apiMs / 1000).toFixed(1)} s = ${fmtInt(apiRate)} rows/s; ` +
      `COPY of the same select: ${(copyMs / 1000).toFixed(1)} s = ${fmtInt(copyRate)} rows/s; ratio ` +
      `${(apiRate / copyRate).toFixed(2)} (target >= ${TARGET_EXPORT_RATIO})   ${verdict(apiRate / copyRate >= TARGET_EXPORT_RATIO)}`,
  );
  const phases = [...rss.peaks.entries()].map(([phase, mb]) => `${phase} ${mb.toFixed(0)} MB`).join(', ');
  out.push(
    `API peak RSS ${rss.peak.toFixed(0)} MB (${phases}; target < ${TARGET_RSS_MB})   ${verdict(rss.peak < TARGET_RSS_MB)}`,
  );
  out.push(`Total bench time ${((Date.now() - startedAt) / 1000).toFixed(0)} s`);
  process.stdout.write(`${out.join('\n')}\n`);
};

await runBench(main);

/**
 * Customers benchmark (`npm run bench:customers`): 1,000,000 customers over 20 branches in PostgreSQL, the API
 * as a child process over loopback, and the targets checked against what it measures.
 *
 * Not a test (DESIGN §8): it seeds its own database and prints numbers and ratios. It exits 0 whether targets are
 * met or missed; 1 only when something errored (a broken endpoint must not look fast, so every response is checked).
 *
 * Environment (all optional):
 *   DATABASE_URL        use this PostgreSQL database (only the bench client's rows are written); otherwise a fresh
 *                       `laurel_bench_<random>` database is created on BENCH_ADMIN_URL's server and dropped at the end
 *   BENCH_ADMIN_URL     default postgres://postgres@127.0.0.1:5432/test
 *   BENCH_CUSTOMERS     default 1000000
 *   BENCH_REQUESTS      measured requests per scenario, default 200 (after BENCH_WARMUP, default 20)
 *   BENCH_KEEP_DB=1     keep the created database (its URL is printed), e.g. to EXPLAIN against it afterwards
 */
import http from 'node:http';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { Database } from '../src/db/database';
import { streamCustomerCsv } from '../src/modules/customers/customer-export';
import { countOf, ensureBranchesAndManager, loadWithoutIndexes, seedInTransaction } from './bench-seed';
import {
  assert,
  type Defer,
  ensureClient,
  envInt,
  fmtInt,
  fmtMs,
  type Latency,
  log,
  measureGets,
  must,
  pad,
  padLeft,
  platformLine,
  type RssSampler,
  rssSampler,
  runBench,
  type Server,
  startSeededBench,
  verdict,
} from './bench-support';

// ---------------------------------------------------------------------------------------------------------------
// Settings

const CUSTOMERS = envInt('BENCH_CUSTOMERS', 1_000_000, 20_000, 5_000_000);
/** Page 10,000 of 15 needs 150,000 rows; smaller trial runs go half-way down instead. */
const DEEP_PAGE = CUSTOMERS >= 150_000 ? 10_000 : Math.floor(CUSTOMERS / 30);
const REQUESTS = envInt('BENCH_REQUESTS', 200, 10, 5_000);
const WARMUP = envInt('BENCH_WARMUP', 20, 0, 1_000);
const BRANCHES = 20;

/** Wall-clock bounds: nothing here can run forever. */
const SCENARIO_BUDGET_MS = 120_000;
const EXPORT_TIMEOUT_MS = 600_000;

/** The targets. */
const TARGET_P95_MS = 50;
const TARGET_EXPORT_RATIO = 0.5;
const TARGET_RSS_MB = 300;

const OWNER_EMAIL = 'bench.owner@laurel.test';
const MANAGER_EMAIL = 'bench.manager@laurel.test';
const PASSWORD = 'bench password 1';

// ---------------------------------------------------------------------------------------------------------------
// The bench client: registered, on BUSINESS, 20 branches, a branch manager and an API key, all through the API

const setUpClient = async (server: Server) =>
  ensureBranchesAndManager(
    server,
    await ensureClient(server, {
      email: OWNER_EMAIL,
      password: PASSWORD,
      alias: 'Bench Coffee',
      name: 'Bench Coffee (Pty) Ltd',
    }),
    {
      prefix: 'Bench Branch',
      count: BRANCHES,
      managerEmail: MANAGER_EMAIL,
      password: PASSWORD,
      permissions: { CUSTOMERS: { read: true } },
    },
  );

// ---------------------------------------------------------------------------------------------------------------
// Seeding: one INSERT … SELECT generate_series, secondary indexes rebuilt afterwards when the table is ours alone

const FIRST_NAMES = [
  'Thandi',
  'Sipho',
  'Lerato',
  'Thabo',
  'Nomvula',
  'Bongani',
  'Zanele',
  'Mandla',
  'Ayanda',
  'Lindiwe',
  'Kagiso',
  'Palesa',
  'Tshepo',
  'Naledi',
  'Sibusiso',
  'Nandi',
  'Themba',
  'Refilwe',
  'Lwazi',
  'Busisiwe',
  'Johan',
  'Annelie',
  'Pieter',
  'Marelize',
  'Francois',
  'Elna',
  'Ruan',
  'Liezel',
  'Hendrik',
  'Carla',
  'James',
  'Sarah',
  'Michael',
  'Emma',
  'David',
  'Olivia',
  'Daniel',
  'Chloe',
  'Matthew',
  'Jessica',
  'Priya',
  'Rajesh',
  'Ayesha',
  'Yusuf',
  'Fatima',
  'Imran',
  'Kavitha',
  'Nikhil',
  'Zainab',
  'Ismail',
  'Chen',
  'Mei',
  'Tiago',
  'Ana',
  'Kwame',
  'Amara',
  'Chidi',
  'Ngozi',
  'Farai',
  'Tendai',
  'Anne-Marie',
  'Zoë',
];
const SURNAMES = [
  'Mokoena',
  'Dlamini',
  'Nkosi',
  'Ndlovu',
  'Khumalo',
  'Mahlangu',
  'Zulu',
  'Mthembu',
  'Naidoo',
  'Botha',
  'van der Merwe',
  'Pretorius',
  'Smith',
  'Jacobs',
  'Williams',
  'Le Roux',
  'Venter',
  'Molefe',
  'Sithole',
  'Mabaso',
  'Radebe',
  'Ngcobo',
  'Hendricks',
  'Adams',
  'Petersen',
  'Pillay',
  'Govender',
  'Moodley',
  'Reddy',
  'Chetty',
  'Maharaj',
  'Patel',
  'Cassim',
  'Essop',
  'Fortuin',
  'Daniels',
  'Abrahams',
  'Coetzee',
  'Fourie',
  'du Plessis',
  'Nel',
  'Kruger',
  'Steyn',
  'Marais',
  'Joubert',
  'Swanepoel',
  "O'Brien",
  'Murphy',
  'Brown',
  'Johnson',
  'Taylor',
  'Wilson',
  'Chen',
  'Wang',
  'Silva',
  'Santos',
  'Mensah',
  'Okafor',
  'Moyo',
  'Chikwanha',
  'Banda',
  'Phiri',
  'Mwale',
  'Tshabalala',
  'Baloyi',
  'Maluleke',
  'Mathebula',
];
const DOMAINS = [
  'gmail.com',
  'yahoo.com',
  'outlook.com',
  'icloud.com',
  'mweb.co.za',
  'telkomsa.net',
  'webmail.co.za',
];

/**
 * The seed. Rows go in in creation order (a real table grows that way, so created_at follows the heap); every
 * other attribute comes from a different 32-bit hash of the row number. Emails (2% none) and +27 cell numbers are
 * unique: the 8-digit tail is g * 7919 mod 10^8, a bijection since 7919 is coprime with 10.
 */
const SEED_SQL = `
INSERT INTO customers (
  id, client_id, name, surname, email, cell_number, gender, member_card_number, status, birthday, member_date,
  loyalty_sign_up, get_communication, agrees_terms_and_conditions, communication_method, member_branch_id,
  total_order_value_minor, last_order_amount_minor, last_transacted_at, created_at, updated_at)
SELECT
  substr(md5($1::text || ':' || g), 1, 24),
  $1,
  fn,
  sn,
  CASE WHEN h2 % 50 = 0 THEN NULL
       ELSE regexp_replace(lower(fn || '.' || sn), '[^a-z.]', '', 'g') || g || '@' || ($4::text[])[1 + h3 % array_length($4::text[], 1)] END,
  '+27' || (6 + h3 % 3) || lpad(((g::bigint * 7919) % 100000000)::text, 8, '0'),
  (ARRAY['MALE', 'FEMALE', 'OTHER', 'N/A'])[1 + h4 % 4],
  CASE WHEN h4 % 10 = 0 THEN '6' || lpad(g::text, 14, '0') END,
  status,
  CASE WHEN h5 % 3 = 0 THEN NULL ELSE to_char(date '1950-01-01' + (h5 % 20000)::int, 'YYYY-MM-DD') END,
  to_char(created, 'YYYY-MM-DD'),
  true,
  h6 % 2 = 0,
  true,
  CASE WHEN h6 % 4 = 0 THEN ARRAY['SMS', 'EMAIL'] WHEN h6 % 4 = 1 THEN ARRAY['EMAIL'] ELSE '{}'::text[] END,
  CASE WHEN (h7 / 20) % 100 = 0 THEN NULL ELSE ($5::text[])[1 + h7 % array_length($5::text[], 1)] END,
  CASE WHEN ordered THEN 1000 + h8 % 2500000 ELSE 0 END,
  CASE WHEN ordered THEN 500 + h8 % 90000 ELSE 0 END,
  CASE WHEN ordered THEN created + (now() - created) * ((h9 % 1000) / 1000.0)::float8 END,
  created,
  created
FROM (
  SELECT g, h2, h3, h4, h5, h6, h7, h8, h9,
    ($2::text[])[1 + h0 % array_length($2::text[], 1)] AS fn,
    ($3::text[])[1 + h1 % array_length($3::text[], 1)] AS sn,
    CASE WHEN h9 % 20 = 0 THEN 'SUSPENDED' WHEN h9 % 20 < 4 THEN 'AWAITING-SIGNUP' ELSE 'ACTIVE' END AS status,
    h8 % 10 < 7 AS ordered,
    now() - interval '3 years' + (interval '3 years' * (g::float8 / $6::int)) + (h2 % 60000) * interval '1 millisecond'
      AS created
  FROM (
    SELECT g,
      (hashint4extended(g, 0) & 2147483647)::int AS h0, (hashint4extended(g, 1) & 2147483647)::int AS h1,
      (hashint4extended(g, 2) & 2147483647)::int AS h2, (hashint4extended(g, 3) & 2147483647)::int AS h3,
      (hashint4extended(g, 4) & 2147483647)::int AS h4, (hashint4extended(g, 5) & 2147483647)::int AS h5,
      (hashint4extended(g, 6) & 2147483647)::int AS h6, (hashint4extended(g, 7) & 2147483647)::int AS h7,
      (hashint4extended(g, 8) & 2147483647)::int AS h8, (hashint4extended(g, 9) & 2147483647)::int AS h9
    FROM generate_series(1, $6::int) AS g
  ) hashed
) seeded`;

const seedCustomers = async (pool: pg.Pool, clientId: string, branchIds: string[]) => {
  const existing = await countOf(pool, 'SELECT count(*) AS n FROM customers WHERE client_id = $1', [
    clientId,
  ]);
  if (existing === CUSTOMERS) {
    log(`the bench client already has ${CUSTOMERS.toLocaleString('en')} customers: seeding skipped`);
    return { skipped: true, insertMs: 0, indexMs: 0, vacuumMs: 0, rebuilt: false };
  }
  const seeded = await seedInTransaction(
    pool,
    { settings: { maintenance_work_mem: '1GB' }, vacuum: ['customers'] },
    async (client) => {
      if (existing > 0) {
        log(`the bench client has ${existing} customers, not ${CUSTOMERS}: deleting them and seeding again`);
        await client.query('DELETE FROM customers WHERE client_id = $1', [clientId]);
      }
      // Indexes (the trigram GIN most of all) are rebuilt after the load only when no other client has customers
      // in this database.
      const others = await client.query('SELECT 1 FROM customers WHERE client_id <> $1 LIMIT 1', [clientId]);
      const rebuilt = others.rowCount === 0;
      const loaded = await loadWithoutIndexes(
        client,
        'customers',
        () => client.query(SEED_SQL, [clientId, FIRST_NAMES, SURNAMES, DOMAINS, branchIds, CUSTOMERS]),
        rebuilt,
      );
      return { insertMs: loaded.loadMs, indexMs: loaded.indexMs, rebuilt };
    },
  );
  return { skipped: false, ...seeded.loaded, vacuumMs: seeded.vacuumMs };
};

// ---------------------------------------------------------------------------------------------------------------
// Latency scenarios

type Stats = Latency & { count: number; capped: boolean };

type ListContent = {
  user_list: {
    _id: string;
    name: string;
    surname: string;
    email: string | null;
    cell_number: string | null;
    member_branch_id: string | null;
  }[];
  count: number;
  count_capped: boolean;
};

/**
 * Runs warm-up then measured requests, each checked by `check` (which throws on a wrong answer); keeps the largest
 * count answered and whether it was capped.
 */
const measure = async (
  server: Server,
  token: string,
  urls: string[],
  check: (content: ListContent, url: string) => void,
): Promise<Stats> => {
  let count = 0;
  let capped = false;
  const latency = await measureGets(server, {
    token,
    urls,
    warmup: WARMUP,
    requests: REQUESTS,
    budgetMs: SCENARIO_BUDGET_MS,
    check: (content: ListContent | undefined, url) => {
      if (!content || !Array.isArray(content.user_list) || typeof content.count !== 'number')
        throw new Error(`GET ${url}: no user_list/count in ${JSON.stringify(content).slice(0, 300)}`);
      check(content, url);
      count = Math.max(count, content.count);
      capped ||= content.count_capped;
    },
  });
  return { ...latency, count, capped };
};

const listUrl = (params: Record<string, string | number>) =>
  `/api/v2/client/loyalty/users?${new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]))}`;

// ---------------------------------------------------------------------------------------------------------------
// Export: the API's download next to PostgreSQL's own COPY of the same SELECT

/** Drains a byte stream counting newlines (the CSV has no quoted line breaks), with a time limit. */
const drainLines = async (stream: AsyncIterable<Buffer | string>) => {
  let lines = 0;
  let bytes = 0;
  for await (const chunk of stream) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    bytes += buffer.length;
    let at = buffer.indexOf(10);
    while (at !== -1) {
      lines += 1;
      at = buffer.indexOf(10, at + 1);
    }
  }
  return { lines, bytes };
};

const exportViaApi = async (server: Server, token: string) => {
  const requested = await must(server, 'POST', '/api/v2/export/client/loyalty/users', { token, body: {} });
  const url = requested.content.url as string;
  assert(
    typeof url === 'string' && url.startsWith('/api/'),
    `export answered no url: ${JSON.stringify(requested)}`,
  );
  const started = performance.now();
  const result = await new Promise<{ lines: number; bytes: number; status: number; type: string }>(
    (resolve, reject) => {
      const req = http.get(
        {
          host: '127.0.0.1',
          port: server.port,
          path: url,
          agent: server.agent,
          headers: { authorization: `Bearer ${token}` },
        },
        (res) => {
          drainLines(res).then(
            (counted) =>
              resolve({ ...counted, status: res.statusCode ?? 0, type: String(res.headers['content-type']) }),
            reject,
          );
        },
      );
      req.setTimeout(EXPORT_TIMEOUT_MS, () => req.destroy(new Error('export download timed out')));
      req.on('error', reject);
    },
  );
  const ms = performance.now() - started;
  assert(result.status === 200, `export download answered ${result.status}`);
  assert(result.type.startsWith('text/csv'), `export download is ${result.type}, not text/csv`);
  return { rows: result.lines - 1, bytes: result.bytes, ms };
};

/** The exact COPY statement the server runs for this filter, captured from the server's own export module. */
const serverCopySql = async (clientId: string) => {
  let captured = '';
  const fake = {
    kind: 'postgres',
    copyOut: async (sql: string) => {
      captured = sql;
      return Readable.from([]);
    },
  } as unknown as Database;
  await streamCustomerCsv(fake, { clientId, branchIds: null });
  assert(captured.startsWith('COPY ('), 'could not capture the export COPY statement');
  return captured;
};

const copyDirect = async (pool: pg.Pool, copySql: string) => {
  const client = await pool.connect();
  try {
    const started = performance.now();
    const stream = client.query(copyTo(copySql));
    const counted = await drainLines(stream);
    return {
      rows: counted.lines - (/HEADER true/i.test(copySql) ? 1 : 0),
      bytes: counted.bytes,
      ms: performance.now() - started,
    };
  } finally {
    client.release();
  }
};

// ---------------------------------------------------------------------------------------------------------------
// Main

const main = async (defer: Defer) => {
  const startedAt = Date.now();
  const loadAtStart = os.loadavg()[0] ?? 0;

  const { server, pool, version } = await startSeededBench(defer, 2);
  const serverPid = server.child.pid as number;
  let sampler: RssSampler | null = rssSampler(serverPid);
  defer('stopping the memory sampler', () => sampler?.stop());
  log(`API started on 127.0.0.1:${server.port} (pid ${serverPid})`);

  sampler.phase('setup');
  const { owner, manager, branchIds, managedBranchId } = await setUpClient(server);
  log(`client ${owner.clientId}: BUSINESS plan, ${branchIds.length} branches, manager of ${managedBranchId}`);

  sampler.phase('seed');
  log(`seeding ${fmtInt(CUSTOMERS)} customers…`);
  const seedStarted = performance.now();
  const seed = await seedCustomers(pool, owner.clientId, branchIds);
  const seedMs = performance.now() - seedStarted;
  const tableSize = (
    await pool.query<{ heap: string; indexes: string }>(
      "SELECT pg_size_pretty(pg_table_size('customers')) AS heap, pg_size_pretty(pg_indexes_size('customers')) AS indexes",
    )
  ).rows[0];
  if (!seed.skipped)
    log(
      `seeded in ${(seedMs / 1000).toFixed(1)} s (insert ${(seed.insertMs / 1000).toFixed(1)} s, ` +
        `indexes ${(seed.indexMs / 1000).toFixed(1)} s${seed.rebuilt ? ' rebuilt' : ' maintained'}, ` +
        `vacuum+analyze ${(seed.vacuumMs / 1000).toFixed(1)} s); table ${tableSize?.heap}, indexes ${tableSize?.indexes}`,
    );

  // Search terms taken from the data, so that each one matches something.
  const sampled = (
    await pool.query<{ id: string; name: string; email: string; cell_number: string }>(
      `SELECT id, name, email, cell_number FROM customers
          WHERE client_id = $1 AND email IS NOT NULL ORDER BY id LIMIT 10`,
      [owner.clientId],
    )
  ).rows;
  assert(sampled.length === 10, 'could not sample customers for search terms');
  const namePrefixes = ['Than', 'Sib', 'Nomv', 'Pie', 'Kav', 'Mich', 'Tend', 'Lera'];
  const emailFragments = sampled.map((row) => row.email.slice(2, row.email.indexOf('@') + 3));
  const cellFragments = sampled.map((row) => `0${row.cell_number.slice(3)}`.slice(3, 9));
  const managedCount = await countOf(
    pool,
    'SELECT count(*) AS n FROM customers WHERE client_id = $1 AND member_branch_id = $2',
    [owner.clientId, managedBranchId],
  );

  const token = owner.clientToken;
  const results: { label: string; stats: Stats }[] = [];
  const run = async (label: string, phase: string, fn: () => Promise<Stats>) => {
    sampler?.phase(phase);
    log(`measuring: ${label}`);
    results.push({ label, stats: await fn() });
  };
  const fullPage = (size: number) => (content: ListContent, url: string) =>
    assert(content.user_list.length === size, `${url}: ${content.user_list.length} rows, expected ${size}`);
  const cappedCount = (content: ListContent, url: string) =>
    assert(
      content.count_capped && content.count === 10_001,
      `${url}: count ${content.count} capped ${content.count_capped}, expected 10001 capped`,
    );
  /** Every row returned contains the fragment searched for (in name, surname, email or either cell form). */
  const matching = (content: ListContent, url: string) => {
    const fragment = new URL(url, 'http://x').searchParams.get('search_string') ?? '';
    assert(fragment !== '' && content.count > 0 && content.user_list.length > 0, `${url}: no match`);
    for (const row of content.user_list) {
      const text = `${row.name} ${row.surname} ${row.email ?? ''} ${row.cell_number ?? ''} 0${(row.cell_number ?? '').slice(3)}`;
      assert(text.toLowerCase().includes(fragment.toLowerCase()), `${url}: row ${row._id} does not match`);
    }
  };

  await run('first page (page 1, size 15)', 'list', () =>
    measure(server as Server, token, [listUrl({ page: 1, size: 15 })], (content, url) => {
      fullPage(15)(content, url);
      cappedCount(content, url);
    }),
  );
  await run(`page ${fmtInt(DEEP_PAGE)} (size 15)`, 'list', () =>
    measure(server as Server, token, [listUrl({ page: DEEP_PAGE, size: 15 })], (content, url) => {
      fullPage(15)(content, url);
      cappedCount(content, url);
    }),
  );
  await run('search: name prefix', 'search', () =>
    measure(
      server as Server,
      token,
      namePrefixes.map((search_string) => listUrl({ page: 1, size: 15, search_string })),
      matching,
    ),
  );
  await run('search: email fragment', 'search', () =>
    measure(
      server as Server,
      token,
      emailFragments.map((search_string) => listUrl({ page: 1, size: 15, search_string })),
      matching,
    ),
  );
  await run('search: cell-number fragment', 'search', () =>
    measure(
      server as Server,
      token,
      cellFragments.map((search_string) => listUrl({ page: 1, size: 15, search_string })),
      matching,
    ),
  );
  await run('branch manager: own branch, page 1', 'scoped', () =>
    measure(server as Server, manager.clientToken, [listUrl({ page: 1, size: 15 })], (content, url) => {
      fullPage(15)(content, url);
      assert(
        content.user_list.every((row) => row.member_branch_id === managedBranchId),
        `${url}: a row from another branch`,
      );
      assert(
        content.count === Math.min(managedCount, 10_001),
        `${url}: count ${content.count}, expected ${Math.min(managedCount, 10_001)}`,
      );
    }),
  );

  // Export: API download and COPY of the server's own SELECT, alternated twice; the faster of each is kept.
  sampler.phase('export');
  const copySql = await serverCopySql(owner.clientId);
  const plainSql = `COPY (SELECT * FROM customers WHERE client_id = '${owner.clientId}' ORDER BY created_at DESC, id DESC) TO STDOUT WITH (FORMAT csv, HEADER true)`;
  const apiRuns: { rows: number; bytes: number; ms: number }[] = [];
  const copyRuns: { rows: number; bytes: number; ms: number }[] = [];
  for (let round = 1; round <= 2; round += 1) {
    log(`export round ${round}: API download…`);
    apiRuns.push(await exportViaApi(server, token));
    log(`export round ${round}: COPY of the same SELECT…`);
    copyRuns.push(await copyDirect(pool, copySql));
  }
  log('export reference: COPY of SELECT * …');
  const plain = await copyDirect(pool, plainSql);
  const best = (runs: { rows: number; bytes: number; ms: number }[]) =>
    runs.reduce((a, b) => (b.ms < a.ms ? b : a));
  const api = best(apiRuns);
  const copy = best(copyRuns);
  for (const run of [...apiRuns, ...copyRuns])
    assert(run.rows === CUSTOMERS, `an export produced ${run.rows} rows, expected ${CUSTOMERS}`);
  assert(plain.rows === CUSTOMERS, `COPY SELECT * produced ${plain.rows} rows`);
  const rate = (r: { rows: number; ms: number }) => r.rows / (r.ms / 1000);
  const ratio = rate(api) / rate(copy);

  sampler.phase('end');
  const rss = sampler.stop();
  sampler = null;

  // ---- report (stdout) ----
  const out: string[] = [];
  out.push('');
  out.push(
    `Customers benchmark: ${fmtInt(CUSTOMERS)} customers, ${BRANCHES} branches; ${platformLine(version)}; ` +
      'API over loopback, one keep-alive connection',
  );
  out.push(
    seed.skipped
      ? 'Seed: reused (already present)'
      : `Seed: ${(seedMs / 1000).toFixed(1)} s (INSERT…SELECT ${(seed.insertMs / 1000).toFixed(1)} s, ` +
          `${seed.rebuilt ? 'index build' : 'with indexes'} ${(seed.indexMs / 1000).toFixed(1)} s, ` +
          `VACUUM ANALYZE ${(seed.vacuumMs / 1000).toFixed(1)} s); heap ${tableSize?.heap}, indexes ${tableSize?.indexes}`,
  );
  out.push(
    `Requests: ${REQUESTS} measured after ${WARMUP} warm-up, sequential; times include the capped count`,
  );
  out.push(
    `Machine: 1-minute load average ${loadAtStart.toFixed(1)} at start, ${rss.load.toFixed(1)} at most during the run ` +
      `(${os.cpus().length} CPUs${rss.load > os.cpus().length ? ': other work shared the cores, times are inflated' : ''})`,
  );
  out.push('');
  const head = `${pad('scenario', 36)}${padLeft('n', 5)}${padLeft('p50 ms', 9)}${padLeft('p95 ms', 9)}${padLeft('max ms', 9)}${padLeft('count', 10)}   target      result`;
  out.push(head);
  out.push('-'.repeat(head.length));
  for (const { label, stats } of results) {
    // A capped count is cap + 1: '10,000+' for lists, '1,000+' for searches.
    const count = stats.capped ? `${fmtInt(stats.count - 1)}+` : fmtInt(stats.count);
    out.push(
      `${pad(label, 36)}${padLeft(String(stats.n), 5)}${padLeft(fmtMs(stats.p50), 9)}${padLeft(fmtMs(stats.p95), 9)}` +
        `${padLeft(fmtMs(stats.max), 9)}${padLeft(count, 10)}   p95 < ${TARGET_P95_MS}   ${verdict(stats.p95 < TARGET_P95_MS)}`,
    );
  }
  out.push('');
  const exportLine = (label: string, r: { rows: number; bytes: number; ms: number }) =>
    `${pad(label, 36)}${padLeft(fmtInt(r.rows), 10)} rows${padLeft((r.ms / 1000).toFixed(2), 8)} s` +
    `${padLeft(fmtInt(Math.round(rate(r))), 12)} rows/s${padLeft((r.bytes / 2 ** 20).toFixed(0), 6)} MiB`;
  out.push(exportLine('export via API (download)', api));
  out.push(exportLine('COPY (same SELECT) TO STDOUT', copy));
  out.push(exportLine('COPY (SELECT *) TO STDOUT, reference', plain));
  out.push(
    `${pad('export ratio API / COPY same SELECT', 36)}${padLeft(ratio.toFixed(2), 10)}` +
      `${' '.repeat(29)}target >= ${TARGET_EXPORT_RATIO}   ${verdict(ratio >= TARGET_EXPORT_RATIO)}`,
  );
  out.push('');
  const phases = [...rss.peaks.entries()].map(([phase, mb]) => `${phase} ${mb.toFixed(0)}`).join(', ');
  out.push(
    `${pad('API server RSS, max', 36)}${padLeft(rss.peak.toFixed(0), 10)} MB  (${rss.samples} samples every 100 ms; ` +
      `per phase: ${phases})   target < ${TARGET_RSS_MB} MB   ${verdict(rss.peak < TARGET_RSS_MB)}`,
  );
  out.push(`Total bench time ${((Date.now() - startedAt) / 1000).toFixed(0)} s`);
  process.stdout.write(`${out.join('\n')}\n`);
};

await runBench(main);

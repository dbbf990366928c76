/**
 * API throughput benchmark (`npm run bench:api`): the built server on a scratch PostgreSQL database, one client
 * with BENCH_CUSTOMERS customers (default 10,000), driven by autocannon at BENCH_CONNECTIONS concurrent keep-alive
 * connections (default 20) for BENCH_SECONDS each (default 10) after a short warm-up, scenario by scenario:
 *
 *   the 404 envelope of an unknown /api route (the framework floor), public health, two hashed static assets of
 *   the console (a median-sized chunk, and the entry script for bytes), the customers list, a customer profile read (what the profile page reads: GET /api/v2/get/user) and
 *   POST /api/v1/events with a batch of 100 events (API key).
 *
 * It prints requests/s, p50/p99 latency, the server's peak RSS in each scenario and each one's ratio to the floor
 * measured in the same run; every target line ends PASS or MISS. Requests send what a browser sends
 * (`accept-encoding: gzip, deflate, br`), so JSON over 1 KiB is compressed as it would be for the console.
 *
 * It builds nothing: it runs `npm run build`'s output (apps/api/dist and apps/web/dist) and stops if it is missing.
 * Not a test (DESIGN §8): it exits 0 whether targets are met or missed; 1 only when something errored (every
 * answer's status is checked: a failing endpoint must not look fast).
 *
 * Environment (all optional):
 *   DATABASE_URL         use this PostgreSQL database (only the bench client's rows are written); otherwise a fresh
 *                        `laurel_bench_<random>` database is created on BENCH_ADMIN_URL's server and dropped at the end
 *   BENCH_ADMIN_URL      default postgres://postgres@127.0.0.1:5432/test
 *   BENCH_CUSTOMERS      default 10000;  BENCH_CONNECTIONS  default 20;  BENCH_SECONDS  default 10
 *   BENCH_API_DIST       another build of the API to run (default apps/api/dist)
 *   BENCH_ONLY           comma-separated scenario keys to run (floor always runs):
 *                        health,static,entry,list,profile,events
 *   BENCH_KEEP_DB=1      keep the created database (its URL is printed)
 *   BENCH_SERVER_NODE_ARGS  node options for the server, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to see where its
 *                        time goes (the profile is written when it stops)
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { ensureBenchClient, reseedCustomers } from './bench-seed';
import {
  apiDir,
  type Defer,
  envInt,
  fmtInt,
  fmtMs,
  log,
  must,
  openBenchDatabase,
  pad,
  padLeft,
  processCpuSeconds,
  rootDir,
  rssSampler,
  runBench,
  type Server,
  startServer,
  stopChild,
  verdict,
} from './bench-support';

const CUSTOMERS = envInt('BENCH_CUSTOMERS', 10_000, 100, 1_000_000);
const CONNECTIONS = envInt('BENCH_CONNECTIONS', 20, 1, 500);
const SECONDS = envInt('BENCH_SECONDS', 10, 1, 300);
const WARMUP_SECONDS = 2;
const EVENTS_PER_BATCH = 100;
const ONLY = process.env.BENCH_ONLY?.split(',').map((key) => key.trim());

/** The targets (2 cores). */
const TARGET = { listRps: 2_000, listP99Ms: 50, profileRps: 3_000, floorRatio: 0.6, rssMb: 300 };

const BROWSER_HEADERS = { accept: 'application/json', 'accept-encoding': 'gzip, deflate, br' };

// ---------------------------------------------------------------------------------------------------------------
// The build it runs

const apiDist = path.resolve(rootDir, process.env.BENCH_API_DIST || path.join(apiDir, 'dist'));
const webDist = path.join(rootDir, 'apps/web/dist');

/**
 * Two hashed, immutable assets as a browser fetches them (brotli): a lazy chunk of median size (the per-request
 * cost of serving a file) and the entry script index.html loads (the largest: bytes on the wire dominate).
 */
const hashedAssets = () => {
  const index = readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const entry = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(index)?.[1];
  if (!entry) throw new Error('apps/web/dist/index.html loads no /assets/*.js script');
  const sizeOf = (url: string) => {
    const file = path.join(webDist, url);
    return statSync(existsSync(`${file}.br`) ? `${file}.br` : file).size;
  };
  const chunks = readdirSync(path.join(webDist, 'assets'))
    .filter((name) => name.endsWith('.js'))
    .map((name) => ({ url: `/assets/${name}`, bytes: sizeOf(`/assets/${name}`) }))
    .sort((x, y) => x.bytes - y.bytes);
  const median = chunks[Math.floor(chunks.length / 2)];
  if (!median) throw new Error('apps/web/dist/assets holds no script');
  return { median, entry: { url: entry, bytes: sizeOf(entry) } };
};

const requireBuild = () => {
  const serverJs = path.join(apiDist, 'server.js');
  const missing = [serverJs, path.join(webDist, 'index.html')].filter((file) => !existsSync(file));
  if (missing.length > 0) {
    throw new Error(
      `bench:api runs the build and builds nothing itself: ${missing.join(', ')} missing. Run \`npm run build\` first.`,
    );
  }
  const srcDir = path.join(apiDir, 'src');
  if (statSync(serverJs).mtimeMs < statSync(srcDir).mtimeMs)
    log(
      `note: ${serverJs} may be older than apps/api/src (run \`npm run build\` to measure the current code)`,
    );
  return serverJs;
};

// ---------------------------------------------------------------------------------------------------------------
// Seed: the client through the API, its customers with one INSERT … SELECT

const seed = async (server: Server, databaseUrl: string) => {
  const bench = await ensureBenchClient(server, {
    area: 'api',
    title: 'API',
    branches: 2,
    permissions: { CUSTOMERS: { read: true } },
  });
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  try {
    const clientId = bench.owner.clientId;
    const { rows } = await pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM customers WHERE client_id = $1',
      [clientId],
    );
    if ((rows[0]?.n ?? 0) < CUSTOMERS) {
      log(`seeding ${fmtInt(CUSTOMERS)} customers…`);
      await reseedCustomers(pool, clientId, bench.branchIds, CUSTOMERS);
      await pool.query('VACUUM (ANALYZE) customers');
    }
    const ids = await pool.query<{ id: string }>(
      'SELECT id FROM customers WHERE client_id = $1 ORDER BY id LIMIT 1000',
      [clientId],
    );
    const version = (
      await pool.query<{ v: string }>("SELECT split_part(current_setting('server_version'), ' ', 1) AS v")
    ).rows[0]?.v;
    return { ...bench, customerIds: ids.rows.map((row) => row.id), version };
  } finally {
    await pool.end();
  }
};

// ---------------------------------------------------------------------------------------------------------------
// Driving it

type Scenario = {
  key: string;
  label: string;
  /** What every answer must be; anything else stops the bench. */
  status: number;
  options: Omit<autocannon.Options, 'url' | 'connections' | 'duration'> & { path: string };
};

type Measured = {
  scenario: Scenario;
  rps: number;
  p50: number;
  p99: number;
  rssMb: number;
  requests: number;
  /** CPU time per request: the API process's, and its PostgreSQL backends' (robust when other work shares the cores). */
  apiCpuUs: number;
  pgCpuUs: number;
};

/** CPU seconds so far of the API process and of each PostgreSQL backend serving the bench database. */
const cpuSnapshot = async (apiPid: number, monitor: pg.Client) => {
  const { rows } = await monitor.query<{ pid: number }>(
    'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
  );
  return {
    api: processCpuSeconds(apiPid),
    backends: new Map(rows.map((row) => [row.pid, processCpuSeconds(row.pid)])),
  };
};
type CpuSnapshot = Awaited<ReturnType<typeof cpuSnapshot>>;

const cpuSince = (before: CpuSnapshot, after: CpuSnapshot) => {
  let pgSeconds = 0;
  // A backend that appeared meanwhile counts from zero.
  for (const [pid, seconds] of after.backends) pgSeconds += seconds - (before.backends.get(pid) ?? 0);
  return { api: after.api - before.api, pg: pgSeconds };
};

const fire = (server: Server, scenario: Scenario, seconds: number) =>
  autocannon({
    ...scenario.options,
    url: `http://127.0.0.1:${server.port}${scenario.options.path}`,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { ...BROWSER_HEADERS, ...scenario.options.headers },
  });

const measure = async (
  server: Server,
  scenario: Scenario,
  rss: ReturnType<typeof rssSampler>,
  monitor: pg.Client,
): Promise<Measured> => {
  log(`${scenario.label}: ${WARMUP_SECONDS} s warm-up, ${SECONDS} s measured…`);
  rss.phase(`${scenario.key}:warm-up`);
  await fire(server, scenario, WARMUP_SECONDS);
  rss.phase(scenario.key);
  const pid = server.child.pid as number;
  const before = await cpuSnapshot(pid, monitor);
  const result = await fire(server, scenario, SECONDS);
  const cpu = cpuSince(before, await cpuSnapshot(pid, monitor));
  const answered = Object.entries(result.statusCodeStats ?? {});
  const wrong = answered.filter(([status]) => Number(status) !== scenario.status);
  if (result.errors > 0 || result.timeouts > 0 || wrong.length > 0 || result.requests.total === 0) {
    throw new Error(
      `${scenario.label}: ${result.errors} errors, ${result.timeouts} timeouts, statuses ` +
        `${JSON.stringify(result.statusCodeStats)} (expected only ${scenario.status})`,
    );
  }
  return {
    scenario,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    rssMb: 0,
    requests: result.requests.total,
    apiCpuUs: (cpu.api * 1e6) / result.requests.total,
    pgCpuUs: (cpu.pg * 1e6) / result.requests.total,
  };
};

/** Each request a batch of fresh events (new ids, so none is a duplicate) about the seeded customers. */
const eventBatches = (customerIds: string[]) => {
  let batch = 0;
  const runId = Date.now().toString(36);
  return () => {
    batch += 1;
    const occurredAt = new Date(Date.now() - 60_000).toISOString();
    const events = Array.from({ length: EVENTS_PER_BATCH }, (_, i) => ({
      id: `api-bench-${runId}-${batch}-${i}`,
      type: 'user.logged-in',
      customer: { _id: customerIds[(batch * EVENTS_PER_BATCH + i) % customerIds.length] },
      occurred_at: occurredAt,
      data: {},
    }));
    return JSON.stringify({ events });
  };
};

const vmHwmMb = (pid: number) => {
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : 0;
};

// ---------------------------------------------------------------------------------------------------------------

const main = async (defer: Defer) => {
  const startedAt = Date.now();
  const serverJs = requireBuild();
  const assets = hashedAssets();
  const loadBefore = os.loadavg();
  log(`load average before: ${loadBefore.map((n) => n.toFixed(2)).join(' ')}`);

  const databaseUrl = await openBenchDatabase(defer);
  log('starting the API…');
  // The engine is left out of the API process: the events scenario measures ingestion, not processing.
  const server = await startServer(databaseUrl, {
    env: {
      ENGINE_IN_PROCESS: '0',
      ...(process.env.BENCH_SERVER_NODE_OPTIONS
        ? { NODE_OPTIONS: process.env.BENCH_SERVER_NODE_OPTIONS }
        : {}),
    },
    script: serverJs,
  });
  defer('stopping the API', () => stopChild(server));
  const pid = server.child.pid as number;
  const bench = await seed(server, databaseUrl);
  const token = bench.owner.clientToken;
  const auth = { authorization: `Bearer ${token}` };
  const profileIds = bench.customerIds;
  let nextProfile = 0;
  const nextBatch = eventBatches(profileIds);
  // Every answer of these two is checked once here (autocannon only counts statuses).
  const listed = await must(server, 'GET', '/api/v2/client/loyalty/users?page=1&size=15', { token });
  if (listed.content.user_list.length !== 15 || listed.content.count < Math.min(CUSTOMERS, 10_000))
    throw new Error(`the customers list answered ${JSON.stringify(listed.content).slice(0, 300)}`);
  await must(server, 'GET', `/api/v2/get/user?_id=${profileIds[0]}`, { token });

  const all: Scenario[] = [
    {
      key: 'floor',
      label: '404 envelope (floor)',
      status: 404,
      options: { path: '/api/no-such-route' },
    },
    { key: 'health', label: 'GET /api/health', status: 200, options: { path: '/api/health' } },
    {
      key: 'static',
      label: `static asset (chunk, ${fmtInt(assets.median.bytes)} B)`,
      status: 200,
      options: { path: assets.median.url },
    },
    {
      key: 'entry',
      label: `static entry script (${fmtInt(assets.entry.bytes / 1024)} KB)`,
      status: 200,
      options: { path: assets.entry.url },
    },
    {
      key: 'list',
      label: 'customers list (page 1, 15)',
      status: 200,
      options: { path: '/api/v2/client/loyalty/users?page=1&size=15', headers: auth },
    },
    {
      key: 'profile',
      label: 'customer profile read',
      status: 200,
      options: {
        path: `/api/v2/get/user?_id=${profileIds[0]}`,
        headers: auth,
        requests: [
          {
            setupRequest: (req) => {
              nextProfile = (nextProfile + 1) % profileIds.length;
              return { ...req, path: `/api/v2/get/user?_id=${profileIds[nextProfile]}` };
            },
          },
        ],
      },
    },
    {
      key: 'events',
      label: `POST /api/v1/events (${EVENTS_PER_BATCH}/batch)`,
      status: 200,
      options: {
        path: '/api/v1/events',
        method: 'POST',
        headers: { 'x-api-key': bench.apiKey, 'content-type': 'application/json' },
        requests: [{ method: 'POST', setupRequest: (req) => ({ ...req, body: nextBatch() }) }],
      },
    },
  ];
  const scenarios = all.filter(
    (scenario) => scenario.key === 'floor' || !ONLY || ONLY.includes(scenario.key),
  );

  const monitor = new pg.Client({ connectionString: databaseUrl });
  await monitor.connect();
  defer('closing the monitor connection', () => monitor.end());
  const rss = rssSampler(pid);
  const results: Measured[] = [];
  for (const scenario of scenarios) results.push(await measure(server, scenario, rss, monitor));
  const sampled = rss.stop();
  for (const measured of results) measured.rssMb = sampled.peaks.get(measured.scenario.key) ?? 0;
  const peakRss = Math.max(sampled.peak, vmHwmMb(pid));

  // -------------------------------------------------------------------------------------------------------------
  const floor = results.find((measured) => measured.scenario.key === 'floor') as Measured;
  const byKey = new Map(results.map((measured) => [measured.scenario.key, measured]));
  const ratio = (measured: Measured) => measured.rps / floor.rps;
  const targets: Record<string, { text: string; ok: (m: Measured) => boolean }> = {
    health: { text: `>= ${TARGET.floorRatio}x floor`, ok: (m) => ratio(m) >= TARGET.floorRatio },
    static: { text: `>= ${TARGET.floorRatio}x floor`, ok: (m) => ratio(m) >= TARGET.floorRatio },
    list: {
      text: `>= ${fmtInt(TARGET.listRps)}/s, p99 < ${TARGET.listP99Ms}`,
      ok: (m) => m.rps >= TARGET.listRps && m.p99 < TARGET.listP99Ms,
    },
    profile: { text: `>= ${fmtInt(TARGET.profileRps)}/s`, ok: (m) => m.rps >= TARGET.profileRps },
  };

  const out: string[] = [''];
  out.push(
    `API throughput: ${fmtInt(CUSTOMERS)} customers; PostgreSQL ${bench.version}; node ${process.version}; ` +
      `${os.cpus().length} CPUs; load average before ${loadBefore[0]?.toFixed(2)}, highest during ${sampled.load.toFixed(2)}`,
  );
  out.push(
    `autocannon: ${CONNECTIONS} connections, ${SECONDS} s per scenario after ${WARMUP_SECONDS} s warm-up, over ` +
      `loopback, LOG_LEVEL=warn, rate limits raised, engine not in the API process; assets are sent brotli ` +
      `(${assets.median.url}, ${assets.entry.url})`,
  );
  out.push(
    'API µs / PG µs: CPU time per request of the API process and of its PostgreSQL backends (the rest of a core ' +
      'goes to autocannon and the kernel)',
  );
  out.push('');
  const head =
    `${pad('scenario', 34)}${padLeft('req/s', 9)}${padLeft('p50 ms', 8)}${padLeft('p99 ms', 8)}` +
    `${padLeft('RSS MB', 8)}${padLeft('API µs', 8)}${padLeft('PG µs', 7)}${padLeft('x floor', 9)}   ` +
    `${pad('target', 24)}result`;
  out.push(head, '-'.repeat(head.length));
  for (const measured of results) {
    const target = targets[measured.scenario.key];
    out.push(
      `${pad(measured.scenario.label, 34)}${padLeft(fmtInt(measured.rps), 9)}${padLeft(fmtMs(measured.p50), 8)}` +
        `${padLeft(fmtMs(measured.p99), 8)}${padLeft(measured.rssMb.toFixed(0), 8)}` +
        `${padLeft(fmtInt(measured.apiCpuUs), 8)}${padLeft(fmtInt(measured.pgCpuUs), 7)}` +
        `${padLeft(ratio(measured).toFixed(2), 9)}   ${pad(target?.text ?? '', 24)}` +
        `${target ? verdict(target.ok(measured)) : ''}`,
    );
  }
  const events = byKey.get('events');
  if (events)
    out.push(`events ingested: ${fmtInt(events.rps * EVENTS_PER_BATCH)}/s (${EVENTS_PER_BATCH} per request)`);
  out.push(
    `${pad('server peak RSS (VmHWM, whole run)', 34)}${padLeft(peakRss.toFixed(0), 9)} MB   < ${TARGET.rssMb} MB   ` +
      verdict(peakRss < TARGET.rssMb),
  );
  out.push(`Total bench time ${((Date.now() - startedAt) / 1000).toFixed(0)} s`);
  process.stdout.write(`${out.join('\n')}\n`);
};

await runBench(main);

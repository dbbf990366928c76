/**
 * What the benchmarks (`npm run bench:*`) share: a scratch PostgreSQL database, the built API and worker as child
 * processes on loopback, HTTP calls, the bench client registered through the API, memory and CPU sampling of a
 * process, percentiles and the PASS/MISS report lines. Benchmarks only ever talk to 127.0.0.1.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { clientRegistration } from '../test/factories';

// ---------------------------------------------------------------------------------------------------------------
// Settings and small helpers

export const envInt = (name: string, fallback: number, min: number, max: number) => {
  const raw = process.env[name];
  const value = raw === undefined || raw.trim() === '' ? fallback : Number(raw);
  if (!Number.isInteger(value) || value < min || value > max)
    throw new Error(`${name} must be a whole number between ${min} and ${max}`);
  return value;
};

/** Where scratch databases are created (and dropped): the local server, never anything else. */
export const ADMIN_URL = process.env.BENCH_ADMIN_URL || 'postgres://postgres@127.0.0.1:5432/test';
export const GIVEN_URL = process.env.DATABASE_URL?.trim() || undefined;
export const KEEP_DB = process.env.BENCH_KEEP_DB === '1';

export const JWT_SECRET = 'laurel-bench-jwt-secret-0123456789abcdef';
export const STARTUP_TIMEOUT_MS = 120_000;
export const REQUEST_TIMEOUT_MS = 30_000;

const here = path.dirname(fileURLToPath(import.meta.url));
export const apiDir = path.resolve(here, '..');
export const rootDir = path.resolve(apiDir, '../..');
export const serverJs = path.join(apiDir, 'dist/server.js');
export const workerJs = path.join(apiDir, 'dist/worker.js');

export const log = (message: string) => process.stderr.write(`[bench] ${message}\n`);
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Before a timed phase that is compared with another: a VACUUM (ANALYZE) of the whole database, then a CHECKPOINT;
 * answers the seconds it took. Without it, a phase pays for the dead rows the phases before it left in every table
 * the engine writes (on a server without autovacuum, as this project's machines run, nothing else removes them),
 * and for the full-page images of a checkpoint that happens to start during it.
 */
export const vacuumAndCheckpoint = async (pool: pg.Pool) => {
  const started = performance.now();
  await pool.query('VACUUM (ANALYZE)');
  await pool.query('CHECKPOINT');
  return (performance.now() - started) / 1000;
};

export const assert: (condition: boolean, message: string) => asserts condition = (condition, message) => {
  if (!condition) throw new Error(message);
};

// ---------------------------------------------------------------------------------------------------------------
// Report formatting

/** The nearest-rank percentile of an ascending array. */
export const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number;

export const fmtMs = (ms: number) => (ms >= 100 ? ms.toFixed(0) : ms.toFixed(1));
export const fmtInt = (n: number) => Math.round(n).toLocaleString('en');
export const pad = (text: string, width: number) => text.padEnd(width);
export const padLeft = (text: string, width: number) => text.padStart(width);
/** Every target's line ends with this word. */
export const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');

// ---------------------------------------------------------------------------------------------------------------
// Database: a scratch one (created and dropped) unless DATABASE_URL is given

const withDatabase = (url: string, database: string) => {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
};

const loopbackOnly = (url: string) => {
  const host = new URL(url).hostname;
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host))
    throw new Error(`benchmarks only talk to this machine: ${host} is not loopback`);
};

export const createBenchDatabase = async () => {
  loopbackOnly(ADMIN_URL);
  const name = `laurel_bench_${Math.random().toString(16).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  return { name, url: withDatabase(ADMIN_URL, name) };
};

export const dropBenchDatabase = async (name: string) => {
  if (!/^laurel_bench_[0-9a-f]+$/.test(name)) throw new Error(`refusing to drop ${name}`);
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
};

/**
 * The database a bench writes to: DATABASE_URL when given (then only the bench's own rows are written), otherwise
 * a fresh `laurel_bench_<random>` on BENCH_ADMIN_URL's server, dropped at the end unless BENCH_KEEP_DB=1.
 */
export const openBenchDatabase = async (defer: Defer) => {
  if (GIVEN_URL) {
    loopbackOnly(GIVEN_URL);
    log('using DATABASE_URL (only the bench client’s rows are written)');
    return GIVEN_URL;
  }
  const created = await createBenchDatabase();
  log(`created database ${created.name}`);
  defer(`dropping ${created.name}`, async () => {
    if (KEEP_DB) {
      log(`kept database ${created.url}`);
      return;
    }
    await dropBenchDatabase(created.name);
    log(`dropped database ${created.name}`);
  });
  return created.url;
};

// ---------------------------------------------------------------------------------------------------------------
// The built API and worker as child processes

const newestMtime = (dir: string): number => {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
};

/** Builds dist/ when it is missing or older than the sources it is built from. */
export const ensureBuilt = () => {
  const built = Math.min(
    ...[serverJs, workerJs].map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0)),
  );
  const sources = Math.max(
    newestMtime(path.join(apiDir, 'src')),
    newestMtime(path.join(apiDir, 'drizzle')),
    newestMtime(path.join(rootDir, 'packages/contract/src')),
  );
  if (built >= sources) return;
  log(built === 0 ? 'building the API (dist missing)…' : 'building the API (dist older than src)…');
  const result = spawnSync('npm', ['run', 'build', '-w', 'apps/api'], {
    cwd: rootDir,
    stdio: ['ignore', 'ignore', 'inherit'],
    timeout: 300_000,
  });
  if (result.status !== 0) throw new Error('npm run build -w apps/api failed');
};

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });

/** A child process with the tail of its output (kept for the failure report). */
export type Child = { name: string; child: ChildProcess; output: string[]; dataDir: string };
export type Server = Child & { port: number; agent: http.Agent };

/** Every child started, so that a failure shows what each one said last. */
const children: Child[] = [];

const spawnChild = (
  name: string,
  script: string,
  env: Record<string, string>,
  nodeArgs: string[] = [],
): Child => {
  const output: string[] = [];
  // The server keeps media under DATA_DIR even on PostgreSQL: a scratch directory, removed when it stops.
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'laurel-bench-data-'));
  const child = spawn(process.execPath, [...nodeArgs, script], {
    cwd: rootDir,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO: '0',
      LOG_LEVEL: 'warn',
      JWT_SECRET,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 200) output.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const started = { name, child, output, dataDir };
  children.push(started);
  return started;
};

/** BENCH_API_CPU_PROF=<dir>: every API a bench starts writes a V8 CPU profile there when it stops (speedscope…). */
const API_PROFILE_DIR = process.env.BENCH_API_CPU_PROF?.trim() || undefined;

/**
 * Starts dist/server.js on a free loopback port with rate limits out of the way and waits for /api/health.
 * `env` adds or overrides variables (ENGINE_IN_PROCESS…); `maxSockets` bounds its default keep-alive agent;
 * `script` runs another build than dist/server.js, `nodeArgs` go to node before it (`--cpu-prof`…; by default the
 * profile BENCH_API_CPU_PROF asks for).
 */
export const startServer = async (
  databaseUrl: string,
  options: { env?: Record<string, string>; maxSockets?: number; script?: string; nodeArgs?: string[] } = {},
): Promise<Server> => {
  const port = await freePort();
  const started = spawnChild(
    'API',
    options.script ?? serverJs,
    {
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      RATE_LIMIT_IP_PER_MINUTE: '10000000',
      RATE_LIMIT_TOKEN_PER_MINUTE: '10000000',
      RATE_LIMIT_EMAIL_FAILURES: '1000',
      ...options.env,
    },
    options.nodeArgs ??
      (API_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(API_PROFILE_DIR)}`] : []),
  );
  const server: Server = {
    ...started,
    port,
    agent: new http.Agent({ keepAlive: true, maxSockets: options.maxSockets ?? 1 }),
  };
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null)
      throw new Error(`the API exited (${server.child.exitCode}):\n${server.output.join('')}`);
    try {
      const res = await request(server, 'GET', '/api/health', { timeoutMs: 2_000 });
      if (res.status === 200) return server;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`the API did not answer /api/health within ${STARTUP_TIMEOUT_MS / 1000} s`);
};

/** BENCH_WORKER_CPU_PROF=<dir>: every worker a bench starts writes a V8 CPU profile there when it stops. */
const WORKER_PROFILE_DIR = process.env.BENCH_WORKER_CPU_PROF?.trim() || undefined;

/**
 * Starts dist/worker.js (an engine worker on its own) and waits until it says it is running; `nodeArgs` go to node
 * before it (`--cpu-prof`…; by default the profile BENCH_WORKER_CPU_PROF asks for).
 */
export const startWorker = async (
  databaseUrl: string,
  env: Record<string, string> = {},
  nodeArgs: string[] = WORKER_PROFILE_DIR
    ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(WORKER_PROFILE_DIR)}`]
    : [],
) => {
  const worker = spawnChild(
    'worker',
    workerJs,
    { DATABASE_URL: databaseUrl, LOG_LEVEL: 'info', ...env },
    nodeArgs,
  );
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (worker.child.exitCode !== null)
      throw new Error(`the worker exited (${worker.child.exitCode}):\n${worker.output.join('')}`);
    if (worker.output.join('').includes('worker is running')) return worker;
    await sleep(100);
  }
  throw new Error(`the worker did not start within ${STARTUP_TIMEOUT_MS / 1000} s`);
};

/** SIGTERM (SIGKILL after 10 s), then the scratch data directory goes. */
export const stopChild = async (started: Child | Server) => {
  if ('agent' in started) started.agent.destroy();
  if (started.child.exitCode === null && started.child.signalCode === null) {
    const exited = new Promise<void>((resolve) => started.child.once('exit', () => resolve()));
    started.child.kill('SIGTERM');
    const timer = setTimeout(() => started.child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
  rmSync(started.dataDir, { recursive: true, force: true });
};

// ---------------------------------------------------------------------------------------------------------------
// Memory and CPU of a process

/** VmRSS of a process, sampled every 100 ms; the peak is kept overall and per phase. */
export const rssSampler = (pid: number) => {
  let phase = 'start';
  const peaks = new Map<string, number>();
  let peak = 0;
  let samples = 0;
  /** The machine's 1-minute load average, highest seen: above the CPU count, other work shared the cores. */
  let load = 0;
  const sample = () => {
    try {
      const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (!match) return;
      const mb = Number(match[1]) / 1024;
      samples += 1;
      peak = Math.max(peak, mb);
      load = Math.max(load, os.loadavg()[0] ?? 0);
      peaks.set(phase, Math.max(peaks.get(phase) ?? 0, mb));
    } catch {
      // the process is gone
    }
  };
  sample();
  const timer = setInterval(sample, 100);
  return {
    phase: (name: string) => {
      sample();
      phase = name;
      sample();
    },
    stop: () => {
      sample();
      clearInterval(timer);
      return { peak, peaks, samples, load };
    },
  };
};
export type RssSampler = ReturnType<typeof rssSampler>;

const CLOCK_TICKS = 100;

/** CPU seconds (user + system) a process has used so far; 0 once it is gone. */
export const processCpuSeconds = (pid: number) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may contain spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return 0;
  }
};

/** The whole machine's busy and total CPU seconds so far (all cores), from /proc/stat. */
export const machineCpuSeconds = () => {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
  const ticks = line.trim().split(/\s+/).slice(1).map(Number);
  const total = ticks.reduce((sum, value) => sum + value, 0);
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
  return { busy: (total - idle) / CLOCK_TICKS, total: total / CLOCK_TICKS };
};

// ---------------------------------------------------------------------------------------------------------------
// CPU: where the cores went in a phase (API, worker, PostgreSQL backends, bench, other)

/**
 * CPU used per phase by the API, the worker (if any), the PostgreSQL backends of the bench database (those still
 * connected at the end of the phase: a lower bound) and this process, next to the whole machine's: what is left
 * ("other") is PostgreSQL's own background processes and whatever else shares the machine. `workers` is one
 * worker's pid, or a function giving the pids of the workers running now: summed over those running at the
 * phase's end (one started during the phase counts from zero), so stop a worker only after reading the phase.
 */
export const cpuMeter = (pool: pg.Pool, apiPid: number, workers?: number | (() => readonly number[])) => {
  const workerPids = () => (workers === undefined ? [] : typeof workers === 'number' ? [workers] : workers());
  const read = async () => {
    const backends = (
      await pool.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = current_database()')
    ).rows.map((row) => row.pid);
    const usage = process.cpuUsage();
    return {
      at: performance.now(),
      api: processCpuSeconds(apiPid),
      workers: new Map(workerPids().map((pid) => [pid, processCpuSeconds(pid)])),
      bench: (usage.user + usage.system) / 1e6,
      backends: new Map(backends.map((pid) => [pid, processCpuSeconds(pid)])),
      machine: machineCpuSeconds(),
    };
  };
  return async () => {
    const start = await read();
    return async () => {
      const end = await read();
      const seconds = (end.at - start.at) / 1000;
      let postgres = 0;
      for (const [pid, used] of end.backends) postgres += used - (start.backends.get(pid) ?? 0);
      let worker = 0;
      for (const [pid, used] of end.workers) worker += used - (start.workers.get(pid) ?? 0);
      const used = {
        api: end.api - start.api,
        worker,
        postgres,
        bench: end.bench - start.bench,
      };
      const busy = (end.machine.busy - start.machine.busy) / seconds;
      const share = (value: number) => value / seconds;
      return {
        seconds,
        used,
        busy,
        api: share(used.api),
        worker: share(used.worker),
        postgres: share(used.postgres),
        bench: share(used.bench),
        other: Math.max(0, busy - share(used.api + used.worker + used.postgres + used.bench)),
      };
    };
  };
};
export type CpuShares = Awaited<ReturnType<Awaited<ReturnType<ReturnType<typeof cpuMeter>>>>>;

// ---------------------------------------------------------------------------------------------------------------
// HTTP over loopback

export type Reply = { status: number; body: string; ms: number };
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type RequestOptions = {
  /** A console token (Authorization: Bearer). */
  token?: string;
  /** An integration API key (X-Api-Key). */
  apiKey?: string;
  body?: unknown;
  timeoutMs?: number;
  /** Another keep-alive agent than the server's own (one per concurrent sender). */
  agent?: http.Agent;
  /** Stream the body into this (a large export) instead of keeping it; the reply's body is then empty. */
  sink?: NodeJS.WritableStream;
};

export const request = (server: Server, method: Method, url: string, options: RequestOptions = {}) =>
  new Promise<Reply>((resolve, reject) => {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const started = performance.now();
    const req = http.request(
      {
        host: '127.0.0.1',
        port: server.port,
        method,
        path: url,
        agent: options.agent ?? server.agent,
        headers: {
          accept: 'application/json',
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...(options.apiKey ? { 'x-api-key': options.apiKey } : {}),
          ...(payload === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
        },
      },
      (res) => {
        if (options.sink) {
          res.pipe(options.sink);
          options.sink.on('finish', () =>
            resolve({ status: res.statusCode ?? 0, body: '', ms: performance.now() - started }),
          );
          res.on('error', reject);
          return;
        }
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            ms: performance.now() - started,
          }),
        );
        res.on('error', reject);
      },
    );
    req.setTimeout(options.timeoutMs ?? REQUEST_TIMEOUT_MS, () =>
      req.destroy(new Error(`${method} ${url} timed out`)),
    );
    req.on('error', reject);
    if (payload !== undefined) req.write(payload);
    req.end();
  });

// biome-ignore lint/suspicious/noExplicitAny: JSON from the API, checked field by field by each bench
export type Json = any;

export const call = async (server: Server, method: Method, url: string, options: RequestOptions = {}) => {
  const res = await request(server, method, url, options);
  let json: Json;
  try {
    json = JSON.parse(res.body);
  } catch {
    json = undefined;
  }
  return { ...res, json };
};

/** A call that must answer 200 (anything else stops the bench: a broken endpoint must not look fast). */
export const must = async (server: Server, method: Method, url: string, options: RequestOptions = {}) => {
  const res = await call(server, method, url, options);
  if (res.status !== 200)
    throw new Error(`${method} ${url} answered ${res.status}: ${res.body.slice(0, 500)}`);
  return res.json as Json;
};

// ---------------------------------------------------------------------------------------------------------------
// The bench client, registered through the API

export type Session = { clientId: string; clientToken: string };

export const signIn = async (server: Server, email: string, password: string): Promise<Session | null> => {
  const res = await call(server, 'POST', '/api/v2/client-user/signin', {
    body: { email, password, remember_me: false },
  });
  if (res.status !== 200) return null;
  return { clientId: res.json.content.user.client_id, clientToken: res.json.content.client_token };
};

/**
 * The bench's business: signs its owner in, or registers it first (the same valid sign-up body the API tests
 * use), then chooses the BUSINESS plan.
 */
export const ensureClient = async (
  server: Server,
  owner: { email: string; password: string; alias: string; name: string },
): Promise<Session> => {
  let session = await signIn(server, owner.email, owner.password);
  if (!session) {
    const registration = clientRegistration({
      alias: owner.alias,
      name: owner.name,
      client_user: { name: 'Bench', surname: 'Owner', email: owner.email, password: owner.password },
    });
    await must(server, 'POST', '/api/v2/self-onboard/create/client', { body: registration });
    session = await signIn(server, owner.email, owner.password);
    if (!session) throw new Error('the bench owner cannot sign in after registering');
  }
  await must(server, 'POST', '/api/billing/plan', { token: session.clientToken, body: { plan: 'BUSINESS' } });
  return session;
};

// ---------------------------------------------------------------------------------------------------------------
// Running a bench: clean-up on every exit path

/** Registers a clean-up step; they run in reverse order, whatever happens. */
export type Defer = (label: string, step: () => Promise<unknown> | unknown) => void;

/**
 * Runs a bench's body. Exits 0 whether targets are met or missed; 1 only when something errored (then each child
 * process's last output is shown). Ctrl-C still stops the children and drops the scratch database.
 */
export const runBench = async (body: (defer: Defer) => Promise<void>) => {
  const steps: { label: string; step: () => Promise<unknown> | unknown }[] = [];
  const defer: Defer = (label, step) => {
    steps.push({ label, step });
  };
  let cleaned = false;
  const cleanUp = async () => {
    if (cleaned) return;
    cleaned = true;
    for (const { label, step } of steps.reverse()) {
      try {
        await step();
      } catch (error) {
        log(`${label}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  };
  const interrupted = () => {
    log('interrupted: cleaning up');
    void cleanUp().finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);

  let failed = false;
  try {
    await body(defer);
  } catch (error) {
    failed = true;
    log(`FAILED: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    for (const started of children) {
      if (started.output.length)
        log(`${started.name} output (last lines):\n${started.output.join('').slice(-4000)}`);
    }
  } finally {
    await cleanUp();
  }
  process.exit(failed ? 1 : 0);
};

// ---------------------------------------------------------------------------------------------------------------
// What the seeded latency benches (customers, orders, reports, dashboard) share

/**
 * A seeded bench's start: dist/ built, its database, the API on it and a pool of `poolMax` connections beside it,
 * each stopped or closed at the end; `version` is PostgreSQL's.
 */
export const startSeededBench = async (defer: Defer, poolMax: number) => {
  ensureBuilt();
  const databaseUrl = await openBenchDatabase(defer);
  const server = await startServer(databaseUrl);
  defer('stopping the API', () => stopChild(server));
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolMax });
  defer('closing the pool', () => pool.end());
  const version = (await pool.query<{ v: string }>("SELECT current_setting('server_version') AS v")).rows[0]
    ?.v;
  return { databaseUrl, server, pool, version };
};

/** What the report's first line says of the machine it ran on. */
export const platformLine = (version: string | undefined) =>
  `PostgreSQL ${version}; node ${process.version}; ${os.cpus().length} CPUs`;
export const loadAverageLine = () => `load average ${os.loadavg()[0]?.toFixed(1)}`;

export type Latency = { n: number; p50: number; p95: number; max: number };

/** How many, p50, p95 and max of request times (ms). */
export const latencyOf = (times: readonly number[]): Latency => {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    max: sorted.at(-1) as number,
  };
};

/**
 * Sequential GETs as `token`, cycling through `urls`: `warmup` unmeasured, then `requests` measured. Every answer
 * must be 200 and pass `check` (which throws), so that a broken endpoint cannot look fast. Past `budgetMs` it
 * stops with what it has measured.
 */
export const measureGets = async (
  server: Server,
  options: {
    token: string;
    urls: readonly string[];
    warmup: number;
    requests: number;
    budgetMs?: number;
    check: (content: Json, url: string) => void;
  },
): Promise<Latency> => {
  const times: number[] = [];
  const started = Date.now();
  for (let i = 0; i < options.warmup + options.requests; i += 1) {
    if (options.budgetMs !== undefined && Date.now() - started > options.budgetMs) {
      log(`scenario stopped after ${options.budgetMs / 1000} s with ${times.length} measured requests`);
      break;
    }
    const url = options.urls[i % options.urls.length] as string;
    const res = await call(server, 'GET', url, { token: options.token });
    if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}: ${res.body.slice(0, 300)}`);
    options.check(res.json?.content, url);
    if (i >= options.warmup) times.push(res.ms);
  }
  assert(times.length > 0, 'no request was measured');
  return latencyOf(times);
};

/** The latency table: a row a scenario (n, p50, p95, max), each against p95 < `targetMs`. */
export const latencyTable = (results: readonly { label: string; stats: Latency }[], targetMs: number) => {
  const head = `${pad('scenario', 34)}${padLeft('n', 5)}${padLeft('p50 ms', 9)}${padLeft('p95 ms', 9)}${padLeft('max ms', 9)}   target        result`;
  return [
    head,
    '-'.repeat(head.length),
    ...results.map(
      ({ label, stats }) =>
        `${pad(label, 34)}${padLeft(String(stats.n), 5)}${padLeft(fmtMs(stats.p50), 9)}${padLeft(fmtMs(stats.p95), 9)}` +
        `${padLeft(fmtMs(stats.max), 9)}   p95 < ${targetMs}   ${verdict(stats.p95 < targetMs)}`,
    ),
  ];
};

/**
 * Webhooks benchmark (`npm run bench:webhooks`, issue 26, DESIGN §10): the built API (ENGINE_IN_PROCESS=0) and one
 * worker process (dist/worker.js: the engine and the webhook dispatcher) on a scratch PostgreSQL database, and a
 * receiver in another process (webhook-receiver.bench-process.ts) answering every delivery with 200 after
 * BENCH_RECEIVER_MS (5 ms). Three measures, each against the issue's target:
 *
 *   a. throughput: BENCH_WEBHOOKS (50,000) outbox rows of one endpoint, written by SQL while the endpoint is switched
 *      off, over BENCH_WEBHOOK_CUSTOMERS customers (a customer's deliveries go one at a time, in order); the
 *      endpoint is switched on and the clock runs until every one is delivered: deliveries/s;
 *   b. latency: orders posted at a steady BENCH_STEADY_RATE (500) events/s for BENCH_STEADY_SECONDS (20), each
 *      earning cashback, so each credit writes one wallet.credited webhook in its own transaction: effect to
 *      delivery, the body's created_at (set where the credit is written) to its arrival at the receiver; p95 < 2 s;
 *   c. what the outbox costs the engine: two tenants with the same customers, earn config and event mix (orders that
 *      earn, logins), one with an endpoint subscribed to every event type and one without; BENCH_COMPARE_EVENTS
 *      events to each in turn, A B B A, posted by BENCH_SENDERS senders in batches of BENCH_BATCH and timed until
 *      processed: events/s with / without, PASS at >= 0.85. The deliveries run beside the engine on the same
 *      worker (its share of the cost); the next run starts once they are all delivered.
 *
 * Checked: every webhook of (a) arrived and is delivered in the outbox; in (b) and (c) every ledger credit has its
 * delivery, delivered, and the receiver got one webhook id per delivery. Not a test (DESIGN §8): exits 0 whether
 * targets are met or missed, 1 when something errored or a check failed.
 *
 * Environment (all optional): BENCH_WEBHOOKS (50000), BENCH_WEBHOOK_CUSTOMERS (5000), BENCH_RECEIVER_MS (5),
 * BENCH_STEADY_RATE (500), BENCH_STEADY_SECONDS (20), BENCH_COMPARE_EVENTS (events per tenant, 20000, in two runs),
 * BENCH_COMPARE_CUSTOMERS (2000), BENCH_BATCH (500), BENCH_SENDERS (4), WEBHOOK_CONCURRENCY (the dispatcher's, per
 * endpoint; its default 16), BENCH_WORKER_CPU_PROF (a directory: the worker's CPU profile), DATABASE_URL / BENCH_ADMIN_URL / BENCH_KEEP_DB as the other benches.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { WEBHOOK_EVENT_TYPES } from '@laurel/contract';
import pg from 'pg';
import {
  assert,
  type CpuShares,
  call,
  cpuMeter,
  type Defer,
  ensureBuilt,
  ensureClient,
  envInt,
  fmtInt,
  fmtMs,
  loadAverageLine,
  log,
  must,
  openBenchDatabase,
  pad,
  padLeft,
  percentile,
  processCpuSeconds,
  runBench,
  type Server,
  type Session,
  sleep,
  startServer,
  startWorker,
  stopChild,
  verdict,
} from './bench-support';
import { startReceiverProcess, WEBHOOK_ENV } from './webhook-receiver';

const WEBHOOKS = envInt('BENCH_WEBHOOKS', 50_000, 100, 10_000_000);
const WEBHOOK_CUSTOMERS = envInt('BENCH_WEBHOOK_CUSTOMERS', 5_000, 1, 10_000_000);
const RECEIVER_MS = envInt('BENCH_RECEIVER_MS', 5, 0, 10_000);
const STEADY_RATE = envInt('BENCH_STEADY_RATE', 500, 10, 100_000);
const STEADY_SECONDS = envInt('BENCH_STEADY_SECONDS', 20, 1, 3_600);
const COMPARE_EVENTS = envInt('BENCH_COMPARE_EVENTS', 20_000, 200, 10_000_000);
const COMPARE_CUSTOMERS = envInt('BENCH_COMPARE_CUSTOMERS', 2_000, 10, 1_000_000);
const BATCH = envInt('BENCH_BATCH', 500, 1, 1_000);
const SENDERS = envInt('BENCH_SENDERS', 4, 1, 64);

/** The issue's targets. */
const TARGET_DELIVERIES_PER_S = 1_000;
const TARGET_P95_MS = 2_000;
const TARGET_RATIO = 0.85;

const STALL_MS = 120_000;
const POLL_MS = 50;
const PASSWORD = 'bench password 1';
const RUN = randomBytes(4).toString('hex');
// ---------------------------------------------------------------------------------------------------------------
// Tenants: a business with a key, cashback for everyone, customers by SQL, and an endpoint when asked

type Tenant = {
  session: Session;
  apiKey: string;
  customers: string[];
  endpoint: { id: string; eventTypes: string[] } | null;
};

const createTenant = async (
  server: Server,
  pool: pg.Pool,
  options: {
    label: string;
    customers: number;
    endpoint: { url: string; eventTypes: string[]; active: boolean } | null;
  },
): Promise<Tenant> => {
  const session = await ensureClient(server, {
    email: `bench.webhooks.${options.label}.${RUN}@laurel.test`,
    password: PASSWORD,
    alias: `Bench Hooks ${options.label}`,
    name: `Bench Hooks ${options.label} (Pty) Ltd`,
  });
  const token = session.clientToken;
  const apiKey = (
    await must(server, 'POST', '/api/integrations/api-keys', { token, body: { name: 'bench' } })
  ).content.key as string;
  const currency = (
    await must(server, 'POST', '/api/economy/currencies', {
      token,
      body: { type: 'custom', name: 'Bench Points', code: 'BWH', conversion_rate: 1 },
    })
  ).content._id as string;
  const segments = await must(server, 'GET', '/api/segments?size=50', { token });
  const allPlayers = (segments.content as { _id: string; name: string }[]).find(
    (s) => s.name === 'AllPlayers',
  )?._id;
  assert(typeof allPlayers === 'string', 'no AllPlayers segment');
  // 5 per 100 for everyone: every order of 1.00 or more earns, one ledger credit (one wallet.credited) each.
  await must(server, 'POST', '/api/economy/earn-configs', {
    token,
    body: {
      type: 'Currency',
      trigger_value: 100,
      earn_amount: 5,
      segment_id: allPlayers,
      earn_target: currency,
    },
  });
  const { rows } = await pool.query<{ id: string }>(
    `INSERT INTO customers (id, client_id, name, surname, email, cell_number, status, member_date, created_at, updated_at)
     SELECT substr(md5($1::text || ':hooks:' || g), 1, 24), $1, 'Member', 'No ' || g,
            'member' || g || '.' || $3 || '@bench.laurel.test', '+2784' || lpad(g::text, 7, '0'), 'ACTIVE',
            to_char(now(), 'YYYY-MM-DD'), now(), now()
     FROM generate_series(1, $2::int) AS g RETURNING id`,
    [session.clientId, options.customers, `${options.label}.${RUN}`],
  );
  let endpoint: Tenant['endpoint'] = null;
  if (options.endpoint) {
    const created = await must(server, 'POST', '/api/integrations/webhooks', {
      token,
      body: {
        url: options.endpoint.url,
        event_types: options.endpoint.eventTypes,
        active: options.endpoint.active,
      },
    });
    endpoint = { id: created.content._id, eventTypes: options.endpoint.eventTypes };
  }
  return { session, apiKey, customers: rows.map((row) => row.id), endpoint };
};

// ---------------------------------------------------------------------------------------------------------------
// Waiting

const scalar = async (pool: pg.Pool, text: string, values: unknown[]) =>
  Number((await pool.query<{ n: string | number }>(text, values)).rows[0]?.n ?? 0);

/** Polls `remaining` until it is 0; fails when it has not moved for STALL_MS. Answers when it reached 0. */
const waitUntilZero = async (label: string, remaining: () => Promise<number>) => {
  let last = -1;
  let lastChange = Date.now();
  let lastLog = Date.now();
  for (;;) {
    const left = await remaining();
    const now = performance.now();
    if (left === 0) return now;
    if (left !== last) {
      last = left;
      lastChange = Date.now();
    } else if (Date.now() - lastChange > STALL_MS)
      throw new Error(`${label}: ${left} waited ${STALL_MS / 1000} s`);
    if (Date.now() - lastLog > 10_000) {
      lastLog = Date.now();
      log(`${label}: ${fmtInt(left)} to go`);
    }
    await sleep(POLL_MS);
  }
};
const eventsWaiting = (pool: pg.Pool, clientId: string) =>
  scalar(pool, "SELECT count(*) AS n FROM event_queue WHERE client_id = $1 AND status = 'accepted'", [
    clientId,
  ]);
// From the queue of deliveries still to send (small, shrinking), not the history: the bench's own polling, every
// POLL_MS while a phase is timed, read the whole outbox (about 8 ms of PostgreSQL a poll at 20,000 deliveries).
const deliveriesPending = (pool: pg.Pool, clientId: string) =>
  scalar(
    pool,
    `SELECT count(*) AS n FROM webhook_queue q JOIN webhook_endpoints e ON e.id = q.endpoint_id
     WHERE e.client_id = $1`,
    [clientId],
  );

/** Every ledger credit of the client since `since` has its one delivery, delivered. */
const checkCredits = async (pool: pg.Pool, tenant: Tenant) => {
  const { rows } = await pool.query<{ credits: number; delivered: number; other: number }>(
    `SELECT (SELECT count(*)::int FROM economy_transactions WHERE client_id = $1 AND value > 0) AS credits,
            (SELECT count(*)::int FROM webhook_deliveries WHERE client_id = $1 AND event_type = 'wallet.credited'
               AND status = 'delivered' AND payload->'data'->>'transaction_id' IN
                 (SELECT id FROM economy_transactions WHERE client_id = $1 AND value > 0)) AS delivered,
            (SELECT count(*)::int FROM webhook_deliveries WHERE client_id = $1 AND status <> 'delivered') AS other`,
    [tenant.session.clientId],
  );
  const row = rows[0] as { credits: number; delivered: number; other: number };
  assert(row.credits > 0, 'no credit was written');
  assert(
    row.delivered === row.credits,
    `${row.credits} credits but ${row.delivered} delivered wallet.credited`,
  );
  assert(row.other === 0, `${row.other} deliveries not delivered`);
  return row.credits;
};

// ---------------------------------------------------------------------------------------------------------------
// Events

let eventSeq = 0;
const orderOrLogin = (tenant: Tenant, startedMs: number, loginShare: number) => {
  eventSeq += 1;
  const customer = tenant.customers[(eventSeq * 7_919) % tenant.customers.length] as string;
  const at = new Date(startedMs + (eventSeq % 3_600_000)).toISOString();
  if (eventSeq % 100 < loginShare * 100)
    return {
      id: `hooks-${RUN}-${eventSeq}`,
      type: 'user.logged-in',
      customer: { _id: customer },
      occurred_at: at,
      data: {},
    };
  return {
    id: `hooks-${RUN}-${eventSeq}`,
    type: 'order.created',
    customer: { _id: customer },
    occurred_at: at,
    data: { order_id: `hooks-order-${RUN}-${eventSeq}`, total: 20 + (eventSeq % 480) },
  };
};

const postEvents = async (server: Server, tenant: Tenant, events: unknown[], agent: http.Agent) => {
  const res = await call(server, 'POST', '/api/v1/events', {
    apiKey: tenant.apiKey,
    agent,
    body: { events },
  });
  assert(res.status === 200, `POST /api/v1/events answered ${res.status}: ${res.body.slice(0, 300)}`);
  for (const answer of res.json.content as { status: string }[])
    assert(answer.status === 'accepted', `an event was not accepted: ${JSON.stringify(answer)}`);
};

// ---------------------------------------------------------------------------------------------------------------
// The bench

const fmtCpu = (cpu: CpuShares) =>
  `worker ${cpu.worker.toFixed(2)}, API ${cpu.api.toFixed(2)}, PostgreSQL ${cpu.postgres.toFixed(2)}, ` +
  `bench ${cpu.bench.toFixed(2)}, other ${cpu.other.toFixed(2)} (machine busy ${cpu.busy.toFixed(2)} of ${os.cpus().length})`;

const main = async (defer: Defer) => {
  const startedAt = Date.now();
  ensureBuilt();
  const databaseUrl = await openBenchDatabase(defer);
  const receiver = await startReceiverProcess(RECEIVER_MS);
  defer('stopping the receiver', () => receiver.stop());
  const server = await startServer(databaseUrl, { env: { ENGINE_IN_PROCESS: '0', ...WEBHOOK_ENV } });
  defer('stopping the API', () => stopChild(server));
  // BENCH_WORKER_CPU_PROF=<dir>: the worker writes a V8 CPU profile there when it stops (startWorker).
  const worker = await startWorker(databaseUrl, WEBHOOK_ENV);
  defer('stopping the worker', () => stopChild(worker));
  const pool = new pg.Pool({ connectionString: databaseUrl, max: SENDERS + 2 });
  defer('closing the pool', () => pool.end());
  const version = (await pool.query<{ v: string }>("SELECT current_setting('server_version') AS v")).rows[0]
    ?.v;
  const cpu = cpuMeter(pool, server.child.pid as number, worker.child.pid as number);
  const loads: Record<string, number> = {};
  const sampleLoad = (phase: string) => {
    const timer = setInterval(() => {
      loads[phase] = Math.max(loads[phase] ?? 0, os.loadavg()[0] ?? 0);
    }, 500);
    loads[phase] = os.loadavg()[0] ?? 0;
    return () => clearInterval(timer);
  };
  const loadAtStart = os.loadavg()[0] ?? 0;

  // ---- a. throughput: the outbox filled by SQL while the endpoint is off, then switched on ----
  log(`throughput: ${fmtInt(WEBHOOKS)} deliveries over ${fmtInt(WEBHOOK_CUSTOMERS)} customers…`);
  const bulk = await createTenant(server, pool, {
    label: 'bulk',
    customers: 10,
    endpoint: { url: receiver.url, eventTypes: ['wallet.credited'], active: false },
  });
  const bulkEndpoint = bulk.endpoint as NonNullable<Tenant['endpoint']>;
  // A body of wallet.credited's size and shape; created_at is when the row is written (the latency is not read here).
  await pool.query(
    `INSERT INTO webhook_deliveries (id, client_id, endpoint_id, webhook_id, event_type, customer_id, payload)
     SELECT substr(md5($2::text || g), 1, 24), $1::text, $2::text, 'wh_bench_' || $4::text || '_' || g, 'wallet.credited', 'cust-' || (g % $5::int),
            jsonb_build_object('id', 'wh_bench_' || $4::text || '_' || g, 'type', 'wallet.credited',
              'created_at', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'client_id', $1::text,
              'data', jsonb_build_object('customer_id', 'cust-' || (g % $5::int), 'currency_id', 'bench-currency',
                'amount', 5, 'balance_after', g % 1000, 'transaction_id', md5(g::text),
                'transaction_type', 'Earning', 'reason', null, 'order_ref', 'order-' || g,
                'occurred_at', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))
     FROM generate_series(1, $3::int) AS g`,
    [bulk.session.clientId, bulkEndpoint.id, WEBHOOKS, RUN, WEBHOOK_CUSTOMERS],
  );
  await pool.query('ANALYZE webhook_deliveries');
  await receiver.mark();
  const stopLoadA = sampleLoad('a');
  const cpuA = await cpu();
  const startedA = performance.now();
  await must(server, 'PUT', `/api/integrations/webhooks/${bulkEndpoint.id}`, {
    token: bulk.session.clientToken,
    body: { url: receiver.url, event_types: bulkEndpoint.eventTypes, active: true },
  });
  // Switching an endpoint on does not wake the dispatchers (their idle poll would, within 30 s): the bench does.
  await pool.query("SELECT pg_notify('laurel_webhooks', '')");
  // The receiver's count first (no database work while the dispatcher runs), then the outbox's own word.
  await waitUntilZero('throughput', async () => WEBHOOKS - (await receiver.report()).phaseDistinct);
  const doneA = await waitUntilZero('throughput', () => deliveriesPending(pool, bulk.session.clientId));
  const secondsA = (doneA - startedA) / 1000;
  const cpuUsedA = await cpuA();
  stopLoadA();
  const reportA = await receiver.report();
  assert(reportA.phaseDistinct === WEBHOOKS, `throughput: ${reportA.phaseDistinct} of ${WEBHOOKS} arrived`);
  const deliveredA = await scalar(
    pool,
    "SELECT count(*) AS n FROM webhook_deliveries WHERE client_id = $1 AND status = 'delivered'",
    [bulk.session.clientId],
  );
  assert(deliveredA === WEBHOOKS, `throughput: ${deliveredA} of ${WEBHOOKS} marked delivered`);
  const perSecondA = WEBHOOKS / secondsA;
  const arrivalSecondsA = (reportA.lastAt - reportA.firstAt) / 1000;
  log(`throughput: ${fmtInt(perSecondA)} deliveries/s`);

  // ---- b. latency at a steady rate of effects ----
  log(`latency: ${STEADY_RATE} orders/s for ${STEADY_SECONDS} s…`);
  const steady = await createTenant(server, pool, {
    label: 'steady',
    customers: COMPARE_CUSTOMERS,
    endpoint: { url: receiver.url, eventTypes: ['wallet.credited'], active: true },
  });
  await receiver.mark();
  const stopLoadB = sampleLoad('b');
  const cpuB = await cpu();
  const steadyAgent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  const perTick = Math.max(1, Math.round(STEADY_RATE / 10));
  const ticks = STEADY_SECONDS * 10;
  const steadyStarted = performance.now();
  const posts: Promise<void>[] = [];
  for (let tick = 0; tick < ticks; tick += 1) {
    const due = steadyStarted + tick * 100;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    const events = Array.from({ length: perTick }, () => orderOrLogin(steady, Date.now() - 3_600_000, 0));
    posts.push(postEvents(server, steady, events, steadyAgent));
  }
  await Promise.all(posts);
  const steadySeconds = (performance.now() - steadyStarted) / 1000;
  await waitUntilZero('latency: events', () => eventsWaiting(pool, steady.session.clientId));
  await waitUntilZero('latency: deliveries', () => deliveriesPending(pool, steady.session.clientId));
  const cpuUsedB = await cpuB();
  stopLoadB();
  steadyAgent.destroy();
  const reportB = await receiver.report();
  const creditsB = await checkCredits(pool, steady);
  assert(
    reportB.phaseDistinct === creditsB,
    `latency: ${reportB.phaseDistinct} arrived for ${creditsB} credits`,
  );
  const latencies = [...reportB.latencies].sort((a, b) => a - b);
  const p95 = percentile(latencies, 95);

  // ---- c. the engine with and without an endpoint, A B B A ----
  log(`engine cost: ${fmtInt(COMPARE_EVENTS)} events per tenant, with and without an endpoint, A B B A…`);
  const withEndpoint = await createTenant(server, pool, {
    label: 'with',
    customers: COMPARE_CUSTOMERS,
    endpoint: { url: receiver.url, eventTypes: [...WEBHOOK_EVENT_TYPES], active: true },
  });
  const without = await createTenant(server, pool, {
    label: 'without',
    customers: COMPARE_CUSTOMERS,
    endpoint: null,
  });
  const agents = Array.from({ length: SENDERS }, () => new http.Agent({ keepAlive: true, maxSockets: 1 }));
  defer('closing the senders', () => {
    for (const agent of agents) agent.destroy();
  });
  const half = Math.ceil(COMPARE_EVENTS / 2);
  type Run = {
    tenant: 'with' | 'without';
    events: number;
    processedS: number;
    deliveredS: number;
    cpu: CpuShares;
    load: number;
  };
  const runs: Run[] = [];
  const runOnce = async (name: 'with' | 'without') => {
    const tenant = name === 'with' ? withEndpoint : without;
    const meter = await cpu();
    const loadBefore = os.loadavg()[0] ?? 0;
    const started = performance.now();
    const startedMs = Date.now() - 3_600_000;
    let posted = 0;
    await Promise.all(
      agents.map(async (agent) => {
        while (posted < half) {
          const size = Math.min(BATCH, half - posted);
          posted += size;
          await postEvents(
            server,
            tenant,
            Array.from({ length: size }, () => orderOrLogin(tenant, startedMs, 0.4)),
            agent,
          );
        }
      }),
    );
    const processed = await waitUntilZero(`engine cost (${name})`, () =>
      eventsWaiting(pool, tenant.session.clientId),
    );
    const used = await meter();
    const delivered = await waitUntilZero(`engine cost (${name}): deliveries`, () =>
      deliveriesPending(pool, tenant.session.clientId),
    );
    runs.push({
      tenant: name,
      events: half,
      processedS: (processed - started) / 1000,
      deliveredS: (delivered - started) / 1000,
      cpu: used,
      load: Math.max(loadBefore, os.loadavg()[0] ?? 0),
    });
    log(`engine cost (${name}): ${fmtInt(half / ((processed - started) / 1000))} events/s`);
  };
  await receiver.mark();
  for (const name of ['with', 'without', 'without', 'with'] as const) await runOnce(name);
  const reportC = await receiver.report();
  const creditsC = await checkCredits(pool, withEndpoint);
  const deliveriesC = await scalar(
    pool,
    'SELECT count(*) AS n FROM webhook_deliveries WHERE client_id = $1',
    [withEndpoint.session.clientId],
  );
  assert(
    reportC.phaseDistinct === deliveriesC,
    `engine cost: ${reportC.phaseDistinct} arrived of ${deliveriesC}`,
  );
  const withoutOutbox = await scalar(
    pool,
    'SELECT count(*) AS n FROM webhook_deliveries WHERE client_id = $1',
    [without.session.clientId],
  );
  assert(withoutOutbox === 0, 'the tenant without an endpoint has outbox rows');
  const rateOf = (name: Run['tenant']) => {
    const mine = runs.filter((run) => run.tenant === name);
    return (
      mine.reduce((sum, run) => sum + run.events, 0) / mine.reduce((sum, run) => sum + run.processedS, 0)
    );
  };
  const ratio = rateOf('with') / rateOf('without');
  const workerPerThousand = (name: Run['tenant']) => {
    const mine = runs.filter((run) => run.tenant === name);
    return (
      (mine.reduce((sum, run) => sum + run.cpu.used.worker, 0) / mine.reduce((s, r) => s + r.events, 0)) * 1e6
    );
  };
  const postgresPerThousand = (name: Run['tenant']) => {
    const mine = runs.filter((run) => run.tenant === name);
    return (
      (mine.reduce((sum, run) => sum + run.cpu.used.postgres, 0) / mine.reduce((s, r) => s + r.events, 0)) *
      1e6
    );
  };
  const receiverCpu = processCpuSeconds(receiver.child.pid as number);

  // ---- report (stdout) ----
  const out: string[] = [];
  const line = (label: string, value: string, target = '', ok?: boolean) =>
    out.push(
      `${pad(label, 62)}${padLeft(value, 14)}${target ? `   ${pad(target, 14)}${verdict(Boolean(ok))}` : ''}`,
    );
  out.push('');
  out.push(
    `Webhooks benchmark: 1 API process (ENGINE_IN_PROCESS=0) + 1 worker (engine and dispatcher, WEBHOOK_CONCURRENCY=` +
      `${process.env.WEBHOOK_CONCURRENCY ?? 16}); a receiver process answering in ${RECEIVER_MS} ms; PostgreSQL ${version}; ` +
      `node ${process.version}; ${os.cpus().length} CPUs`,
  );
  out.push(
    `Machine: 1-minute load average ${loadAtStart.toFixed(1)} at start; at most ${(loads.a ?? 0).toFixed(1)} in (a), ` +
      `${(loads.b ?? 0).toFixed(1)} in (b), ${Math.max(...runs.map((run) => run.load)).toFixed(1)} in (c)` +
      `${Math.max(loads.a ?? 0, loads.b ?? 0, ...runs.map((run) => run.load)) > os.cpus().length + 1 ? ': other work shared the cores' : ''}`,
  );
  out.push('');
  out.push(`${pad('measure', 62)}${padLeft('value', 14)}   ${pad('target', 14)}result`);
  out.push('-'.repeat(100));
  out.push(
    `a. ${fmtInt(WEBHOOKS)} outbox rows over ${fmtInt(WEBHOOK_CUSTOMERS)} customers, the endpoint switched on -> all delivered`,
  );
  line(
    `   deliveries/s (${secondsA.toFixed(1)} s)`,
    fmtInt(perSecondA),
    `>= ${fmtInt(TARGET_DELIVERIES_PER_S)}/s`,
    perSecondA >= TARGET_DELIVERIES_PER_S,
  );
  line('   arrivals/s at the receiver, first to last', fmtInt(WEBHOOKS / Math.max(arrivalSecondsA, 0.001)));
  line(
    '   CPU ms per 1,000: worker / PostgreSQL / receiver',
    `${fmtInt((cpuUsedA.used.worker / WEBHOOKS) * 1e6)} / ${fmtInt((cpuUsedA.used.postgres / WEBHOOKS) * 1e6)} / ${fmtInt((reportA.cpuSeconds / WEBHOOKS) * 1e6)}`,
  );
  out.push(`   cores busy: ${fmtCpu(cpuUsedA)}`);
  out.push('');
  out.push(
    `b. orders at a steady ${fmtInt(STEADY_RATE)}/s for ${steadySeconds.toFixed(0)} s, ${fmtInt(creditsB)} credits: the ` +
      "body's created_at (where the credit is written) -> arrival at the receiver",
  );
  line('   p50 ms', fmtMs(percentile(latencies, 50)));
  line('   p95 ms', fmtMs(p95), `< ${fmtInt(TARGET_P95_MS)} ms`, p95 < TARGET_P95_MS);
  line('   max ms', fmtMs(latencies.at(-1) ?? 0));
  out.push(`   cores busy: ${fmtCpu(cpuUsedB)}`);
  out.push('');
  out.push(
    `c. the engine on ${fmtInt(half * 2)} events per tenant (60% orders that earn, 40% logins), with an endpoint of ` +
      `every event type (${fmtInt(deliveriesC)} deliveries) and without one`,
  );
  line('   events/s processed without an endpoint', fmtInt(rateOf('without')));
  line('   events/s processed with the endpoint', fmtInt(rateOf('with')));
  line('   ratio with / without', ratio.toFixed(2), `>= ${TARGET_RATIO.toFixed(2)}`, ratio >= TARGET_RATIO);
  line(
    '   each run, A B B A (with, without, without, with)',
    runs.map((run) => fmtInt(run.events / run.processedS)).join(' / '),
  );
  line(
    '   with: events/s until every webhook was delivered too',
    fmtInt(
      runs.filter((run) => run.tenant === 'with').reduce((s, r) => s + r.events, 0) /
        runs.filter((run) => run.tenant === 'with').reduce((s, r) => s + r.deliveredS, 0),
    ),
  );
  line(
    '   CPU ms per 1,000 events, worker: without / with',
    `${fmtInt(workerPerThousand('without'))} / ${fmtInt(workerPerThousand('with'))}`,
  );
  line(
    '   CPU ms per 1,000 events, PostgreSQL: without / with',
    `${fmtInt(postgresPerThousand('without'))} / ${fmtInt(postgresPerThousand('with'))}`,
  );
  out.push('');
  out.push(
    `Checked: (a) ${fmtInt(WEBHOOKS)} distinct webhook ids arrived and are delivered in the outbox; (b) ${fmtInt(creditsB)} and ` +
      `(c) ${fmtInt(creditsC)} ledger credits each have their wallet.credited delivery, delivered, and each delivery ` +
      `arrived; the tenant without an endpoint has no outbox row. Receiver: ${fmtInt(reportC.total)} requests in all, ` +
      `${fmtInt(reportC.duplicates)} repeats, ${receiverCpu.toFixed(1)} CPU s`,
  );
  out.push(
    `${loadAverageLine()} at the end; total bench time ${((Date.now() - startedAt) / 1000).toFixed(0)} s`,
  );
  process.stdout.write(`${out.join('\n')}\n`);
};

await runBench(main);

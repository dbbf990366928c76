/**
 * Engine benchmark (`npm run bench:engine`): customers and statistics in PostgreSQL, events posted over HTTP to
 * the built API (ENGINE_IN_PROCESS=0) and processed by one separate worker process (dist/worker.js), with the
 * issue's targets checked against what it measures:
 *
 *   1. throughput: BENCH_EVENTS mixed events in batches of BENCH_BATCH by BENCH_SENDERS concurrent senders, as fast
 *      as the API takes them: events/s accepted, and events/s fully processed (first POST to last event settled);
 *      once per BENCH_WORKERS count (issue 28: two workers must beat one), each on a fresh backlog of the same size,
 *      extra workers started beside the first for that run only; printed side by side with CPU per 1,000 events;
 *   2. latency: a steady BENCH_STEADY_RATE events/s for BENCH_STEADY_SECONDS; acceptance (events.received_at) to
 *      processed, as seen by a reader polling the events table every 50 ms (so commit-visible, never optimistic;
 *      events.processed_at is the batch transaction's start, so processed_at - received_at, also printed, leaves
 *      out the batch's own time);
 *   3. the floor: the same event rows inserted by PostgreSQL alone, one multi-row INSERT per batch, into a copy of
 *      the events table (same columns and indexes), by the same number of connections: the ratio says how close the
 *      API comes to the database's own cost of storing the rows;
 *   4. peak memory (RSS) of the API and of the worker;
 *   5. segments (issue 9): a second tenant, the same customers, statistics and event mix, with BENCH_SEGMENTS segments
 *      of BENCH_SEGMENT_RULES rules each over those statistics; BENCH_SEGMENT_EVENTS events posted to each tenant in
 *      turn (A B B A, so a drift in the machine's load falls on both) and events/s processed compared; then a rule
 *      change of one segment that moves most players in or out, timed from the PUT until `GET /api/segments?ids=`
 *      says it is no longer rebuilding; then a third tenant whose segment has BENCH_PAGE_PLAYERS members (players,
 *      statistics and members inserted by SQL, consistent with the rule) and its players page timed over HTTP at
 *      the first, middle and last page.
 *   6. economy (issue 13, `economy.bench-scenario.ts`): a tenant with 5 earn configs; orders/s processed, spends/s
 *      over HTTP and the two-statement-transaction floor beside them (BENCH_ECONOMY_ORDERS, BENCH_ECONOMY_SPENDS,
 *      BENCH_ECONOMY_CUSTOMERS; BENCH_ECONOMY=0 leaves it out).
 *   7. challenges (issue 11, `challenges.bench-scenario.ts`): two tenants, one with 20 released challenges of 3
 *      objectives granted to AllPlayers, the same event mix to each (A B B A): events/s processed with / without
 *      (target >= 0.6), progress and XP checked (BENCH_CHALLENGE_EVENTS, BENCH_CHALLENGE_CUSTOMERS; BENCH_CHALLENGES=0
 *      leaves it out).
 *   8. history (issue 28, `engine-bench-history.ts`): a tenant's backlog of BENCH_HISTORY_BACKLOG events claimed and
 *      processed by one worker started on it, without history and then with BENCH_HISTORY_EVENTS (default 5,000,000)
 *      finished events of that tenant's customers seeded by SQL over past months' partitions: events/s, time and
 *      PostgreSQL CPU per 1,000 events, history / none (target <= 1.2); BENCH_HISTORY_EVENTS=0 leaves it out.
 *
 * Every answer is checked: each POST must answer 200 with the expected status per event (accepted, duplicate,
 * rejected with its reason), every event must end in its expected state (processed, duplicate, skipped, parked),
 * and at the end every player statistic must equal a recomputation (the bench's own model of what it sent, and SQL
 * over the events and orders tables); every segment's members must equal both the model's and an SQL recomputation
 * from the rules; every players page must list exactly the expected players. Not a test (DESIGN §8): it exits 0 whether targets are met or missed, 1 when
 * something errored or an answer was wrong.
 *
 * This file only runs the phases; the pieces are by area: engine-bench-settings.ts (the environment, targets, run
 * names), engine-bench-model.ts (the deterministic randomness and the model of what the engine must end up with),
 * engine-bench-events.ts (the event generator), engine-bench-tenants.ts (clients, customers and statistics),
 * engine-bench-posting.ts (posting and waiting until settled), engine-bench-throughput.ts and
 * engine-bench-steady.ts (the two measured phases), engine-bench-verify.ts (the checks against the model and SQL),
 * engine-bench-floor.ts, engine-bench-report.ts, and the scenarios segments, players-page, economy and challenges
 * (*.bench-scenario.ts).
 *
 * The event mix (per 100): 30 logins, 18 order.created, 8 order.status-change (of an order already accepted, so the
 * engine never waits for it), 25 statistic.update over the bench's statistics (Sum, Max, Min, Last; Manual, Day
 * and Hour resets), referrals, gifts, vouchers, app payments, QR scans, subscriptions, a repeated order id (engine
 * duplicate); and around them ~2% repeats of an event id already sent (ingest duplicates), a few conflicting
 * repeats, unknown customers and unknown statistics (parked). 2% of customers are suspended (their events are
 * skipped). Customers are referred to by _id (80%), email (10%, mixed case) or local cell number (10%); a few are
 * much more active than the rest.
 *
 * Environment (all optional):
 *   DATABASE_URL          use this PostgreSQL database (a new bench client is registered each run); otherwise a
 *                         fresh `laurel_bench_<random>` database is created on BENCH_ADMIN_URL and dropped at the end
 *   BENCH_ADMIN_URL       default postgres://postgres@127.0.0.1:5432/test
 *   BENCH_CUSTOMERS       default 10000
 *   BENCH_STATISTICS      the client's own statistics, default 50
 *   BENCH_EVENTS          events of the throughput phase, default 50000 (the issue's run: 200000)
 *   BENCH_BATCH           events per POST in the throughput phase, default 500
 *   BENCH_SENDERS         concurrent senders in the throughput phase, default 4
 *   BENCH_WARMUP_EVENTS   posted and processed before anything is measured, default 2000
 *   BENCH_STEADY_RATE     events/s of the latency phase, default 500
 *   BENCH_STEADY_SECONDS  length of the latency phase, default 30
 *   BENCH_STEADY_BATCH    events per POST in the latency phase, default 50 (one POST every 100 ms at 500/s)
 *   BENCH_WORKERS         worker counts of the throughput phase, run in this order, default 1,2 (the first gives
 *                         the headline figures and the floor's rows; every other phase runs with one worker)
 *   ENGINE_BATCH_SIZE     the worker's batch size, default 500 (the engine's own default)
 *   BENCH_SEGMENTS        segments of the segments tenant, default 20; BENCH_SEGMENT_RULES rules each, default 3
 *   BENCH_SEGMENT_EVENTS  events per tenant in the with/without segments comparison, default 20000
 *   BENCH_REBUILDS        timed rule changes (each flips one rule), default 2
 *   BENCH_PAGE_PLAYERS    members of the players-page segment, default 100000
 *   BENCH_PAGE_REQUESTS   timed requests per page (first, middle, last), default 200 after BENCH_PAGE_WARMUP (20)
 *   BENCH_HISTORY_EVENTS  finished events of history of the history scenario, default 5000000 (0 leaves it out);
 *                         BENCH_HISTORY_BACKLOG (20000), BENCH_HISTORY_RUNS (2), BENCH_HISTORY_MONTHS (6), see its file
 *   BENCH_KEEP_DB=1       keep the created database (its URL is printed), e.g. to EXPLAIN against it afterwards
 */
import http from 'node:http';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import {
  assert,
  type Child,
  cpuMeter,
  type Defer,
  ensureBuilt,
  fmtInt,
  log,
  openBenchDatabase,
  type RssSampler,
  rssSampler,
  runBench,
  startServer,
  startWorker,
  stopChild,
  vacuumAndCheckpoint,
} from './bench-support';
import { runChallengesScenario } from './challenges.bench-scenario';
import { runEconomyScenario } from './economy.bench-scenario';
import { measureFloor } from './engine-bench-floor';
import { HISTORY_EVENTS, runHistoryScenario } from './engine-bench-history';
import { postBatch, waitSettled } from './engine-bench-posting';
import { engineReport } from './engine-bench-report';
import {
  BATCH,
  CUSTOMERS,
  ENGINE_BATCH_SIZE,
  EVENTS,
  OWNER_EMAIL,
  REBUILDS,
  RUN_CHALLENGES,
  RUN_ECONOMY,
  SEGMENT_EVENTS,
  SEGMENTS_EMAIL,
  SENDERS,
  STEADY_BATCH,
  STEADY_RATE,
  STEADY_SECONDS,
  WARMUP_EVENTS,
  WORKER_COUNTS,
} from './engine-bench-settings';
import { runSteady } from './engine-bench-steady';
import { setupTenant, waitRebuilt } from './engine-bench-tenants';
import { runPerWorkerCount, runThroughput } from './engine-bench-throughput';
import { verify } from './engine-bench-verify';
import { startWebhookReceiver, waitDelivered } from './engine-bench-webhooks';
import { measurePlayersPage } from './players-page.bench-scenario';
import {
  type BenchSegment,
  measureRebuilds,
  runSegmentsComparison,
  verifySegments,
} from './segments.bench-scenario';

const main = async (defer: Defer) => {
  const startedAt = Date.now();
  const loadAtStart = os.loadavg()[0] ?? 0;
  ensureBuilt();
  const databaseUrl = await openBenchDatabase(defer);
  const webhookEnv = await startWebhookReceiver(defer);

  const server = await startServer(databaseUrl, { env: { ENGINE_IN_PROCESS: '0', ...webhookEnv } });
  defer('stopping the API', () => stopChild(server));
  const apiPid = server.child.pid as number;
  let apiRss: RssSampler | null = rssSampler(apiPid);
  defer('stopping the API memory sampler', () => apiRss?.stop());
  log(`API started on 127.0.0.1:${server.port} (pid ${apiPid}, ENGINE_IN_PROCESS=0)`);

  const pool = new pg.Pool({ connectionString: databaseUrl, max: SENDERS + 2 });
  defer('closing the pool', () => pool.end());
  const info = (await pool.query<{ version: string }>("SELECT current_setting('server_version') AS version"))
    .rows[0];

  // ---- setup: two tenants (one gets segments), each with its key, statistics, customers ----
  apiRss.phase('setup');
  const setupStarted = performance.now();
  const steadyEvents = Math.ceil((STEADY_RATE * STEADY_SECONDS) / STEADY_BATCH) * STEADY_BATCH;
  const half = Math.ceil(SEGMENT_EVENTS / 2);
  const plain = await setupTenant(
    server,
    pool,
    { label: 'without segments', email: OWNER_EMAIL, alias: 'Bench Engine', name: 'Bench Engine (Pty) Ltd' },
    WARMUP_EVENTS + 2 * half + EVENTS * WORKER_COUNTS.length + steadyEvents,
  );
  const withSegments = await setupTenant(
    server,
    pool,
    {
      label: 'with segments',
      email: SEGMENTS_EMAIL,
      alias: 'Bench Segments',
      name: 'Bench Segments (Pty) Ltd',
    },
    WARMUP_EVENTS + 2 * half,
  );
  const setupMs = performance.now() - setupStarted;

  // Anything a worker logs at warn or above (a failed event, a failed batch) fails the bench.
  const workerWarnings: string[] = [];
  const launchWorker = async () => {
    const started = await startWorker(databaseUrl, {
      ENGINE_BATCH_SIZE: String(ENGINE_BATCH_SIZE),
      ...webhookEnv,
    });
    defer(`stopping worker ${started.child.pid}`, () => stopChild(started));
    started.child.stdout?.on('data', (chunk: Buffer) => {
      for (const text of chunk.toString().split('\n'))
        if (/"level":(40|50|60)/.test(text) && workerWarnings.length < 20) workerWarnings.push(text);
    });
    log(`worker started (pid ${started.child.pid}, ENGINE_BATCH_SIZE=${ENGINE_BATCH_SIZE})`);
    return started;
  };
  /** The workers running now: the first runs throughout, more only in the throughput phase (BENCH_WORKERS). */
  const workers: Child[] = [await launchWorker()];
  const workerPid = workers[0]?.child.pid as number;
  let workerRss: RssSampler | null = rssSampler(workerPid);
  defer('stopping the worker memory sampler', () => workerRss?.stop());
  const phase = (name: string) => {
    apiRss?.phase(name);
    workerRss?.phase(name);
  };
  const cpu = cpuMeter(pool, apiPid, () => workers.map((worker) => worker.child.pid as number));
  // The system segments (AllPlayers) follow the seeded statistic before anything runs.
  for (const tenant of [plain, withSegments]) await waitRebuilt(pool, tenant.owner.clientId, tenant.label);

  // ---- warm-up (not measured) ----
  phase('warm-up');
  if (WARMUP_EVENTS > 0) {
    for (const tenant of [plain, withSegments]) {
      log(`warm-up (${tenant.label}): ${fmtInt(WARMUP_EVENTS)} events`);
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      for (let sent = 0; sent < WARMUP_EVENTS; sent += BATCH)
        await postBatch(
          server,
          tenant.apiKey,
          tenant.generator.batch(Math.min(BATCH, WARMUP_EVENTS - sent)),
          agent,
        );
      agent.destroy();
      await waitSettled(pool, tenant.owner.clientId, 'warm-up');
    }
  }

  // The setup's own deliveries (every seeded player entering the AllPlayers segment) before anything is measured.
  await waitDelivered(pool, 'setup and warm-up');

  // ---- segments: the same mix with and without them (A B B A) ----
  phase('segments');
  const segments = await runSegmentsComparison(server, pool, cpu, plain, withSegments, half);
  await waitDelivered(pool, 'segments');

  // ---- throughput: BENCH_EVENTS as fast as the API takes them, once per BENCH_WORKERS count ----
  const throughputs = await runPerWorkerCount(WORKER_COUNTS, workers, launchWorker, async (count) => {
    phase('throughput');
    // Each count's run starts from the same state of the tables (the first one's dead rows vacuumed away).
    await vacuumAndCheckpoint(pool);
    const run = await runThroughput(server, pool, cpu, plain, phase, count);
    return { ...run, webhooks: await waitDelivered(pool, `throughput, ${count} worker(s)`) };
  });
  const throughput = throughputs[0] as (typeof throughputs)[number];

  // ---- steady: STEADY_RATE events/s, latency from acceptance to processed ----
  phase('steady');
  const steady = await runSteady(server, pool, cpu, plain);
  await waitDelivered(pool, 'steady');

  // ---- a rule change that moves most players of the segments tenant in or out ----
  phase('rebuild');
  log(`rule change: ${REBUILDS} x segment 1's first rule flipped over ${fmtInt(CUSTOMERS)} players`);
  const rebuilds = await measureRebuilds(server, pool, withSegments, segments.segments[0] as BenchSegment);
  await waitDelivered(pool, 'rule change');

  // ---- checks ----
  phase('verify');
  await waitSettled(pool, plain.owner.clientId, 'final');
  // Only for the bench's own reads below (the measured phases ran on whatever statistics autovacuum had taken).
  await pool.query('ANALYZE events');
  log('checking every event state and every player statistic against a recomputation…');
  const checked = await verify(pool, server, plain.apiKey, plain.owner.clientId, plain.model, plain.players);
  const checkedSegmentsTenant = await verify(
    pool,
    server,
    withSegments.apiKey,
    withSegments.owner.clientId,
    withSegments.model,
    withSegments.players,
  );
  log('checking every segment’s members against the model and SQL…');
  const memberships = await verifySegments(pool, withSegments, segments.segments);

  // ---- players page of a large segment ----
  phase('players page');
  const page = await measurePlayersPage(server, pool);

  // ---- economy (issue 13): orders with 5 earn configs, spends, and their floor ----
  phase('economy');
  const economy = RUN_ECONOMY ? await runEconomyScenario(server, pool, SENDERS, waitSettled, cpu) : null;
  await waitDelivered(pool, 'economy');

  // ---- challenges (issue 11): 20 challenges of 3 objectives for AllPlayers vs none ----
  phase('challenges');
  const challenges = RUN_CHALLENGES ? await runChallengesScenario(server, pool, SENDERS, waitSettled) : null;
  await waitDelivered(pool, 'challenges');

  // ---- floor ----
  phase('floor');
  log(
    `floor: the same ${fmtInt(throughput.acceptedCount)} rows, one multi-row INSERT per batch, ${SENDERS} connections…`,
  );
  await vacuumAndCheckpoint(pool);
  const floor = await measureFloor(pool, plain.owner.clientId, throughput.floorBatches, SENDERS);

  // ---- history (issue 28): a backlog's claim and processing without and with the history seeded (last: it stays) ----
  phase('history');
  const history =
    HISTORY_EVENTS > 0
      ? await runHistoryScenario(server, pool, cpu, { running: workers, launch: launchWorker }, defer)
      : null;

  phase('end');
  const api = apiRss.stop();
  apiRss = null;
  const work = workerRss.stop();
  workerRss = null;

  engineReport({
    startedAt,
    loadAtStart,
    version: info?.version,
    setupMs,
    throughput,
    throughputs,
    steady,
    floor,
    segments,
    rebuilds,
    page,
    economy,
    challenges,
    history,
    api,
    work,
    checked,
    checkedSegmentsTenant,
    memberships,
  });

  assert(workerWarnings.length === 0, `the worker logged warnings or errors:\n${workerWarnings.join('\n')}`);
};

await runBench(main);

/**
 * The engine bench's history scenario (issue 28: "the bench proves the claim cost flat with 5,000,000 events of
 * history versus none"): a tenant of its own (same customers, statistics and event mix as the others), a backlog
 * of BENCH_HISTORY_BACKLOG events posted over HTTP while no worker runs, then one worker started on it and timed
 * until every event is settled: events/s processed, and CPU per 1,000 events of PostgreSQL's backends and of the
 * worker (bench-support's cpuMeter). First BENCH_HISTORY_EVENTS finished events (status 'processed', with
 * processed_at and their `event_keys` rows, so no queue design holds them as waiting) are inserted by SQL for the
 * same customers, spread over the BENCH_HISTORY_MONTHS months before this one (their partitions created by the app's
 * own ensureEventPartitions). Then BENCH_HISTORY_RUNS runs of each side, taking turns: without the history (its
 * months detached from `events`) and with it (attached again). Each run has players of its own (BENCH_CUSTOMERS split between the runs), and starts from a VACUUM (ANALYZE) of
 * the whole database and a CHECKPOINT, so the history is the only difference between the sides. The best run of
 * each side is compared: history / none within TARGET_HISTORY_RATIO (1.2×) for the time per 1,000 events and for
 * PostgreSQL's CPU per 1,000 events. The backlog's events are checked like every tenant's (engine-bench-verify.ts,
 * the seeded history left out); the history is checked to be all still processed.
 *
 * Runs after every other phase (so their figures never carry the history); the events the other phases stored
 * stay in the table for both sides, and the report prints the table's size at each.
 *
 * Environment (all optional):
 *   BENCH_HISTORY_EVENTS   finished events of history seeded by SQL, default 5000000; 0 leaves the scenario out
 *   BENCH_HISTORY_BACKLOG  events of the timed backlog, default 20000
 *   BENCH_HISTORY_RUNS     timed backlogs per side (the best counts), default 3
 *   BENCH_HISTORY_MONTHS   past months the history is spread over, one partition each, default 6
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import type { Database } from '../src/db/database';
import { ensureEventPartitions, eventPartitions } from '../src/engine/events/event-partitions';
import {
  assert,
  type Child,
  type CpuShares,
  type cpuMeter,
  envInt,
  fmtInt,
  GIVEN_URL,
  KEEP_DB,
  log,
  pad,
  padLeft,
  type Server,
  sleep,
  stopChild,
  vacuumAndCheckpoint,
} from './bench-support';
import { postBacklog } from './engine-bench-posting';
import { CUSTOMERS, POLL_MS, RUN, SETTLE_STALL_MS } from './engine-bench-settings';
import { setupTenant, type Tenant, waitRebuilt } from './engine-bench-tenants';
import { verify } from './engine-bench-verify';
import { waitDelivered } from './engine-bench-webhooks';
import { profileStatements } from './statement-profile';

export const HISTORY_EVENTS = envInt('BENCH_HISTORY_EVENTS', 5_000_000, 0, 100_000_000);
export const HISTORY_BACKLOG = envInt('BENCH_HISTORY_BACKLOG', 20_000, 1_000, 1_000_000);
export const HISTORY_RUNS = envInt('BENCH_HISTORY_RUNS', 3, 1, 10);
export const HISTORY_MONTHS = envInt('BENCH_HISTORY_MONTHS', 6, 1, 36);
/** Issue 28: the claim's cost with 5M events of history within 1.2× of none. */
export const TARGET_HISTORY_RATIO = 1.2;

/** The seeded history's external ids start with this: verify() leaves them out of the backlog's checks. */
export const HISTORY_PREFIX = `history-${RUN}-`;
export const HISTORY_EMAIL = `bench.history.${RUN}@laurel.test`;
/** Rows per INSERT … SELECT: one statement per chunk keeps progress visible and each transaction moderate. */
const SEED_CHUNK = 250_000;

/** One timed backlog: one worker started on BACKLOG waiting events, until all are settled. */
export type BacklogRun = {
  accepted: number;
  seconds: number;
  perSecond: number;
  /** Wall-clock ms per 1,000 events processed. */
  msPerThousand: number;
  postgresMsPerThousand: number;
  workerMsPerThousand: number;
  cpu: CpuShares;
  load: number;
  tableEvents: number;
};

export type HistoryResult = {
  seeded: number;
  months: string[];
  partitions: number;
  seedSeconds: number;
  vacuumSeconds: number;
  none: BacklogRun[];
  history: BacklogRun[];
  checkedEvents: number;
};

const best = (runs: readonly BacklogRun[], pick: (run: BacklogRun) => number) => Math.min(...runs.map(pick));

/** Rows in the whole events table (every tenant's): the planner's estimate, fresh after the VACUUM (ANALYZE). */
const tableEvents = async (pool: pg.Pool) =>
  Number(
    (
      await pool.query<{ n: string }>(
        `SELECT coalesce(sum(c.reltuples), 0)::bigint::text AS n FROM pg_inherits i
           JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'events'::regclass AND c.reltuples > 0`,
      )
    ).rows[0]?.n ?? 0,
  );

/**
 * How many of the client's events wait, read where waiting events are indexed whichever queue design the schema
 * has: `event_queue` when it exists (issue 28), else `events`' partial index on waiting events. The bench polls
 * this every 50 ms while the worker drains, and its backends count as PostgreSQL's CPU: a scan of the history
 * here would be measured as the claim's cost.
 */
const waitingCounter = async (pool: pg.Pool) => {
  const queue = (
    await pool.query<{ queue: string | null }>("SELECT to_regclass('event_queue')::text AS queue")
  ).rows[0]?.queue;
  const table = queue ? 'event_queue' : 'events';
  return {
    table,
    count: async (clientId: string, limit = 1) =>
      (
        await pool.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM (SELECT 1 FROM ${table} WHERE client_id = $1 AND status = 'accepted' LIMIT $2) AS w`,
          [clientId, limit],
        )
      ).rows[0]?.n ?? 0,
  };
};
type WaitingCounter = Awaited<ReturnType<typeof waitingCounter>>;

/** Resolves (performance.now()) once none of the client's events waits; fails when nothing moved for a while. */
const waitDrained = async (waiting: WaitingCounter, clientId: string, label: string) => {
  let last = -1;
  let lastChange = Date.now();
  let lastCount = Date.now();
  for (;;) {
    if ((await waiting.count(clientId)) === 0) return performance.now();
    if (Date.now() - lastCount > 10_000) {
      lastCount = Date.now();
      const pending = await waiting.count(clientId, 10_000_000);
      log(`${label}: ${fmtInt(pending)} events waiting`);
      if (pending !== last) {
        last = pending;
        lastChange = Date.now();
      } else if (Date.now() - lastChange > SETTLE_STALL_MS)
        throw new Error(`${label}: ${pending} events waited ${SETTLE_STALL_MS / 1000} s`);
    }
    await sleep(POLL_MS);
  }
};

type Workers = { running: Child[]; launch: () => Promise<Child> };

/**
 * Stops every worker, posts the backlog (it waits, whole), then starts one worker and times it from running to
 * the last event settled, with the CPU it and PostgreSQL's backends used meanwhile.
 */
const timeBacklog = async (
  server: Server,
  pool: pg.Pool,
  cpu: ReturnType<typeof cpuMeter>,
  tenant: Tenant,
  workers: Workers,
  waiting: WaitingCounter,
  label: string,
  prepare: () => Promise<void>,
): Promise<BacklogRun> => {
  // The workers send the deliveries: every one is made before they stop and the next backlog is timed.
  await waitDelivered(pool, label);
  while (workers.running.length > 0) await stopChild(workers.running.pop() as Child);
  await prepare();
  await vacuumAndCheckpoint(pool);
  const accepted = await postBacklog(server, tenant, HISTORY_BACKLOG);
  const before = await waiting.count(tenant.owner.clientId, 10_000_000);
  assert(
    before === accepted,
    `${label}: ${before} events waiting before the worker started, ${accepted} accepted`,
  );
  const events = await tableEvents(pool);
  const profiled = await profileStatements(pool, label);
  workers.running.push(await workers.launch());
  const meter = await cpu();
  const started = performance.now();
  const settledAt = await waitDrained(waiting, tenant.owner.clientId, label);
  const used = await meter();
  await profiled();
  const seconds = (settledAt - started) / 1000;
  const run: BacklogRun = {
    accepted,
    seconds,
    perSecond: accepted / seconds,
    msPerThousand: (seconds / accepted) * 1e6,
    postgresMsPerThousand: (used.used.postgres / accepted) * 1e6,
    workerMsPerThousand: (used.used.worker / accepted) * 1e6,
    cpu: used,
    load: os.loadavg()[0] ?? 0,
    tableEvents: events,
  };
  log(
    `${label}: ${fmtInt(accepted)} events in ${seconds.toFixed(1)} s (${fmtInt(run.perSecond)}/s), PostgreSQL ` +
      `${fmtInt(run.postgresMsPerThousand)} ms and worker ${fmtInt(run.workerMsPerThousand)} ms CPU per 1,000; ` +
      `load ${run.load.toFixed(1)}`,
  );
  return run;
};

/** The first instant of the month `offset` months from now's (UTC). */
const monthStart = (offset: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));
};

/**
 * One chunk of finished events of the tenant's customers, each with its event_keys row, arriving evenly over
 * [from, from + spanMs): numbers g in [first, last]. The mix of types is the bench's (logins, orders, statistics,
 * the other counters), the payloads of their shape.
 */
const SEED_HISTORY_SQL = `
WITH added AS (
  INSERT INTO events (id, client_id, external_id, type, customer_id, occurred_at, received_at, data, payload_hash,
                      status, attempts, next_attempt_at, processed_at)
  SELECT substr(md5($1::text || ':history:' || g), 1, 24), $1, $2::text || g, t.type, ($3::text[])[(1 + (g::bigint * 7919) % $4::int)::int],
         t.at - interval '2 seconds', t.at,
         CASE t.type
           WHEN 'order.created' THEN jsonb_build_object('order_id', $2::text || 'o-' || g, 'total', (g % 2500) + 0.5,
             'items', jsonb_build_array(jsonb_build_object('sku', 'FLAT-WHITE', 'quantity', 1, 'price', (g % 2500) + 0.5)))
           WHEN 'statistic.update' THEN jsonb_build_object('name', 'benchStat' || lpad((1 + g % 50)::text, 3, '0'), 'value', g % 1000)
           ELSE '{}'::jsonb
         END,
         md5($2::text || g), 'processed', 0, t.at, t.at + interval '1 second'
    FROM generate_series($5::int, $6::int) AS g
    CROSS JOIN LATERAL (
      SELECT (ARRAY['user.logged-in', 'user.logged-in', 'user.logged-in', 'order.created', 'order.created',
                    'statistic.update', 'statistic.update', 'referral', 'qr.scanned', 'app.payment'])[1 + g % 10] AS type,
             $7::timestamptz + (g - $5::int) * ($8::float8 * interval '1 millisecond') AS at
    ) AS t
  RETURNING client_id, external_id, id, payload_hash, received_at
)
INSERT INTO event_keys (client_id, external_id, event_id, payload_hash, received_at)
SELECT client_id, external_id, id, payload_hash, received_at FROM added`;

/** Seeds HISTORY_EVENTS finished events over the HISTORY_MONTHS months before this one; answers those months. */
const seedHistory = async (
  pool: pg.Pool,
  tenant: Tenant,
  defer: (label: string, step: () => unknown) => void,
) => {
  // The app's own partition upkeep, asked as if it ran in each past month (it creates that month and the next).
  const database = {
    kind: 'postgres',
    query: async (text: string, params?: unknown[]) => (await pool.query(text, params)).rows,
  } as unknown as Database;
  const before = new Set((await eventPartitions(database)).map((partition) => partition.name));
  const months = Array.from({ length: HISTORY_MONTHS }, (_, i) => monthStart(i - HISTORY_MONTHS));
  for (const month of months) await ensureEventPartitions(database, month);
  const partitions = await eventPartitions(database);
  const created = partitions.map((partition) => partition.name).filter((name) => !before.has(name));
  for (const month of months)
    assert(
      partitions.some((partition) => partition.start.getTime() === month.getTime()),
      `no partition of events for ${month.toISOString().slice(0, 7)}`,
    );
  const clientId = tenant.owner.clientId;
  if (GIVEN_URL && !KEEP_DB)
    defer('removing the seeded history', async () => {
      for (const name of created) await pool.query(`DROP TABLE IF EXISTS "${name}"`);
      await pool.query('DELETE FROM events WHERE client_id = $1 AND external_id LIKE $2', [
        clientId,
        `${HISTORY_PREFIX}%`,
      ]);
      await pool.query('DELETE FROM event_keys WHERE client_id = $1 AND external_id LIKE $2', [
        clientId,
        `${HISTORY_PREFIX}%`,
      ]);
    });

  const customers = tenant.players.map((player) => player.id);
  const perMonth = Math.ceil(HISTORY_EVENTS / months.length);
  let seeded = 0;
  let g = 1;
  for (const [index, month] of months.entries()) {
    const monthMs = monthStart(index - HISTORY_MONTHS + 1).getTime() - month.getTime();
    const inMonth = Math.min(perMonth, HISTORY_EVENTS - seeded);
    const stepMs = monthMs / Math.max(1, inMonth);
    for (let done = 0; done < inMonth; done += SEED_CHUNK) {
      const size = Math.min(SEED_CHUNK, inMonth - done);
      await pool.query(SEED_HISTORY_SQL, [
        clientId,
        HISTORY_PREFIX,
        customers,
        customers.length,
        g,
        g + size - 1,
        new Date(month.getTime() + done * stepMs),
        stepMs,
      ]);
      g += size;
      seeded += size;
      log(`history: ${fmtInt(seeded)} of ${fmtInt(HISTORY_EVENTS)} finished events seeded`);
    }
  }
  return {
    months: months.map((month) => month.toISOString().slice(0, 7)),
    partitions: partitions.length,
    seededPartitions: partitions.filter((partition) => created.includes(partition.name)),
  };
};

type Partition = { name: string; start: Date; end: Date };
const boundText = (date: Date) => date.toISOString();

/**
 * Takes the seeded months out of `events` (DETACH) or puts them back (ATTACH), so that the two sides can take turns
 * on one database, minutes apart, instead of every run without history coming before the seeding and every run with
 * it after: the machine's speed drifts by more than the target's margin over those minutes. Detached, the history's
 * rows are in no table the engine reads (its `event_keys` rows stay; only the ingest, which is not timed, reads
 * them). A CHECK of each month's bounds, validated once, lets ATTACH skip its scan of the month's rows.
 */
const historyAttached = async (pool: pg.Pool, partitions: readonly Partition[], attached: boolean) => {
  for (const { name, start, end } of partitions) {
    const { rows } = await pool.query<{ attached: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM pg_inherits WHERE inhrelid = $1::regclass) AS attached`,
      [name],
    );
    if (rows[0]?.attached === attached) continue;
    if (attached) {
      await pool.query(
        `ALTER TABLE events ATTACH PARTITION "${name}" FOR VALUES FROM ('${boundText(start)}') TO ('${boundText(end)}')`,
      );
      continue;
    }
    await pool.query(`ALTER TABLE events DETACH PARTITION "${name}"`);
    const constraint = await pool.query(`SELECT 1 FROM pg_constraint WHERE conname = $1`, [`${name}_bounds`]);
    if (constraint.rowCount === 0)
      await pool.query(
        `ALTER TABLE "${name}" ADD CONSTRAINT "${name}_bounds"
           CHECK (received_at >= '${boundText(start)}' AND received_at < '${boundText(end)}')`,
      );
  }
};

/**
 * The scenario: a tenant of its own, HISTORY_RUNS timed backlogs without its history, the history seeded, the
 * same again; then the backlog's events and statistics checked. `workers.running` ends with one worker running.
 */
export const runHistoryScenario = async (
  server: Server,
  pool: pg.Pool,
  cpu: ReturnType<typeof cpuMeter>,
  workers: Workers,
  defer: (label: string, step: () => unknown) => void,
): Promise<HistoryResult> => {
  // Each timed run has players of its own (a slice of the tenant's), so that every run starts from the same player
  // state: the history is the only difference between the sides, not the statistics and orders earlier runs left.
  const runs = 2 * HISTORY_RUNS;
  const perRun = Math.floor(CUSTOMERS / runs);
  const tenant = await setupTenant(
    server,
    pool,
    { label: 'history', email: HISTORY_EMAIL, alias: 'Bench History', name: 'Bench History (Pty) Ltd' },
    runs * HISTORY_BACKLOG,
  );
  await waitRebuilt(pool, tenant.owner.clientId, tenant.label);
  const waiting = await waitingCounter(pool);
  log(`history: waiting events read from ${waiting.table}`);
  log(
    `history: seeding ${fmtInt(HISTORY_EVENTS)} finished events (and their keys) over ${HISTORY_MONTHS} past months…`,
  );
  const seedStarted = performance.now();
  const { months, partitions, seededPartitions } = await seedHistory(pool, tenant, defer);
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  log(`history: seeded in ${seedSeconds.toFixed(0)} s; VACUUM (ANALYZE)…`);
  const vacuumSeconds = await vacuumAndCheckpoint(pool);

  let slice = 0;
  const timed = async (label: string, attached: boolean) => {
    tenant.generator.usePlayers(slice * perRun, (slice + 1) * perRun);
    slice += 1;
    const prepare = () => historyAttached(pool, seededPartitions, attached);
    return timeBacklog(server, pool, cpu, tenant, workers, waiting, label, prepare);
  };
  // The sides take turns (none, history, none, …), so a drift of the machine's speed falls on both alike.
  const none: BacklogRun[] = [];
  const history: BacklogRun[] = [];
  for (let run = 1; run <= HISTORY_RUNS; run += 1) {
    none.push(await timed(`history: no history (its months detached), run ${run}`, false));
    history.push(await timed(`history: ${fmtInt(HISTORY_EVENTS)} of history, run ${run}`, true));
  }

  log('history: checking the backlog’s event states and statistics, and that the history stayed processed…');
  const checked = await verify(
    pool,
    server,
    tenant.apiKey,
    tenant.owner.clientId,
    tenant.model,
    tenant.players,
    HISTORY_PREFIX,
  );
  const historyStates = (
    await pool.query<{ status: string; n: number }>(
      `SELECT status, count(*)::int AS n FROM events WHERE client_id = $1 AND external_id LIKE $2 GROUP BY status`,
      [tenant.owner.clientId, `${HISTORY_PREFIX}%`],
    )
  ).rows;
  assert(
    historyStates.length === 1 &&
      historyStates[0]?.status === 'processed' &&
      historyStates[0].n === HISTORY_EVENTS,
    `the seeded history should be ${HISTORY_EVENTS} processed events: ${JSON.stringify(historyStates)}`,
  );
  return {
    seeded: HISTORY_EVENTS,
    months,
    partitions,
    seedSeconds,
    vacuumSeconds,
    none,
    history,
    checkedEvents: checked.events,
  };
};

/** The scenario's section of the report: both sides' best, their ratio against the target, every run. */
export const historyReport = (
  result: HistoryResult,
  line: (label: string, value: string, target?: string, ok?: boolean) => void,
  out: string[],
) => {
  const { none, history } = result;
  out.push(
    `History (issue 28): ${fmtInt(HISTORY_BACKLOG)} waiting events of the mix, one worker started on them, timed until ` +
      `all settled; best of ${HISTORY_RUNS} runs per side. History: ${fmtInt(result.seeded)} finished events of the ` +
      `same tenant's customers (with their keys) seeded by SQL in ${result.seedSeconds.toFixed(0)} s over ` +
      `${result.months.join(', ')} (${result.partitions} partitions of events), VACUUM (ANALYZE) ` +
      `${result.vacuumSeconds.toFixed(0)} s; events table about ${fmtInt(none[0]?.tableEvents ?? 0)} rows without, ` +
      `${fmtInt(history[0]?.tableEvents ?? 0)} with`,
  );
  const row = (label: string, a: string, b: string, ratio = '') =>
    out.push(`${pad(label, 58)}${padLeft(a, 14)}${padLeft(b, 14)}${padLeft(ratio, 10)}`);
  row('', 'no history', `${fmtInt(result.seeded)}`, 'ratio');
  const side = (pick: (run: BacklogRun) => number, higherIsBetter = false) => {
    const a = higherIsBetter ? Math.max(...none.map(pick)) : best(none, pick);
    const b = higherIsBetter ? Math.max(...history.map(pick)) : best(history, pick);
    return { a, b, ratio: b / a };
  };
  const rate = side((run) => run.perSecond, true);
  const wall = side((run) => run.msPerThousand);
  const postgres = side((run) => run.postgresMsPerThousand);
  const worker = side((run) => run.workerMsPerThousand);
  row('events/s processed by one worker', fmtInt(rate.a), fmtInt(rate.b), rate.ratio.toFixed(2));
  row('time per 1,000 events, ms', fmtInt(wall.a), fmtInt(wall.b), wall.ratio.toFixed(2));
  row(
    'CPU per 1,000 events, PostgreSQL backends ms',
    fmtInt(postgres.a),
    fmtInt(postgres.b),
    postgres.ratio.toFixed(2),
  );
  row('CPU per 1,000 events, worker ms', fmtInt(worker.a), fmtInt(worker.b), worker.ratio.toFixed(2));
  for (const [label, runs] of [
    ['no history', none],
    ['history', history],
  ] as const)
    out.push(
      `  ${label}, each run: ${runs
        .map(
          (run) =>
            `${fmtInt(run.perSecond)}/s, PostgreSQL ${fmtInt(run.postgresMsPerThousand)} ms/1,000, load ${run.load.toFixed(1)}`,
        )
        .join('; ')}`,
    );
  line(
    'claim + process time with history / none',
    wall.ratio.toFixed(2),
    `<= ${TARGET_HISTORY_RATIO}x`,
    wall.ratio <= TARGET_HISTORY_RATIO,
  );
  line(
    '  PostgreSQL CPU with history / none',
    postgres.ratio.toFixed(2),
    `<= ${TARGET_HISTORY_RATIO}x`,
    postgres.ratio <= TARGET_HISTORY_RATIO,
  );
  out.push(
    `Checked, history tenant: ${fmtInt(result.checkedEvents)} backlog event states and their statistic values; the ` +
      `${fmtInt(result.seeded)} seeded events all still processed`,
  );
};

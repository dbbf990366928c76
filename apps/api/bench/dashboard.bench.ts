/**
 * Dashboard benchmark (`npm run bench:dashboard`): the rollups of BENCH_EVENTS events (default 10,000,000) of
 * BENCH_CUSTOMERS customers (default 1,000,000) over the last BENCH_DAYS days (default 400) and 20 branches, seeded
 * with SQL in a scratch database, then `GET /api/dashboard` over HTTP from the built API:
 *
 *   1. each period filter (Current Month, Last Month, Last 30 Days, Last 90 Days) for all branches (the owner) and
 *      for one branch (its branch manager): p50/p95 of BENCH_REQUESTS sequential requests (target p95 < 300 ms);
 *   2. the same figures computed by scanning the raw events (BENCH_RAW_RUNS runs per scenario, p50), and the ratio.
 *
 * The events are generated once into a lean table `bench_raw_events` (customer number, branch number, kind,
 * occurred_at, amount, tier: about 70 bytes a row with its index, against several hundred for a stored event with
 * its ids and payload, so the raw scan here is a lower bound of a scan of the real event log), indexed on
 * occurred_at. The rollups the dashboard reads (gaps, tier days, daily sums) are derived from that table by SQL the
 * way the engine and the rebuild derive them, so every answer of the API is checked against the raw scan: they must
 * be equal.
 * The per-player markers (written by the engine, never read by the dashboard) are not seeded.
 *
 * Event mix per 100: 55 log-ins and 10 app payments (no branch), 28 orders, 3 refunds, 2 challenge completions and
 * 2 badge grants (at a branch); tiers per customer (50% Bronze .. 3% Diamond). Not a test (DESIGN §8): exits 0
 * whether the target is met or missed, 1 when something errored or an answer differed from the raw scan.
 *
 * Environment (all optional): DATABASE_URL, BENCH_ADMIN_URL, BENCH_KEEP_DB=1 as for the other benches;
 * BENCH_EVENTS, BENCH_CUSTOMERS, BENCH_DAYS, BENCH_REQUESTS (default 30, after BENCH_WARMUP, default 5),
 * BENCH_RAW_RUNS (default 3).
 */

import { performance } from 'node:perf_hooks';
import { DASHBOARD_PERIODS, type TDashboard, type TDashboardPeriod } from '@laurel/contract';
import type pg from 'pg';
import { DISTINCT_WINDOW_MAX_DAYS } from '../src/engine';
import { ensureBenchClient, seedInTransaction } from './bench-seed';
import {
  assert,
  type Defer,
  envInt,
  fmtInt,
  fmtMs,
  type Latency,
  latencyOf,
  loadAverageLine,
  log,
  measureGets,
  pad,
  padLeft,
  platformLine,
  runBench,
  startSeededBench,
  verdict,
} from './bench-support';

const EVENTS = envInt('BENCH_EVENTS', 10_000_000, 10_000, 50_000_000);
const CUSTOMERS = envInt('BENCH_CUSTOMERS', 1_000_000, 1_000, 5_000_000);
const DAYS = envInt('BENCH_DAYS', 400, 200, 2_000);
const REQUESTS = envInt('BENCH_REQUESTS', 30, 5, 1_000);
const WARMUP = envInt('BENCH_WARMUP', 5, 0, 100);
const RAW_RUNS = envInt('BENCH_RAW_RUNS', 3, 1, 20);
const BRANCHES = 20;
const TARGET_P95_MS = 300;

/** Kinds of the raw events. */
const KIND = { login: 0, order: 1, refund: 2, challenge: 3, badge: 4, payment: 5 } as const;

/** $1 customers, $2 events, $3 days. Each attribute from a hash of the row number; occurred_at in the last $3 days. */
const RAW_SQL = `
INSERT INTO bench_raw_events (customer, branch, kind, occurred_at, amount_minor, tier)
SELECT customer, CASE WHEN kind IN (1, 2, 3, 4) THEN 1 + h1 % ${BRANCHES} END, kind,
  now() - make_interval(secs => h2 % ($3::int * 86400)),
  CASE kind WHEN 1 THEN 100 + h3 % 50000 WHEN 2 THEN -(100 + h3 % 20000) ELSE 0 END,
  CASE WHEN t < 50 THEN 1 WHEN t < 75 THEN 2 WHEN t < 90 THEN 3 WHEN t < 97 THEN 4 ELSE 5 END
FROM (
  SELECT 1 + h0 % $1::int AS customer, h1, h2, h3,
    (hashint4(1 + h0 % $1::int) & 2147483647) % 100 AS t,
    CASE WHEN h4 % 100 < 55 THEN 0 WHEN h4 % 100 < 83 THEN 1 WHEN h4 % 100 < 86 THEN 2
         WHEN h4 % 100 < 88 THEN 3 WHEN h4 % 100 < 90 THEN 4 ELSE 5 END AS kind
  FROM (
    SELECT (hashint4extended(g, 20) & 2147483647)::int AS h0, (hashint4extended(g, 21) & 2147483647)::int AS h1,
           (hashint4extended(g, 22) & 2147483647)::int AS h2, (hashint4extended(g, 23) & 2147483647)::int AS h3,
           (hashint4extended(g, 24) & 2147483647)::int AS h4
    FROM generate_series(1, $2::int) AS g
  ) hashed
) seeded`;

/** Scope 0 is all branches; n the n-th bench branch. $1 client, $2 branch ids. */
const SCOPE = `CASE WHEN scope = 0 THEN '' ELSE ($2::text[])[scope] END`;
const DAY = `(occurred_at AT TIME ZONE 'UTC')::date`;
const SCOPES = 'CROSS JOIN LATERAL (VALUES (0::smallint), (e.branch)) AS s(scope)';

/**
 * The rollups from the raw events, as the engine keeps them (engine/dashboard/, rebuild-dashboard.ts), in one sort:
 * each player-day of each scope and kind (0 active, 1 paying) with the days since the player's previous one, then
 * grouped both ways (gaps; tiers of the active days).
 */
const ROLLUP_SQL = [
  `CREATE TEMP TABLE bench_rollup ON COMMIT DROP AS
   SELECT scope, kind, day, tier,
          CASE WHEN previous IS NULL OR day - previous > ${DISTINCT_WINDOW_MAX_DAYS} THEN 0 ELSE day - previous END AS gap,
          count(*) AS players
   FROM (
     SELECT scope, kind, day, tier, lag(day) OVER (PARTITION BY scope, kind, customer ORDER BY day) AS previous
     FROM (
       SELECT s.scope, k.kind, e.customer, ${DAY} AS day, min(e.tier) AS tier
       FROM bench_raw_events e ${SCOPES}
       CROSS JOIN LATERAL (VALUES (0::smallint), (CASE WHEN e.kind = ${KIND.order} THEN 1::smallint END)) AS k(kind)
       WHERE s.scope IS NOT NULL AND k.kind IS NOT NULL
       GROUP BY 1, 2, 3, 4
     ) player_days
   ) p
   GROUP BY GROUPING SETS ((scope, kind, day, gap), (scope, kind, day, tier))`,
  `INSERT INTO dashboard_gaps (client_id, scope, kind, day, gap, players)
   SELECT $1, ${SCOPE}, CASE WHEN kind = 0 THEN 'active' ELSE 'paying' END, day, gap, players
   FROM bench_rollup WHERE gap IS NOT NULL`,
  `INSERT INTO dashboard_tier_days (client_id, scope, day, tier, players)
   SELECT $1, ${SCOPE}, day, tier, players FROM bench_rollup WHERE tier IS NOT NULL AND kind = 0`,
  // Spread over the 16 stripes concurrent workers write to, as in production.
  `INSERT INTO dashboard_days (client_id, scope, day, stripe, revenue_minor, challenges_completed, badges_earned)
   SELECT $1, ${SCOPE}, ${DAY}, (e.customer % 16)::smallint,
          sum(e.amount_minor), count(*) FILTER (WHERE e.kind = ${KIND.challenge}),
          count(*) FILTER (WHERE e.kind = ${KIND.badge})
   FROM bench_raw_events e ${SCOPES} WHERE s.scope IS NOT NULL
   GROUP BY 1, 2, 3, 4`,
];

const seed = async (pool: pg.Pool, clientId: string, branchIds: string[]) => {
  const have = await pool.query<{ n: string }>(
    `SELECT count(*) AS n FROM pg_class WHERE relname = 'bench_raw_events'`,
  );
  if (Number(have.rows[0]?.n) > 0) {
    log('bench_raw_events exists: seeding skipped');
    return null;
  }
  const seeded = await seedInTransaction(
    pool,
    {
      settings: { work_mem: '256MB', maintenance_work_mem: '512MB' },
      vacuum: ['bench_raw_events', 'dashboard_gaps', 'dashboard_tier_days', 'dashboard_days'],
    },
    async (client) => {
      await client.query(`CREATE TABLE bench_raw_events (customer int NOT NULL, branch smallint, kind smallint NOT NULL,
        occurred_at timestamptz NOT NULL, amount_minor int NOT NULL, tier smallint NOT NULL)`);
      let started = performance.now();
      await client.query(RAW_SQL, [CUSTOMERS, EVENTS, DAYS]);
      const raw = performance.now() - started;
      started = performance.now();
      await client.query('CREATE INDEX bench_raw_events_occurred_idx ON bench_raw_events (occurred_at)');
      await client.query('ANALYZE bench_raw_events');
      const index = performance.now() - started;
      started = performance.now();
      for (const table of ['dashboard_gaps', 'dashboard_tier_days', 'dashboard_days'])
        await client.query(`DELETE FROM ${table} WHERE client_id = $1`, [clientId]);
      for (const statement of ROLLUP_SQL) {
        await client.query(statement, statement.includes('$1') ? [clientId, branchIds] : []);
      }
      // has_activity reads the event log: one processed event stands for the ten million.
      await client.query(
        `INSERT INTO events (id, client_id, external_id, type, customer_id, occurred_at, data, payload_hash, status)
         VALUES (substr(md5($1::text || ':bench'), 1, 24), $1, 'bench', 'user.logged-in', 'bench', now(), '{}', '', 'processed')
         ON CONFLICT DO NOTHING`,
        [clientId],
      );
      return { raw, index, rollups: performance.now() - started };
    },
  );
  return { ...seeded.loaded, vacuum: seeded.vacuumMs };
};

type Figures = Pick<TDashboard, 'figures' | 'tier_weekdays'>;

/** The dashboard's figures by scanning the raw events of both periods (one statement), and the tier weekdays. */
const rawFigures = async (
  pool: pg.Pool,
  period: TDashboard['period'],
  branch: number | null,
): Promise<Figures> => {
  const where = `occurred_at >= ($1::date)::timestamp AT TIME ZONE 'UTC'
                 AND occurred_at < ($2::date + 1)::timestamp AT TIME ZONE 'UTC'
                 ${branch === null ? '' : `AND branch = ${branch}`}`;
  const params = [period.previous_start, period.end, period.start];
  const [row] = (
    await pool.query<Record<string, string>>(
      `WITH e AS (SELECT customer, kind, amount_minor, ${DAY} AS day FROM bench_raw_events WHERE ${where})
       SELECT
         count(DISTINCT (customer, day)) FILTER (WHERE day >= $3::date) AS player_days,
         count(DISTINCT (customer, day)) FILTER (WHERE day < $3::date) AS previous_player_days,
         count(DISTINCT customer) FILTER (WHERE day >= $3::date) AS active,
         count(DISTINCT customer) FILTER (WHERE day < $3::date) AS previous_active,
         count(DISTINCT customer) FILTER (WHERE day >= $3::date AND kind = ${KIND.order}) AS paying,
         count(DISTINCT customer) FILTER (WHERE day < $3::date AND kind = ${KIND.order}) AS previous_paying,
         COALESCE(sum(amount_minor) FILTER (WHERE day >= $3::date), 0) AS revenue,
         COALESCE(sum(amount_minor) FILTER (WHERE day < $3::date), 0) AS previous_revenue,
         count(*) FILTER (WHERE day >= $3::date AND kind = ${KIND.challenge}) AS challenges,
         count(*) FILTER (WHERE day < $3::date AND kind = ${KIND.challenge}) AS previous_challenges,
         count(*) FILTER (WHERE day >= $3::date AND kind = ${KIND.badge}) AS badges,
         count(*) FILTER (WHERE day < $3::date AND kind = ${KIND.badge}) AS previous_badges
       FROM e`,
      params,
    )
  ).rows;
  const weekdays = (
    await pool.query<{ dow: number; tier: number; n: string }>(
      `SELECT extract(dow FROM day)::int AS dow, tier, count(DISTINCT (customer, day)) AS n
       FROM (SELECT customer, tier, ${DAY} AS day FROM bench_raw_events WHERE ${where}) e
       GROUP BY 1, 2`,
      [period.start, period.end],
    )
  ).rows;
  const n = (name: string) => Number(row?.[name] ?? 0);
  const days = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;
  const round1 = (value: number) => Math.round(value * 10) / 10;
  const figure = (value: number, previous: number) => ({
    value,
    previous,
    change_percent: previous === 0 ? null : round1(((value - previous) / Math.abs(previous)) * 100),
  });
  const names = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
  // The current weekday last (the bench client's time zone is UTC).
  const today = new Date().getUTCDay();
  const order = [0, 1, 2, 3, 4, 5, 6].map((index) => (today + 1 + index) % 7);
  return {
    figures: {
      daily_active_users: figure(
        round1(n('player_days') / days(period.start, period.end)),
        round1(n('previous_player_days') / days(period.previous_start, period.previous_end)),
      ),
      monthly_active_users: figure(n('active'), n('previous_active')),
      challenges_completed: figure(n('challenges'), n('previous_challenges')),
      badges_earned: figure(n('badges'), n('previous_badges')),
      transaction_revenue: figure(n('revenue') / 100, n('previous_revenue') / 100),
      paying_players: figure(n('paying'), n('previous_paying')),
    },
    tier_weekdays: {
      weekdays: order.map((dow) => names[dow] as string),
      tiers: (['Bronze', 'Silver', 'Gold', 'Platinum', 'Diamond'] as const).map((tier, index) => ({
        tier,
        counts: order.map((dow) =>
          Number(weekdays.find((w) => w.dow === dow && w.tier === index + 1)?.n ?? 0),
        ),
      })),
    },
  };
};

const main = async (defer: Defer) => {
  const startedAt = Date.now();
  const { server, pool, version } = await startSeededBench(defer, 2);
  const { owner, manager, branchIds, managedBranchId } = await ensureBenchClient(server, {
    area: 'dashboard',
    title: 'Dashboard',
    branches: BRANCHES,
    permissions: {},
  });
  log(
    `seeding ${fmtInt(EVENTS)} events of ${fmtInt(CUSTOMERS)} customers over ${DAYS} days, and their rollups…`,
  );
  const seeded = await seed(pool, owner.clientId, branchIds);
  if (seeded)
    log(
      `seeded: raw events ${(seeded.raw / 1000).toFixed(1)} s, index ${(seeded.index / 1000).toFixed(1)} s, ` +
        `rollups ${(seeded.rollups / 1000).toFixed(1)} s, vacuum ${(seeded.vacuum / 1000).toFixed(1)} s`,
    );
  const sizes = (
    await pool.query<{ name: string; rows: string; size: string }>(
      `SELECT relname AS name, reltuples::bigint::text AS rows, pg_size_pretty(pg_total_relation_size(oid)) AS size
       FROM pg_class WHERE relname IN ('bench_raw_events', 'dashboard_gaps', 'dashboard_tier_days', 'dashboard_days')
       ORDER BY relname`,
    )
  ).rows;

  const scenarios: {
    label: string;
    period: TDashboardPeriod;
    token: string;
    query: string;
    branch: number | null;
  }[] = DASHBOARD_PERIODS.flatMap((period) => [
    { label: `${period}, all branches`, period, token: owner.clientToken, query: '', branch: null },
    {
      label: `${period}, one branch (manager)`,
      period,
      token: manager.clientToken,
      query: `&branch_id=${managedBranchId}`,
      branch: 1 + branchIds.indexOf(managedBranchId),
    },
  ]);
  const results: { label: string; api: Latency; raw: Latency }[] = [];
  for (const scenario of scenarios) {
    log(`measuring: ${scenario.label}`);
    // The last answer is compared with the raw scan (set by `check`, which TypeScript's narrowing cannot follow).
    let answer = undefined as TDashboard | undefined;
    const api = await measureGets(server, {
      token: scenario.token,
      urls: [`/api/dashboard?period=${scenario.period}${scenario.query}`],
      warmup: WARMUP,
      requests: REQUESTS,
      check: (content) => {
        answer = content as TDashboard;
      },
    });
    assert(answer?.has_activity === true, 'no answer, or no activity');
    const rawTimes: number[] = [];
    let raw: Figures | undefined;
    for (let i = 0; i < RAW_RUNS; i += 1) {
      const started = performance.now();
      raw = await rawFigures(pool, answer.period, scenario.branch);
      rawTimes.push(performance.now() - started);
    }
    const shown = JSON.stringify({ figures: answer.figures, tier_weekdays: answer.tier_weekdays });
    assert(
      shown === JSON.stringify(raw),
      `${scenario.label}: the API answered ${shown}\nthe raw scan gives ${JSON.stringify(raw)}`,
    );
    assert(answer.figures.monthly_active_users.value > 0, `${scenario.label}: no active players`);
    results.push({ label: scenario.label, api, raw: latencyOf(rawTimes) });
  }

  const out: string[] = [''];
  out.push(
    `Dashboard benchmark: rollups of ${fmtInt(EVENTS)} events, ${fmtInt(CUSTOMERS)} customers, ${DAYS} days, ` +
      `${BRANCHES} branches; ${platformLine(version)}; ${loadAverageLine()}`,
  );
  out.push(
    seeded
      ? `Seed: raw events ${(seeded.raw / 1000).toFixed(0)} s, their index ${(seeded.index / 1000).toFixed(0)} s, ` +
          `rollups ${(seeded.rollups / 1000).toFixed(0)} s, VACUUM ANALYZE ${(seeded.vacuum / 1000).toFixed(0)} s`
      : 'Seed: reused',
  );
  out.push(`Tables: ${sizes.map((s) => `${s.name} ${fmtInt(Number(s.rows))} rows ${s.size}`).join('; ')}`);
  out.push(
    `API: ${REQUESTS} sequential requests after ${WARMUP} warm-up; raw scan: ${RAW_RUNS} runs (p50); ` +
      'every answer equal to the raw scan',
    '',
  );
  const head = `${pad('scenario', 36)}${padLeft('p50 ms', 9)}${padLeft('p95 ms', 9)}${padLeft('max ms', 9)}${padLeft('raw p50 ms', 12)}${padLeft('raw/API', 9)}   target        result`;
  out.push(head, '-'.repeat(head.length));
  for (const { label, api, raw } of results) {
    out.push(
      `${pad(label, 36)}${padLeft(fmtMs(api.p50), 9)}${padLeft(fmtMs(api.p95), 9)}${padLeft(fmtMs(api.max), 9)}` +
        `${padLeft(fmtMs(raw.p50), 12)}${padLeft(`${(raw.p50 / api.p50).toFixed(0)}x`, 9)}` +
        `   p95 < ${TARGET_P95_MS}   ${verdict(api.p95 < TARGET_P95_MS)}`,
    );
  }
  out.push(`Total bench time ${((Date.now() - startedAt) / 1000).toFixed(0)} s`);
  process.stdout.write(`${out.join('\n')}\n`);
};

await runBench(main);

/**
 * The players page of a large segment in the engine bench: a tenant whose segment has BENCH_PAGE_PLAYERS members
 * (inserted by SQL, consistent with the rule), its first, middle and last page timed over HTTP, every answer
 * checked item by item.
 */
import { createHash } from 'node:crypto';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import {
  assert,
  call,
  ensureClient,
  fmtInt,
  fmtMs,
  type Json,
  log,
  must,
  percentile,
  type Server,
} from './bench-support';
import { type StatisticModel, versionOf } from './engine-bench-model';
import {
  PAGE_EMAIL,
  PAGE_PLAYERS,
  PAGE_REQUESTS,
  PAGE_SIZE,
  PAGE_WARMUP,
  PASSWORD,
  TARGET_PAGE_P95_MS,
} from './engine-bench-settings';
import { loadStatistics, SEED_SQL, waitRebuilt } from './engine-bench-tenants';
import { checkSegmentSql, filtersOf, type Rule } from './segments.bench-scenario';

export const customerIdOf = (clientId: string, g: number) =>
  createHash('md5').update(`${clientId}:${g}`).digest('hex').slice(0, 24);

/**
 * A third tenant whose segment (`benchPageStat >= 1`) has PAGE_PLAYERS members, inserted by SQL consistently with
 * the rule (every player active, with a value 1..997; every other one has logged in); then its players page timed
 * at the first, middle and last page, round-robin, every answer checked item by item.
 */
export const measurePlayersPage = async (server: Server, pool: pg.Pool) => {
  const owner = await ensureClient(server, {
    email: PAGE_EMAIL,
    password: PASSWORD,
    alias: 'Bench Page',
    name: 'Bench Page (Pty) Ltd',
  });
  const token = owner.clientToken;
  const clientId = owner.clientId;
  await must(server, 'POST', '/api/statistics', {
    token,
    body: { name: 'benchPageStat', aggregation_method: 'Max', reset_interval: 'Manual' },
  });
  const rules: Rule[] = [
    { statistic_name: 'benchPageStat', comparison: 'GreaterThanOrEqual', filter_value: 1 },
  ];
  const created = await must(server, 'POST', '/api/segments', {
    token,
    body: { name: 'Bench page segment', filters: filtersOf(rules), actions: [] },
  });
  const segmentId = created.content._id as string;
  await waitRebuilt(pool, clientId, 'players page');
  const statistics = await loadStatistics(pool, clientId);
  const pageStat = statistics.get('benchPageStat') as StatisticModel;
  const logins = statistics.get('numberOfLogins') as StatisticModel;
  assert(pageStat !== undefined && logins !== undefined, 'the page tenant lacks its statistics');

  log(`players page: seeding ${fmtInt(PAGE_PLAYERS)} players, their statistics and members by SQL…`);
  const seedStarted = performance.now();
  const t0 = Date.now() - PAGE_PLAYERS * 1_000 - 60_000;
  await pool.query(SEED_SQL, [clientId, PAGE_PLAYERS, 0]);
  await pool.query(
    `INSERT INTO player_statistics (client_id, customer_id, statistic_id, version, value, last_occurred_at, last_seq)
     SELECT $1, substr(md5($1::text || ':' || g), 1, 24), $2, $3, 1 + g % 997, $4::timestamptz + g * interval '1 second', 0
       FROM generate_series(1, $5::int) AS g`,
    [clientId, pageStat.id, versionOf(pageStat, Date.now()), new Date(t0), PAGE_PLAYERS],
  );
  await pool.query(
    `INSERT INTO player_statistics (client_id, customer_id, statistic_id, version, value, last_occurred_at, last_seq)
     SELECT $1, substr(md5($1::text || ':' || g), 1, 24), $2, $3, 1 + g % 5, $4::timestamptz + g * interval '1 second', 0
       FROM generate_series(1, $5::int) AS g WHERE g % 2 = 0`,
    [clientId, logins.id, versionOf(logins, Date.now()), new Date(t0), PAGE_PLAYERS],
  );
  await pool.query(
    `INSERT INTO segment_members (client_id, segment_id, customer_id, entered_at)
     SELECT $1, $2, substr(md5($1::text || ':' || g), 1, 24), $3::timestamptz + g * interval '1 second'
       FROM generate_series(1, $4::int) AS g`,
    [clientId, segmentId, new Date(t0), PAGE_PLAYERS],
  );
  // AllPlayers (every player with activity) follows the inserted statistics: the worker rebuilds it.
  await pool.query(
    "UPDATE segments SET rebuild_requested_at = date_trunc('milliseconds', now()) WHERE client_id = $1 AND system",
    [clientId],
  );
  const allPlayersMs = await waitRebuilt(pool, clientId, 'AllPlayers');
  await pool.query('VACUUM (ANALYZE) customers, player_statistics, segment_members');
  const seedMs = performance.now() - seedStarted;
  const sqlCheck = await checkSegmentSql(pool, clientId, statistics, segmentId, rules);
  assert(
    sqlCheck.differ === 0 && sqlCheck.expected === PAGE_PLAYERS,
    `players page: members against SQL ${JSON.stringify(sqlCheck)}`,
  );
  const listed = (await must(server, 'GET', `/api/segments?ids=${segmentId}`, { token })).content?.[0];
  assert(
    listed?.player_count === PAGE_PLAYERS && listed.rebuilding === false,
    `GET /api/segments?ids= shows ${JSON.stringify(listed)}`,
  );

  const lastPage = Math.ceil(PAGE_PLAYERS / PAGE_SIZE);
  const pages = [
    { label: 'first page', page: 1, ms: [] as number[] },
    {
      label: `middle page (${fmtInt(Math.ceil(lastPage / 2))})`,
      page: Math.ceil(lastPage / 2),
      ms: [] as number[],
    },
    { label: `last page (${fmtInt(lastPage)})`, page: lastPage, ms: [] as number[] },
  ];
  const checkPage = (page: number, status: number, json: Json) => {
    const where = `GET /api/segments/:id/players?page=${page}`;
    assert(status === 200, `${where} answered ${status}`);
    assert(
      json?.pagination?.count === PAGE_PLAYERS && json.pagination.hasMore === page < lastPage,
      `${where}: pagination ${JSON.stringify(json?.pagination)}`,
    );
    const items = json.content as Json[];
    const expectedLength = Math.min(PAGE_SIZE, PAGE_PLAYERS - (page - 1) * PAGE_SIZE);
    assert(Array.isArray(items) && items.length === expectedLength, `${where}: ${items?.length} players`);
    items.forEach((item, i) => {
      const g = PAGE_PLAYERS - ((page - 1) * PAGE_SIZE + i);
      const at = new Date(t0 + g * 1_000).toISOString();
      const ok =
        item.customer_id === customerIdOf(clientId, g) &&
        item.display_name === `Player No ${g}` &&
        item.entered_at === at &&
        item.last_login === (g % 2 === 0 ? at : null) &&
        Object.keys(item.statistics).length === 1 &&
        item.statistics.benchPageStat === 1 + (g % 997);
      assert(ok, `${where}: item ${i} is ${JSON.stringify(item)}, expected player No ${g}`);
    });
  };
  const timeOnce = async (entry: (typeof pages)[number], keep: boolean) => {
    const res = await call(
      server,
      'GET',
      `/api/segments/${segmentId}/players?page=${entry.page}&size=${PAGE_SIZE}`,
      {
        token,
      },
    );
    checkPage(entry.page, res.status, res.json);
    if (keep) entry.ms.push(res.ms);
  };
  for (let i = 0; i < PAGE_WARMUP; i += 1) for (const entry of pages) await timeOnce(entry, false);
  log(`players page: ${PAGE_REQUESTS} requests each of ${pages.map((p) => p.label).join(', ')}`);
  const load: number[] = [];
  for (let i = 0; i < PAGE_REQUESTS; i += 1) {
    for (const entry of pages) await timeOnce(entry, true);
    if (i % 20 === 0) load.push(os.loadavg()[0] ?? 0);
  }
  return {
    pages: pages.map((entry) => ({ label: entry.label, sorted: [...entry.ms].sort((a, b) => a - b) })),
    seedMs,
    allPlayersMs,
    load: Math.max(...load),
  };
};
export type PlayersPage = Awaited<ReturnType<typeof measurePlayersPage>>;

export const playersPageReport = (
  page: PlayersPage,
  line: (label: string, value: string, target?: string, ok?: boolean) => void,
  out: string[],
) => {
  out.push(
    `Players page of a ${fmtInt(PAGE_PLAYERS)}-player segment (seeded by SQL in ${(page.seedMs / 1000).toFixed(1)} s; ` +
      `AllPlayers rebuilt over them in ${(page.allPlayersMs / 1000).toFixed(1)} s), size ${PAGE_SIZE}, ` +
      `${PAGE_REQUESTS} requests each after ${PAGE_WARMUP} warm-up, round-robin; load average up to ${page.load.toFixed(1)}`,
  );
  for (const entry of page.pages) {
    line(
      `  ${entry.label}, p50 / p95 ms`,
      `${fmtMs(percentile(entry.sorted, 50))} / ${fmtMs(percentile(entry.sorted, 95))}`,
      `p95 < ${TARGET_PAGE_P95_MS} ms`,
      percentile(entry.sorted, 95) < TARGET_PAGE_P95_MS,
    );
  }
  line('  max ms (all pages)', fmtMs(Math.max(...page.pages.map((entry) => entry.sorted.at(-1) ?? 0))));
};

/**
 * Segments (issue 9) in the engine bench: a tenant with BENCH_SEGMENTS segments of BENCH_SEGMENT_RULES rules, its
 * events/s processed against a tenant without (A B B A), a rule change that moves most players timed until the
 * API says it is done, and every segment's members checked against the model and an SQL recomputation.
 */
import { performance } from 'node:perf_hooks';
import { compareWith, type TComparisonOperator } from '@laurel/contract';
import type pg from 'pg';
import {
  assert,
  type CpuShares,
  type cpuMeter,
  fmtInt,
  fmtMs,
  type Json,
  log,
  must,
  type Server,
  sleep,
} from './bench-support';
import { type StatisticModel, scaleOf, versionOf } from './engine-bench-model';
import { type Pushed, pushEvents } from './engine-bench-posting';
import {
  CUSTOMERS,
  REBUILDS,
  SEGMENT_RULES,
  SEGMENTS,
  SETTLE_STALL_MS,
  TARGET_REBUILD_MS,
  TARGET_SEGMENT_RATIO,
} from './engine-bench-settings';
import { type Tenant, waitRebuilt } from './engine-bench-tenants';
import { waitDelivered } from './engine-bench-webhooks';

export type Rule = { statistic_name: string; comparison: TComparisonOperator; filter_value: number };
export type BenchSegment = { id: string; name: string; rules: Rule[] };

/** System counters the event mix drives, with a threshold a part of the players passes during the run. */
export const COUNTER_RULES: [string, number][] = [
  ['numberOfLogins', 3],
  ['orderVolume', 2],
  ['totalOrderValue', 1_500],
  ['numberOfReferrals', 1],
  ['numberOfGifts', 1],
  ['numberOfVouchers', 1],
  ['numberOfAppPayments', 1],
  ['numberOfQrScans', 1],
  ['numberOfSubscriptions', 1],
];

/**
 * Segment `index`'s rules (OR-ed), only over Manual statistics (their current version does not move during the
 * run): the seeded statistic above a threshold (segment 0: >= 500, the one whose rule is changed later), a system
 * counter, one of the client's own statistics above or below a value, and so on round.
 */
export const segmentRules = (index: number, tenant: Tenant): Rule[] => {
  const own = [...tenant.statistics.values()]
    .filter((s) => !s.system && s.interval === 'Manual' && s.name !== tenant.ruleStatistic)
    .map((s) => s.name)
    .sort();
  return Array.from({ length: SEGMENT_RULES }, (_, j): Rule => {
    const kind = own.length === 0 && j % 3 === 2 ? 1 : j % 3;
    if (kind === 0)
      return {
        statistic_name: tenant.ruleStatistic,
        comparison: 'GreaterThanOrEqual',
        filter_value: index === 0 && j === 0 ? 500 : (50 * index + 25 + 100 * j) % 1_000,
      };
    if (kind === 1) {
      const [name, threshold] = COUNTER_RULES[(index + j) % COUNTER_RULES.length] as [string, number];
      return {
        statistic_name: name,
        comparison: 'GreaterThanOrEqual',
        filter_value: name === 'totalOrderValue' ? threshold + 250 * (index % 3) : threshold + (index % 2),
      };
    }
    return index % 2 === 0
      ? {
          statistic_name: own[(index * 3 + j) % own.length] as string,
          comparison: 'GreaterThan',
          filter_value: 250 + 5 * index,
        }
      : {
          statistic_name: own[(index * 3 + j) % own.length] as string,
          comparison: 'LessThan',
          filter_value: index - 10,
        };
  });
};

export const filtersOf = (rules: Rule[]) => rules.map((rule) => ({ type: 'statistic', ...rule }));

export const SQL_OPERATOR: Record<string, string> = {
  EqualTo: '=',
  GreaterThan: '>',
  LessThan: '<',
  GreaterThanOrEqual: '>=',
  LessThanOrEqual: '<=',
  NotEqualTo: '<>',
};

/**
 * A segment's members against an SQL recomputation written independently of the engine's (an EXISTS per rule
 * and customer): how many should be in, how many are, and how many differ either way.
 */
export const checkSegmentSql = async (
  pool: pg.Pool,
  clientId: string,
  statistics: Map<string, StatisticModel>,
  segmentId: string,
  rules: Rule[],
) => {
  const values: unknown[] = [clientId, segmentId];
  const now = Date.now();
  const exists = rules.map((rule) => {
    const statistic = statistics.get(rule.statistic_name);
    assert(statistic !== undefined, `no statistic ${rule.statistic_name}`);
    values.push(statistic.id, versionOf(statistic, now), rule.filter_value);
    const n = values.length;
    return `EXISTS (SELECT 1 FROM player_statistics ps WHERE ps.client_id = $1 AND ps.customer_id = c.id
              AND ps.statistic_id = $${n - 2} AND ps.version = $${n - 1}
              AND ps.value ${SQL_OPERATOR[rule.comparison]} $${n}::numeric)`;
  });
  const row = (
    await pool.query<{ expected: number; actual: number; differ: number }>(
      `WITH expected AS (
         SELECT c.id FROM customers c WHERE c.client_id = $1 AND c.status <> 'SUSPENDED' AND (${exists.join(' OR ')})),
       actual AS (SELECT customer_id AS id FROM segment_members WHERE segment_id = $2)
       SELECT (SELECT count(*) FROM expected)::int AS expected, (SELECT count(*) FROM actual)::int AS actual,
              ((SELECT count(*) FROM (SELECT id FROM expected EXCEPT SELECT id FROM actual) a)
             + (SELECT count(*) FROM (SELECT id FROM actual EXCEPT SELECT id FROM expected) b))::int AS differ`,
      values,
    )
  ).rows[0];
  assert(row !== undefined, 'no answer from the membership check');
  return row;
};

/** The members the bench's own model says a segment has now. */
export const modelMembers = (tenant: Tenant, rules: Rule[]) => {
  const now = Date.now();
  const members = new Set<string>();
  for (const player of tenant.players) {
    if (player.suspended) continue;
    const belongs = rules.some((rule) => {
      const statistic = tenant.statistics.get(rule.statistic_name) as StatisticModel;
      const value = tenant.model.values.get(
        `${player.id}|${rule.statistic_name}|${versionOf(statistic, now)}`,
      );
      return (
        value !== undefined &&
        compareWith(rule.comparison, value.value, rule.filter_value * scaleOf(rule.statistic_name))
      );
    });
    if (belongs) members.add(player.id);
  }
  return members;
};

export const membersOf = async (pool: pg.Pool, segmentId: string) =>
  new Set(
    (
      await pool.query<{ customer_id: string }>(
        'SELECT customer_id FROM segment_members WHERE segment_id = $1',
        [segmentId],
      )
    ).rows.map((row) => row.customer_id),
  );

/** Every segment's members equal the model's recomputation and the SQL one; resolves to the members in all. */
export const verifySegments = async (pool: pg.Pool, tenant: Tenant, segments: BenchSegment[]) => {
  let total = 0;
  for (const segment of segments) {
    const actual = await membersOf(pool, segment.id);
    const expected = modelMembers(tenant, segment.rules);
    const missing = [...expected].filter((id) => !actual.has(id));
    const extra = [...actual].filter((id) => !expected.has(id));
    assert(
      missing.length === 0 && extra.length === 0,
      `segment ${segment.name}: ${missing.length} players missing (e.g. ${missing.slice(0, 3).join(', ')}), ` +
        `${extra.length} too many (e.g. ${extra.slice(0, 3).join(', ')}) against the model`,
    );
    const sqlCheck = await checkSegmentSql(
      pool,
      tenant.owner.clientId,
      tenant.statistics,
      segment.id,
      segment.rules,
    );
    assert(
      sqlCheck.differ === 0 && sqlCheck.expected === actual.size,
      `segment ${segment.name}: ${JSON.stringify(sqlCheck)} against the SQL recomputation`,
    );
    total += actual.size;
  }
  return total;
};

/** Creates the tenant's segments through the API and waits until the worker has computed their members. */
export const createSegments = async (server: Server, pool: pg.Pool, tenant: Tenant) => {
  const segments: BenchSegment[] = [];
  const started = performance.now();
  for (let index = 0; index < SEGMENTS; index += 1) {
    const rules = segmentRules(index, tenant);
    const name = `Bench segment ${String(index + 1).padStart(2, '0')}`;
    const created = await must(server, 'POST', '/api/segments', {
      token: tenant.owner.clientToken,
      body: { name, filters: filtersOf(rules), actions: [] },
    });
    assert(
      typeof created?.content?._id === 'string',
      `POST /api/segments answered ${JSON.stringify(created)}`,
    );
    segments.push({ id: created.content._id, name, rules });
  }
  await waitRebuilt(pool, tenant.owner.clientId, 'segments');
  return { segments, ms: performance.now() - started };
};

/** The members of all the given segments together (a player counted once per segment). */
export const memberRows = async (pool: pg.Pool, segments: BenchSegment[]) =>
  Number(
    (
      await pool.query('SELECT count(*) AS n FROM segment_members WHERE segment_id = ANY($1::text[])', [
        segments.map((s) => s.id),
      ])
    ).rows[0].n,
  );

export const flipFirstRule = (rules: Rule[]): Rule[] =>
  rules.map((rule, j) =>
    j === 0
      ? { ...rule, comparison: rule.comparison === 'GreaterThanOrEqual' ? 'LessThan' : 'GreaterThanOrEqual' }
      : rule,
  );

/**
 * Changes segment 0's first rule (seeded statistic >= 500 <-> < 500), so every player with a value but none of
 * the other rules changes membership; timed from the PUT until `GET /api/segments?ids=` no longer says rebuilding,
 * polled every 25 ms. The count shown then must equal the SQL recomputation, and so must the members.
 */
export const measureRebuilds = async (
  server: Server,
  pool: pg.Pool,
  tenant: Tenant,
  segment: BenchSegment,
) => {
  const results: { ms: number; changed: number; members: number }[] = [];
  for (let round = 0; round < REBUILDS; round += 1) {
    const before = await membersOf(pool, segment.id);
    const rules = flipFirstRule(segment.rules);
    const started = performance.now();
    await must(server, 'PUT', `/api/segments/${segment.id}`, {
      token: tenant.owner.clientToken,
      body: { name: segment.name, filters: filtersOf(rules), actions: [] },
    });
    segment.rules = rules;
    const deadline = Date.now() + SETTLE_STALL_MS;
    let shown: Json;
    for (;;) {
      const answer = await must(server, 'GET', `/api/segments?ids=${segment.id}&size=1`, {
        token: tenant.owner.clientToken,
      });
      shown = answer.content?.[0];
      assert(shown?._id === segment.id, `GET /api/segments?ids= answered ${JSON.stringify(answer)}`);
      if (shown.rebuilding === false) break;
      if (Date.now() > deadline)
        throw new Error(`segment ${segment.name} still rebuilding after the rule change`);
      await sleep(25);
    }
    const ms = performance.now() - started;
    const sqlCheck = await checkSegmentSql(pool, tenant.owner.clientId, tenant.statistics, segment.id, rules);
    assert(
      sqlCheck.differ === 0 && sqlCheck.expected === shown.player_count,
      `rule change ${round + 1}: the API shows ${shown.player_count} players, SQL says ${JSON.stringify(sqlCheck)}`,
    );
    const after = await membersOf(pool, segment.id);
    const changed =
      [...before].filter((id) => !after.has(id)).length + [...after].filter((id) => !before.has(id)).length;
    log(`rule change ${round + 1}: ${fmtMs(ms)} ms, ${fmtInt(changed)} players changed membership`);
    results.push({ ms, changed, members: after.size });
  }
  return results;
};

/**
 * Creates the segments of `withSegments`, then posts the same mix to each tenant in turn, A B B A (so a drift in
 * the machine's load falls on both), each half timed until processed.
 */
export const runSegmentsComparison = async (
  server: Server,
  pool: pg.Pool,
  cpu: ReturnType<typeof cpuMeter>,
  plain: Tenant,
  withSegments: Tenant,
  half: number,
) => {
  log(`segments: creating ${SEGMENTS} segments of ${SEGMENT_RULES} rules (${withSegments.label})…`);
  const created = await createSegments(server, pool, withSegments);
  const membersBefore = await memberRows(pool, created.segments);
  log(
    `segments: computed in ${(created.ms / 1000).toFixed(1)} s (${fmtInt(membersBefore)} memberships); ` +
      `comparing ${fmtInt(half)} events x 2 per tenant`,
  );
  // Computing them wrote a segment.entered webhook per membership: all sent before the first timed run.
  await waitDelivered(pool, 'segments: computed');
  const runs: { tenant: Tenant; pushed: Pushed }[] = [];
  for (const tenant of [plain, withSegments, withSegments, plain]) {
    const pushed = await pushEvents(server, pool, cpu, tenant, half);
    log(`segments: ${tenant.label}: ${fmtInt(pushed.accepted / pushed.seconds)} events/s processed`);
    await waitDelivered(pool, `segments: ${tenant.label}`);
    runs.push({ tenant, pushed });
  }
  const membersAfter = await memberRows(pool, created.segments);
  const rateOf = (tenant: Tenant) => {
    const mine = runs.filter((run) => run.tenant === tenant);
    const accepted = mine.reduce((sum, run) => sum + run.pushed.accepted, 0);
    const seconds = mine.reduce((sum, run) => sum + run.pushed.seconds, 0);
    const perThousand = (pick: (cpu: CpuShares) => number) =>
      (mine.reduce((sum, run) => sum + pick(run.pushed.cpu), 0) / accepted) * 1e6;
    return {
      perSecond: accepted / seconds,
      workerPerThousand: perThousand((cpu) => cpu.used.worker),
      postgresPerThousand: perThousand((cpu) => cpu.used.postgres),
      otherShare: mine.reduce((sum, run) => sum + run.pushed.cpu.other * run.pushed.seconds, 0) / seconds,
    };
  };
  const without = rateOf(plain);
  const withRate = rateOf(withSegments);
  return {
    segments: created.segments,
    createdMs: created.ms,
    half,
    runs,
    without,
    withRate,
    ratio: withRate.perSecond / without.perSecond,
    membersBefore,
    membersAfter,
  };
};
export type SegmentsComparison = Awaited<ReturnType<typeof runSegmentsComparison>>;

export const segmentsReport = (
  result: SegmentsComparison,
  rebuilds: Awaited<ReturnType<typeof measureRebuilds>>,
  line: (label: string, value: string, target?: string, ok?: boolean) => void,
  out: string[],
) => {
  const { without, withRate } = result;
  out.push(
    `Segments: ${SEGMENTS} segments of ${SEGMENT_RULES} rules over ${fmtInt(CUSTOMERS)} players (a second tenant, ` +
      `same statistics and mix; the first has only the 6 system segments every client has); ${fmtInt(result.half)} events ` +
      'to each tenant in turn, A B B A, each posted by the same senders and timed until processed',
  );
  line('events/s processed, without segments of its own', fmtInt(without.perSecond));
  line(`events/s processed, with ${SEGMENTS} segments x ${SEGMENT_RULES} rules`, fmtInt(withRate.perSecond));
  line(
    'ratio with / without',
    result.ratio.toFixed(2),
    `>= ${TARGET_SEGMENT_RATIO.toFixed(2)}`,
    result.ratio >= TARGET_SEGMENT_RATIO,
  );
  line(
    '  each run (A B B A), events/s',
    result.runs.map((run) => fmtInt(run.pushed.accepted / run.pushed.seconds)).join(' / '),
  );
  line(
    '  CPU per 1,000 events, worker without / with ms',
    `${fmtInt(without.workerPerThousand)} / ${fmtInt(withRate.workerPerThousand)}`,
  );
  line(
    '  CPU per 1,000 events, PostgreSQL backends without / with ms',
    `${fmtInt(without.postgresPerThousand)} / ${fmtInt(withRate.postgresPerThousand)}`,
  );
  line(
    '  cores taken by other work meanwhile, without / with',
    `${without.otherShare.toFixed(2)} / ${withRate.otherShare.toFixed(2)}`,
  );
  line(
    `  memberships of the ${SEGMENTS} segments before / after`,
    `${fmtInt(result.membersBefore)} / ${fmtInt(result.membersAfter)}`,
  );
  line(`  ${SEGMENTS} segments created, members computed (s)`, (result.createdMs / 1000).toFixed(1));
  for (const [i, rebuild] of rebuilds.entries()) {
    line(
      `rule change ${i + 1} over ${fmtInt(CUSTOMERS)} players (${fmtInt(rebuild.changed)} moved), PUT -> done ms`,
      fmtInt(rebuild.ms),
      `< ${fmtInt(TARGET_REBUILD_MS)} ms`,
      rebuild.ms < TARGET_REBUILD_MS,
    );
  }
};

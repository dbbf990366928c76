/**
 * The engine bench's report (stdout): every measure beside the issue's target, then the segments, players page,
 * economy, challenges and history sections, where the cores went, and what was checked.
 */
import os from 'node:os';
import {
  type CpuShares,
  fmtInt,
  fmtMs,
  pad,
  padLeft,
  percentile,
  type RssSampler,
  verdict,
} from './bench-support';
import { type ChallengesResult, challengesReport } from './challenges.bench-scenario';
import { type EconomyResult, economyReport } from './economy.bench-scenario';
import type { measureFloor } from './engine-bench-floor';
import { type HistoryResult, historyReport } from './engine-bench-history';
import {
  BATCH,
  CUSTOMERS,
  ENGINE_BATCH_SIZE,
  EVENTS,
  SEGMENTS,
  SENDERS,
  STATISTICS,
  TARGET_P95_MS,
  TARGET_PROCESSED_PER_S,
  TARGET_RSS_MB,
  WARMUP_EVENTS,
  WORKER_COUNTS,
} from './engine-bench-settings';
import type { Steady } from './engine-bench-steady';
import type { Throughput } from './engine-bench-throughput';
import type { verify } from './engine-bench-verify';
import { WEBHOOK_ENDPOINTS } from './engine-bench-webhooks';
import { type PlayersPage, playersPageReport } from './players-page.bench-scenario';
import { type measureRebuilds, type SegmentsComparison, segmentsReport } from './segments.bench-scenario';

/** Where the cores went in a phase (bench-support's cpuMeter). */
export const fmtCpu = (cpu: CpuShares) =>
  `API ${cpu.api.toFixed(2)}, worker ${cpu.worker.toFixed(2)}, PostgreSQL backends ${cpu.postgres.toFixed(2)}, ` +
  `bench ${cpu.bench.toFixed(2)}, other ${cpu.other.toFixed(2)} (machine busy ${cpu.busy.toFixed(2)} of ${os.cpus().length})`;

type Rss = ReturnType<RssSampler['stop']>;

const WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight'];
const workersWord = (count: number) => `${WORDS[count] ?? count} worker${count === 1 ? '' : 's'}`;

/**
 * The throughput phase per worker count, side by side: events/s end to end and the workers alone on the backlog,
 * CPU per 1,000 events; then each count against one worker (issue 28's target: two workers > one).
 */
const workersReport = (runs: readonly Throughput[], out: string[]) => {
  const row = (label: string, values: string[]) =>
    out.push(`${pad(label, 58)}${values.map((value) => padLeft(value, 14)).join('')}`);
  const perThousand = (run: Throughput, pick: (used: CpuShares['used']) => number) =>
    fmtInt((pick(run.wholeCpu.used) / run.acceptedCount) * 1e6);
  out.push(
    `Workers (BENCH_WORKERS=${runs.map((run) => run.workers).join(',')}): the throughput phase once per count, ` +
      `in that order, each on a fresh backlog of ${fmtInt(EVENTS)} events of the same tenant and mix (so a later ` +
      'run has more history in the events table); the first run gives the figures above',
  );
  row(
    '',
    runs.map((run) => workersWord(run.workers)),
  );
  row(
    'events/s fully processed, end to end',
    runs.map((run) => fmtInt(run.processedPerSecond)),
  );
  row(
    '  workers alone on the backlog after posting',
    runs.map((run) => (Number.isNaN(run.drainPerSecond) ? 'n/a' : fmtInt(run.drainPerSecond))),
  );
  row(
    'CPU per 1,000 events, API ms',
    runs.map((run) => perThousand(run, (used) => used.api)),
  );
  row(
    'CPU per 1,000 events, workers (summed) ms',
    runs.map((run) => perThousand(run, (used) => used.worker)),
  );
  row(
    'CPU per 1,000 events, PostgreSQL backends ms',
    runs.map((run) => perThousand(run, (used) => used.postgres)),
  );
  const one = runs.find((run) => run.workers === 1);
  if (!one) return;
  for (const run of runs) {
    if (run === one) continue;
    const ratio = run.processedPerSecond / one.processedPerSecond;
    out.push(`${workersWord(run.workers)} / one worker: ${ratio.toFixed(2)} (> 1: ${verdict(ratio > 1)})`);
  }
};

export type EngineResults = {
  startedAt: number;
  loadAtStart: number;
  version: string | undefined;
  setupMs: number;
  /** The throughput phase's first run (headline, floor) and every run, one per BENCH_WORKERS count. */
  throughput: Throughput;
  throughputs: (Throughput & { webhooks: { seconds: number; delivered: number } | null })[];
  steady: Steady;
  floor: Awaited<ReturnType<typeof measureFloor>>;
  segments: SegmentsComparison;
  rebuilds: Awaited<ReturnType<typeof measureRebuilds>>;
  page: PlayersPage;
  economy: EconomyResult | null;
  challenges: ChallengesResult | null;
  /** The history scenario (issue 28), unless BENCH_HISTORY_EVENTS=0. */
  history: HistoryResult | null;
  api: Rss;
  work: Rss;
  checked: Awaited<ReturnType<typeof verify>>;
  checkedSegmentsTenant: Awaited<ReturnType<typeof verify>>;
  memberships: number;
};

export const engineReport = (results: EngineResults) => {
  const { throughput, steady, floor, page, economy, challenges, api, work, checked } = results;
  const { acceptedCount, answeredCount, acceptedPerSecond, processedPerSecond } = throughput;
  const floorPerSecond = floor.rows / (floor.ms / 1000);
  const out: string[] = [];
  const line = (label: string, value: string, target = '', ok?: boolean) =>
    out.push(
      `${pad(label, 58)}${padLeft(value, 14)}${target ? `   ${pad(target, 18)}${verdict(Boolean(ok))}` : ''}`,
    );
  const mix = [...checked.byStatus.entries()].map(([status, n]) => `${status} ${fmtInt(n)}`).join(', ');
  out.push('');
  out.push(
    `Engine benchmark: ${fmtInt(CUSTOMERS)} customers, ${STATISTICS} statistics, ${fmtInt(EVENTS)} events over HTTP in ` +
      `batches of ${BATCH} by ${SENDERS} senders; 1 API process (ENGINE_IN_PROCESS=0) + 1 worker ` +
      `(ENGINE_BATCH_SIZE=${ENGINE_BATCH_SIZE}; the throughput phase with ${WORKER_COUNTS.join(', then ')}); PostgreSQL ${results.version}; node ${process.version}; ${os.cpus().length} CPUs`,
  );
  out.push(
    `Setup ${(results.setupMs / 1000).toFixed(1)} s (client, key and statistics through the API, customers by SQL); ` +
      `${fmtInt(WARMUP_EVENTS)} warm-up events first`,
  );
  out.push(
    WEBHOOK_ENDPOINTS
      ? `Webhooks: every tenant has an endpoint of every event type (a receiver answering after BENCH_RECEIVER_MS); ` +
          results.throughputs
            .map(
              (run) =>
                `${run.workers} worker(s): ${fmtInt(run.webhooks?.delivered ?? 0)} delivered in all by the end of the ` +
                `run, the last ${(run.webhooks?.seconds ?? 0).toFixed(1)} s after its last event was processed`,
            )
            .join('; ')
      : 'Webhooks: no endpoint (BENCH_WEBHOOK_ENDPOINTS=0)',
  );
  out.push(
    `Events stored ${fmtInt(checked.events)} (${mix}); ${fmtInt(answeredCount - acceptedCount)} of the throughput ` +
      `phase's answers were duplicates or rejections, as planned`,
  );
  out.push(
    `Machine: 1-minute load average ${results.loadAtStart.toFixed(1)} at start, ${Math.max(api.load, work.load).toFixed(1)} ` +
      `at most (${os.cpus().length} CPUs${Math.max(api.load, work.load) > os.cpus().length + 1 ? ': other work shared the cores' : ''})`,
  );
  out.push('');
  out.push(`${pad('measure', 58)}${padLeft('value', 14)}   ${pad('target', 18)}result`);
  out.push('-'.repeat(104));
  line(
    `events/s accepted (${fmtInt(acceptedCount)} over HTTP in ${throughput.postingSeconds.toFixed(1)} s)`,
    fmtInt(acceptedPerSecond),
  );
  line(
    `events/s fully processed, end to end (${throughput.processingSeconds.toFixed(1)} s)`,
    fmtInt(processedPerSecond),
    `>= ${fmtInt(TARGET_PROCESSED_PER_S)}`,
    processedPerSecond >= TARGET_PROCESSED_PER_S,
  );
  line(
    `  worker alone on the backlog after posting (${fmtInt(throughput.pendingAtPosted)} events)`,
    Number.isNaN(throughput.drainPerSecond) ? 'n/a' : fmtInt(throughput.drainPerSecond),
  );
  const sortedPosts = throughput.postMs;
  line(
    `  POST of ${BATCH} events, p50 / p95 ms`,
    `${fmtMs(percentile(sortedPosts, 50))} / ${fmtMs(percentile(sortedPosts, 95))}`,
  );
  line(
    `  worker batches: ${throughput.batches}, size p50 ${percentile(throughput.batchSizes, 50) ?? 0}, ms apart p50 / p95`,
    throughput.batchGaps.length > 0
      ? `${fmtMs(percentile(throughput.batchGaps, 50))} / ${fmtMs(percentile(throughput.batchGaps, 95))}`
      : 'n/a',
  );
  out.push('');
  workersReport(results.throughputs, out);
  out.push('');
  line(
    `steady ${fmtInt(steady.rate)} events/s (${fmtInt(steady.accepted)}): accepted -> processed p50 ms`,
    fmtMs(percentile(steady.observedSorted, 50)),
  );
  line(
    '  p95 ms (as seen by a reader polling every 50 ms)',
    fmtMs(percentile(steady.observedSorted, 95)),
    `< ${fmtInt(TARGET_P95_MS)} ms`,
    percentile(steady.observedSorted, 95) < TARGET_P95_MS,
  );
  line('  max ms', fmtMs(steady.observedSorted.at(-1) ?? 0));
  line(
    '  processed_at - received_at p50 / p95 ms (batch start)',
    `${fmtMs(percentile(steady.recordedSorted, 50))} / ${fmtMs(percentile(steady.recordedSorted, 95))}`,
  );
  out.push('');
  line(
    `floor: same rows, 1 INSERT … VALUES per batch, ${SENDERS} connections`,
    `${fmtInt(floorPerSecond)} rows/s`,
  );
  line('ratio accepted / floor', (acceptedPerSecond / floorPerSecond).toFixed(2));
  line('ratio processed end to end / floor', (processedPerSecond / floorPerSecond).toFixed(2));
  out.push('');
  const peaks = (rss: typeof api) =>
    [...rss.peaks.entries()].map(([name, mb]) => `${name} ${mb.toFixed(0)}`).join(', ');
  line('API RSS, max MB', api.peak.toFixed(0), `< ${TARGET_RSS_MB} MB`, api.peak < TARGET_RSS_MB);
  line('worker RSS, max MB', work.peak.toFixed(0), `< ${TARGET_RSS_MB} MB`, work.peak < TARGET_RSS_MB);
  out.push(`  per phase, API: ${peaks(api)}`);
  out.push(`  per phase, worker: ${peaks(work)}`);
  out.push('');
  segmentsReport(results.segments, results.rebuilds, line, out);
  out.push('');
  playersPageReport(page, line, out);
  out.push('');
  if (economy) {
    economyReport(economy, line, out);
    out.push('');
  }
  if (challenges) {
    challengesReport(challenges, line, out);
    out.push('');
  }
  if (results.history) {
    historyReport(results.history, line, out);
    out.push('');
  }
  const perThousand = (seconds: number) => fmtInt((seconds / acceptedCount) * 1e6);
  out.push(
    `CPU per 1,000 events over the throughput phase (independent of what else ran): API ${perThousand(throughput.wholeCpu.used.api)} ms, ` +
      `worker ${perThousand(throughput.wholeCpu.used.worker)} ms, PostgreSQL backends ${perThousand(throughput.wholeCpu.used.postgres)} ms, ` +
      `together ${perThousand(throughput.wholeCpu.used.api + throughput.wholeCpu.used.worker + throughput.wholeCpu.used.postgres)} ms`,
  );
  out.push('Cores busy on average:');
  out.push(
    `  while posting (${throughput.postingCpu.seconds.toFixed(1)} s): ${fmtCpu(throughput.postingCpu)}`,
  );
  out.push(
    `  worker draining alone (${throughput.drainCpuShares.seconds.toFixed(1)} s): ${fmtCpu(throughput.drainCpuShares)}`,
  );
  out.push(
    `  throughput phase overall (${throughput.wholeCpu.seconds.toFixed(1)} s): ${fmtCpu(throughput.wholeCpu)}`,
  );
  out.push(`  steady (${steady.cpu.seconds.toFixed(1)} s): ${fmtCpu(steady.cpu)}`);
  out.push('');
  out.push(
    `Checked: every POST answered 200 with the planned status per event; ${fmtInt(checked.events)} event states; ` +
      `${fmtInt(checked.values)} player statistic values equal the recomputation (and logins, order value and volume, ` +
      `customer totals recomputed in SQL); ${checked.players} players through GET /api/v1/players/:id`,
  );
  out.push(
    `Checked, segments tenant: ${fmtInt(results.checkedSegmentsTenant.events)} event states, ${fmtInt(results.checkedSegmentsTenant.values)} ` +
      `statistic values; ${fmtInt(results.memberships)} memberships of ${SEGMENTS} segments equal the model and SQL; ` +
      `each rule change's count and members equal SQL; every players page lists exactly the expected players`,
  );
  out.push(`Total bench time ${((Date.now() - results.startedAt) / 1000).toFixed(0)} s`);
  process.stdout.write(`${out.join('\n')}\n`);
};

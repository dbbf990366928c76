/**
 * The engine bench's throughput phase: BENCH_EVENTS events of one tenant posted as fast as the API takes them by
 * BENCH_SENDERS senders, timed until the workers have settled every one; what the workers alone drained after
 * posting ended, their batches (from the events they marked), and where the cores went. Run once per BENCH_WORKERS
 * count, each on a fresh backlog of the same size and mix.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { type Child, type cpuMeter, fmtInt, log, type Server, stopChild } from './bench-support';
import { pendingCount, postBatch, waitSettled } from './engine-bench-posting';
import { BATCH, EVENTS, SENDERS } from './engine-bench-settings';
import type { Tenant } from './engine-bench-tenants';
import { profileStatements } from './statement-profile';

export const runThroughput = async (
  server: Server,
  pool: pg.Pool,
  cpu: ReturnType<typeof cpuMeter>,
  tenant: Tenant,
  phase: (name: string) => void,
  workers: number,
) => {
  const { owner, apiKey, generator } = tenant;
  log(
    `throughput: ${fmtInt(EVENTS)} events in batches of ${BATCH} by ${SENDERS} senders, ` +
      `${workers} worker${workers === 1 ? '' : 's'}`,
  );
  const batchCount = Math.ceil(EVENTS / BATCH);
  /** The accepted ids of each batch: the floor inserts the same rows in the same batches. */
  const floorBatches: string[][] = [];
  const postMs: number[] = [];
  let nextBatch = 0;
  let acceptedCount = 0;
  let answeredCount = 0;
  const profiled = await profileStatements(pool, `throughput (${workers} worker${workers === 1 ? '' : 's'})`);
  const throughputCpu = await cpu();
  const throughputWall = Date.now();
  const throughputStarted = performance.now();
  const agents = Array.from({ length: SENDERS }, () => new http.Agent({ keepAlive: true, maxSockets: 1 }));
  let progressAt = Date.now();
  await Promise.all(
    agents.map(async (agent) => {
      while (nextBatch < batchCount) {
        const index = nextBatch++;
        const planned = generator.batch(Math.min(BATCH, EVENTS - index * BATCH));
        const posted = await postBatch(server, apiKey, planned, agent);
        postMs.push(posted.ms);
        floorBatches[index] = posted.accepted;
        acceptedCount += posted.accepted.length;
        answeredCount += posted.answered;
        if (Date.now() - progressAt > 5_000) {
          progressAt = Date.now();
          log(`throughput: ${fmtInt(answeredCount)} events posted`);
        }
      }
    }),
  );
  for (const agent of agents) agent.destroy();
  const postedAt = performance.now();
  const postingCpu = await throughputCpu();
  const pendingAtPosted = await pendingCount(pool, owner.clientId);
  phase('drain');
  const drainCpu = await cpu();
  const settledAt = await waitSettled(pool, owner.clientId, 'throughput');
  const drainCpuShares = await drainCpu();
  const wholeCpu = await throughputCpu();
  await profiled();
  const postingSeconds = (postedAt - throughputStarted) / 1000;
  const processingSeconds = (settledAt - throughputStarted) / 1000;
  const drainSeconds = (settledAt - postedAt) / 1000;
  log(
    `throughput: posted in ${postingSeconds.toFixed(1)} s, all processed after ${processingSeconds.toFixed(1)} s ` +
      `(${fmtInt(pendingAtPosted)} were waiting when posting ended)`,
  );

  // The worker's batches, from the events it marked: processed_at is the batch transaction's start, one per batch.
  const batchRows = (
    await pool.query<{ at: Date; n: number }>(
      `SELECT processed_at AS at, count(*)::int AS n FROM events
        WHERE client_id = $1 AND processed_at >= $2 GROUP BY processed_at ORDER BY processed_at`,
      [owner.clientId, new Date(throughputWall)],
    )
  ).rows;
  return {
    workers,
    floorBatches,
    postMs: [...postMs].sort((a, b) => a - b),
    acceptedCount,
    answeredCount,
    pendingAtPosted,
    postingSeconds,
    processingSeconds,
    acceptedPerSecond: acceptedCount / postingSeconds,
    processedPerSecond: acceptedCount / processingSeconds,
    drainPerSecond: drainSeconds > 0.5 ? pendingAtPosted / drainSeconds : Number.NaN,
    batches: batchRows.length,
    batchSizes: batchRows.map((row) => row.n).sort((a, b) => a - b),
    batchGaps: batchRows
      .slice(1)
      .map((row, i) => row.at.getTime() - (batchRows[i] as { at: Date }).at.getTime())
      .sort((a, b) => a - b),
    postingCpu,
    drainCpuShares,
    wholeCpu,
  };
};
export type Throughput = Awaited<ReturnType<typeof runThroughput>>;

/**
 * The throughput phase once per worker count, in the given order: `running` holds the workers running now (the
 * first is the one every other phase uses); the extra ones are started before a run and stopped after it, once
 * its CPU has been read.
 */
export const runPerWorkerCount = async <T extends Throughput>(
  counts: readonly number[],
  running: Child[],
  startExtraWorker: () => Promise<Child>,
  run: (workers: number) => Promise<T>,
) => {
  const runs: T[] = [];
  for (const count of counts) {
    while (running.length < count) running.push(await startExtraWorker());
    runs.push(await run(count));
    while (running.length > 1) await stopChild(running.pop() as Child);
  }
  return runs;
};

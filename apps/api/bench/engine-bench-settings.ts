/**
 * The engine bench's settings (sizes from the environment, documented at the top of engine.bench.ts), the issue's
 * targets, and the names of this run's tenants.
 */
import { randomBytes } from 'node:crypto';
import { envInt } from './bench-support';

export const CUSTOMERS = envInt('BENCH_CUSTOMERS', 10_000, 100, 5_000_000);
export const STATISTICS = envInt('BENCH_STATISTICS', 50, 1, 500);
/** The run is BENCH_EVENTS=200000; the default keeps a run to a few minutes on a shared machine. */
export const EVENTS = envInt('BENCH_EVENTS', 50_000, 1_000, 10_000_000);
export const BATCH = envInt('BENCH_BATCH', 500, 1, 1_000);
export const SENDERS = envInt('BENCH_SENDERS', 4, 1, 64);
export const WARMUP_EVENTS = envInt('BENCH_WARMUP_EVENTS', 2_000, 0, 100_000);
export const STEADY_RATE = envInt('BENCH_STEADY_RATE', 500, 1, 100_000);
export const STEADY_SECONDS = envInt('BENCH_STEADY_SECONDS', 30, 1, 3_600);
export const STEADY_BATCH = envInt('BENCH_STEADY_BATCH', 50, 1, 1_000);
export const ENGINE_BATCH_SIZE = envInt('ENGINE_BATCH_SIZE', 500, 1, 5_000);
/** Segments (issue 9): the client's own segments of the second tenant, and rules per segment. */
export const SEGMENTS = envInt('BENCH_SEGMENTS', 20, 1, 200);
export const SEGMENT_RULES = envInt('BENCH_SEGMENT_RULES', 3, 1, 20);
/** Events per tenant in the comparison with and without segments (two runs of half each, A B B A). */
export const SEGMENT_EVENTS = envInt('BENCH_SEGMENT_EVENTS', 20_000, 1_000, 10_000_000);
export const REBUILDS = envInt('BENCH_REBUILDS', 2, 1, 20);
export const PAGE_PLAYERS = envInt('BENCH_PAGE_PLAYERS', 100_000, 100, 10_000_000);
export const PAGE_REQUESTS = envInt('BENCH_PAGE_REQUESTS', 200, 1, 100_000);
export const PAGE_WARMUP = envInt('BENCH_PAGE_WARMUP', 20, 0, 10_000);
export const PAGE_SIZE = 15;
/** BENCH_CHALLENGES=0 leaves out the challenges scenario (challenges.bench-scenario.ts). */
export const RUN_CHALLENGES = process.env.BENCH_CHALLENGES !== '0';
/** BENCH_ECONOMY=0 leaves out the economy scenario (economy.bench-scenario.ts). */
export const RUN_ECONOMY = process.env.BENCH_ECONOMY !== '0';

/**
 * BENCH_WORKERS: the throughput phase runs once per worker count, in this order (default `1,2`); the first count's
 * run gives the headline figures and the floor's rows. Every other phase runs with one worker.
 */
const parseWorkerCounts = (text: string) => {
  const counts = text.split(',').map((part) => Number(part.trim()));
  if (counts.some((n) => !Number.isInteger(n) || n < 1 || n > 8) || new Set(counts).size !== counts.length)
    throw new Error(`BENCH_WORKERS must be distinct whole numbers from 1 to 8, comma-separated: "${text}"`);
  return counts;
};
export const WORKER_COUNTS = parseWorkerCounts(process.env.BENCH_WORKERS?.trim() || '1,2');

/** The targets (2 cores, 1 API + 1 worker process; two workers faster than one). */
export const TARGET_PROCESSED_PER_S = 2_000;
export const TARGET_P95_MS = 1_000;
export const TARGET_RSS_MB = 400;
export const TARGET_SEGMENT_RATIO = 0.7;
export const TARGET_REBUILD_MS = 5_000;
export const TARGET_PAGE_P95_MS = 50;

/** Wall-clock bounds: nothing here can run forever. */
export const SETTLE_STALL_MS = 120_000;
export const POLL_MS = 50;

export const PASSWORD = 'bench password 1';
export const RUN = randomBytes(4).toString('hex');
export const OWNER_EMAIL = `bench.engine.${RUN}@laurel.test`;
export const SEGMENTS_EMAIL = `bench.segments.${RUN}@laurel.test`;
export const PAGE_EMAIL = `bench.page.${RUN}@laurel.test`;
export const UNKNOWN_STATISTIC = 'noSuchBenchStatistic';

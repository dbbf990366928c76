/**
 * The engine bench's latency phase: a steady BENCH_STEADY_RATE events/s for BENCH_STEADY_SECONDS, acceptance
 * (events.received_at) to processed as seen by a reader polling the events table every 50 ms (commit-visible, so
 * never optimistic), and processed_at - received_at beside it (which leaves out the batch's own time).
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { assert, type cpuMeter, log, type Server, sleep } from './bench-support';
import { postBatch } from './engine-bench-posting';
import { POLL_MS, SETTLE_STALL_MS, STEADY_BATCH, STEADY_RATE, STEADY_SECONDS } from './engine-bench-settings';
import type { Tenant } from './engine-bench-tenants';

export const runSteady = async (
  server: Server,
  pool: pg.Pool,
  cpu: ReturnType<typeof cpuMeter>,
  tenant: Tenant,
) => {
  const { owner, apiKey, generator } = tenant;
  const steadyBatches = Math.ceil((STEADY_RATE * STEADY_SECONDS) / STEADY_BATCH);
  const intervalMs = (STEADY_BATCH / STEADY_RATE) * 1000;
  log(
    `steady: ${STEADY_RATE} events/s for ${STEADY_SECONDS} s (${STEADY_BATCH} every ${intervalMs.toFixed(0)} ms)`,
  );
  const outstanding = new Set<string>();
  const observed: number[] = [];
  const recorded: number[] = [];
  let steadyAccepted = 0;
  let posting = true;
  const watcher = (async () => {
    while (posting || outstanding.size > 0) {
      if (outstanding.size > 0) {
        const ids = [...outstanding];
        const rows = (
          await pool.query<{ external_id: string; received_ms: number; processed_ms: number | null }>(
            `SELECT external_id, extract(epoch FROM received_at) * 1000 AS received_ms,
                    extract(epoch FROM processed_at) * 1000 AS processed_ms
               FROM events WHERE client_id = $1 AND external_id = ANY($2::text[]) AND status <> 'accepted'`,
            [owner.clientId, ids],
          )
        ).rows;
        // Seen once the answer came back: the commit happened before, so this never flatters the engine.
        const seenAt = Date.now();
        for (const row of rows) {
          outstanding.delete(row.external_id);
          observed.push(seenAt - Number(row.received_ms));
          if (row.processed_ms !== null) recorded.push(Number(row.processed_ms) - Number(row.received_ms));
        }
      }
      await sleep(POLL_MS);
    }
  })();
  const steadyCpu = await cpu();
  const steadyStarted = performance.now();
  const steadyAgent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < steadyBatches; i += 1) {
    const due = steadyStarted + i * intervalMs;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    const planned = generator.batch(STEADY_BATCH);
    inFlight.push(
      postBatch(server, apiKey, planned, steadyAgent).then((posted) => {
        steadyAccepted += posted.accepted.length;
        for (const id of posted.accepted) outstanding.add(id);
      }),
    );
  }
  await Promise.all(inFlight);
  const steadyPostedSeconds = (performance.now() - steadyStarted) / 1000;
  posting = false;
  const watchDeadline = Date.now() + SETTLE_STALL_MS;
  await Promise.race([
    watcher,
    (async () => {
      while (Date.now() < watchDeadline && (posting || outstanding.size > 0)) await sleep(500);
      if (outstanding.size > 0) throw new Error(`steady: ${outstanding.size} events never processed`);
    })(),
  ]);
  const steadyCpuShares = await steadyCpu();
  steadyAgent.destroy();
  assert(
    observed.length === steadyAccepted,
    `steady: ${observed.length} of ${steadyAccepted} events seen processed`,
  );
  return {
    accepted: steadyAccepted,
    rate: steadyAccepted / steadyPostedSeconds,
    observedSorted: [...observed].sort((a, b) => a - b),
    recordedSorted: [...recorded].sort((a, b) => a - b),
    cpu: steadyCpuShares,
  };
};
export type Steady = Awaited<ReturnType<typeof runSteady>>;

/**
 * Posting events to the API and waiting until the worker has settled them: every answer is checked against the
 * plan, and the model learns what was accepted.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import {
  assert,
  type CpuShares,
  call,
  type cpuMeter,
  fmtInt,
  log,
  type Server,
  sleep,
} from './bench-support';
import type { Planned } from './engine-bench-events';
import { BATCH, POLL_MS, SENDERS, SETTLE_STALL_MS } from './engine-bench-settings';
import type { Tenant } from './engine-bench-tenants';

export type Posted = { ms: number; accepted: string[]; answered: number };

/** Posts one batch and checks every answer against the plan; the model learns what was accepted. */
export const postBatch = async (
  server: Server,
  apiKey: string,
  planned: Planned[],
  agent: http.Agent,
): Promise<Posted> => {
  const res = await call(server, 'POST', '/api/v1/events', {
    apiKey,
    agent,
    body: { events: planned.map((p) => p.event) },
  });
  assert(res.status === 200, `POST /api/v1/events answered ${res.status}: ${res.body.slice(0, 500)}`);
  const answers = res.json?.content as { id: string; status: string; error?: string }[] | undefined;
  assert(
    Array.isArray(answers) && answers.length === planned.length,
    `POST /api/v1/events: ${answers?.length} answers for ${planned.length} events`,
  );
  const accepted: string[] = [];
  planned.forEach((plan, index) => {
    const answer = answers[index] as { id: string; status: string; error?: string };
    const where = `event ${index} (${plan.event.id}, ${plan.event.type})`;
    assert(answer.id === plan.event.id, `${where}: answered for id ${answer.id}`);
    assert(
      answer.status === plan.answer || answer.status === plan.orAnswer,
      `${where}: answered ${answer.status}${answer.error ? ` (${answer.error})` : ''}, expected ${plan.answer}`,
    );
    if (plan.answer === 'rejected')
      assert(
        answer.error === plan.error,
        `${where}: rejected with "${answer.error}", expected "${plan.error}"`,
      );
    if (plan.answer === 'accepted' && answer.status === 'accepted') {
      accepted.push(plan.event.id);
      plan.apply?.();
    }
  });
  return { ms: res.ms, accepted, answered: planned.length };
};

export const pendingCount = async (pool: pg.Pool, clientId: string) =>
  Number(
    (
      await pool.query("SELECT count(*) AS n FROM event_queue WHERE status = 'accepted' AND client_id = $1", [
        clientId,
      ])
    ).rows[0].n,
  );

/**
 * Waits until none of the client's events is waiting, and resolves to when it saw that. Looks every 50 ms with a
 * query of the engine's own queue (`event_queue`, never the log) that stops at the first waiting event (counting a large backlog that often would slow the worker down);
 * counts every 10 s for the log, and fails when nothing moved for SETTLE_STALL_MS.
 */
export const waitSettled = async (pool: pg.Pool, clientId: string, label: string) => {
  let last = -1;
  let lastChange = Date.now();
  let lastCount = Date.now();
  for (;;) {
    const waiting = (
      await pool.query<{ waiting: boolean }>(
        "SELECT EXISTS (SELECT 1 FROM event_queue WHERE status = 'accepted' AND client_id = $1) AS waiting",
        [clientId],
      )
    ).rows[0]?.waiting;
    const now = performance.now();
    if (!waiting) return now;
    if (Date.now() - lastCount > 10_000) {
      lastCount = Date.now();
      const pending = await pendingCount(pool, clientId);
      log(`${label}: ${fmtInt(pending)} events waiting`);
      if (pending !== last) {
        last = pending;
        lastChange = Date.now();
      } else if (Date.now() - lastChange > SETTLE_STALL_MS) {
        const stuck = (
          await pool.query(
            `SELECT e.external_id, e.type, e.attempts, e.error FROM event_queue q
               JOIN events e ON e.id = q.event_id AND e.received_at = q.received_at
              WHERE q.status = 'accepted' AND q.client_id = $1 ORDER BY q.seq LIMIT 5`,
            [clientId],
          )
        ).rows;
        throw new Error(
          `${label}: ${pending} events waited ${SETTLE_STALL_MS / 1000} s: ${JSON.stringify(stuck)}`,
        );
      }
    }
    await sleep(POLL_MS);
  }
};

export type Pushed = { accepted: number; seconds: number; cpu: CpuShares };

/** Posts `count` events of the tenant's mix by SENDERS senders, each answer checked; resolves to those accepted. */
export const postBacklog = async (server: Server, tenant: Tenant, count: number) => {
  const batches = Math.ceil(count / BATCH);
  let next = 0;
  let accepted = 0;
  const agents = Array.from({ length: SENDERS }, () => new http.Agent({ keepAlive: true, maxSockets: 1 }));
  await Promise.all(
    agents.map(async (agent) => {
      while (next < batches) {
        const index = next++;
        const planned = tenant.generator.batch(Math.min(BATCH, count - index * BATCH));
        // Awaited first: `accepted += await …` reads `accepted` before the await and loses other senders' counts.
        const answer = await postBatch(server, tenant.apiKey, planned, agent);
        accepted += answer.accepted.length;
      }
    }),
  );
  for (const agent of agents) agent.destroy();
  return accepted;
};

/** Posts `count` events of a tenant by SENDERS senders and waits until all are processed. */
export const pushEvents = async (
  server: Server,
  pool: pg.Pool,
  cpu: ReturnType<typeof cpuMeter>,
  tenant: Tenant,
  count: number,
): Promise<Pushed> => {
  const meter = await cpu();
  const started = performance.now();
  const accepted = await postBacklog(server, tenant, count);
  const settledAt = await waitSettled(pool, tenant.owner.clientId, tenant.label);
  return { accepted, seconds: (settledAt - started) / 1000, cpu: await meter() };
};

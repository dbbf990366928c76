/**
 * The engine bench's webhooks (issue 28: its targets hold "with webhook endpoints configured on the tenant"): a
 * receiver in a process of its own, answering after BENCH_RECEIVER_MS (5), and on every tenant of the bench an
 * endpoint subscribed to every event type, so every effect also writes its outbox rows and the worker's dispatcher
 * sends them beside the engine. BENCH_WEBHOOK_ENDPOINTS=0 leaves them out (the runs before issue 26 had none).
 * Between phases the bench waits until every delivery is made, so that one phase's deliveries are not sent during
 * the next one's measurement.
 */
import { performance } from 'node:perf_hooks';
import { WEBHOOK_EVENT_TYPES } from '@laurel/contract';
import type pg from 'pg';
import { assert, type Defer, envInt, fmtInt, log, must, type Server, sleep } from './bench-support';
import { startReceiverProcess, WEBHOOK_ENV } from './webhook-receiver';

export const WEBHOOK_ENDPOINTS = process.env.BENCH_WEBHOOK_ENDPOINTS !== '0';
const RECEIVER_MS = envInt('BENCH_RECEIVER_MS', 5, 0, 10_000);
const DRAIN_STALL_MS = 120_000;

let receiverUrl: string | null = null;

/** Starts the receiver (when endpoints are on); the environment the API and the workers need to deliver to it. */
export const startWebhookReceiver = async (defer: Defer): Promise<Record<string, string>> => {
  if (!WEBHOOK_ENDPOINTS) return {};
  const receiver = await startReceiverProcess(RECEIVER_MS);
  defer('stopping the webhook receiver', () => receiver.stop());
  receiverUrl = receiver.url;
  log(`webhook receiver on ${receiver.url} (answers after ${RECEIVER_MS} ms); every tenant gets an endpoint`);
  return WEBHOOK_ENV;
};

/** An endpoint of every event type on the signed-in client (`token`), when endpoints are on. */
export const subscribeEveryType = async (server: Server, token: string) => {
  if (!receiverUrl) return;
  const created = await must(server, 'POST', '/api/integrations/webhooks', {
    token,
    body: { url: receiverUrl, event_types: [...WEBHOOK_EVENT_TYPES], active: true },
  });
  assert(typeof created?.content?._id === 'string', `no endpoint in ${JSON.stringify(created)}`);
};

/** Waits until no delivery is pending; resolves to the seconds it took and how many were delivered meanwhile. */
export const waitDelivered = async (pool: pg.Pool, label: string) => {
  if (!receiverUrl) return null;
  const started = performance.now();
  const count = async () =>
    (
      await pool.query<{ pending: number; delivered: number; failed: number }>(
        `SELECT count(*) FILTER (WHERE status = 'pending')::int AS pending,
                count(*) FILTER (WHERE status = 'delivered')::int AS delivered,
                count(*) FILTER (WHERE status NOT IN ('pending', 'delivered'))::int AS failed
           FROM webhook_deliveries`,
      )
    ).rows[0] as { pending: number; delivered: number; failed: number };
  const before = await count();
  let last = before.pending;
  let lastChange = Date.now();
  for (let now = before; ; now = await count()) {
    assert(now.failed === 0, `${label}: ${now.failed} webhook deliveries failed`);
    if (now.pending === 0) {
      const seconds = (performance.now() - started) / 1000;
      if (seconds > 0.5)
        log(
          `${label}: every webhook delivered (${fmtInt(now.delivered - before.delivered)} in ${seconds.toFixed(1)} s)`,
        );
      return { seconds, delivered: now.delivered };
    }
    if (now.pending !== last) {
      last = now.pending;
      lastChange = Date.now();
    } else if (Date.now() - lastChange > DRAIN_STALL_MS)
      throw new Error(`${label}: ${now.pending} webhook deliveries pending for ${DRAIN_STALL_MS / 1000} s`);
    await sleep(100);
  }
};

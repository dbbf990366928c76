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

/** Deliveries made as of the last wait, for the next one's log line. */
let deliveredBefore = 0;

/** Waits until no delivery is pending; resolves to the seconds it took and how many were delivered in all. */
export const waitDelivered = async (pool: pg.Pool, label: string) => {
  if (!receiverUrl) return null;
  const started = performance.now();
  // Polled: the queue (the pending deliveries) and the few failed ones, each by its own index. The whole outbox is
  // counted once at the end: scanning it every 100 ms took more of PostgreSQL than some phases, and filled its
  // buffers with the outbox's pages just before the next timed phase.
  const poll = async () =>
    (
      await pool.query<{ pending: number; failed: number }>(
        `SELECT (SELECT count(*) FROM webhook_queue)::int AS pending,
                (SELECT count(*) FROM webhook_deliveries WHERE status = 'failed')::int AS failed`,
      )
    ).rows[0] as { pending: number; failed: number };
  let last = -1;
  let lastChange = Date.now();
  for (let now = await poll(); ; now = await poll()) {
    assert(now.failed === 0, `${label}: ${now.failed} webhook deliveries failed`);
    if (now.pending === 0) break;
    if (now.pending !== last) {
      last = now.pending;
      lastChange = Date.now();
    } else if (Date.now() - lastChange > DRAIN_STALL_MS)
      throw new Error(`${label}: ${now.pending} webhook deliveries pending for ${DRAIN_STALL_MS / 1000} s`);
    await sleep(100);
  }
  const seconds = (performance.now() - started) / 1000;
  const [row] = (
    await pool.query<{ delivered: number }>(
      `SELECT count(*)::int AS delivered FROM webhook_deliveries WHERE status = 'delivered'`,
    )
  ).rows;
  const delivered = row?.delivered ?? 0;
  if (seconds > 0.5)
    log(
      `${label}: every webhook delivered (${fmtInt(delivered - deliveredBefore)} since the last wait, in ${seconds.toFixed(1)} s)`,
    );
  deliveredBefore = delivered;
  return { seconds, delivered };
};

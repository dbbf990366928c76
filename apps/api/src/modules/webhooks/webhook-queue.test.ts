import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCurrency } from '../../../test/economy-helpers';
import { addCustomer, type SignedIn } from '../../../test/factories';
import { createClientApp, type TestApp } from '../../../test/test-app';
import { type Receiver, startReceiver } from '../../../test/webhook-receiver';
import { jsonColumn, rowsOf } from '../../db/raw-sql';
import { createLogger } from '../../logger';
import { claimDue, claimDueSql, claimedDeliveriesSql } from './delivery-store';
import { createWebhookDispatcher } from './dispatcher';

/*
 * webhook_queue (migration 0036) holds the deliveries still to send, kept by triggers from the deliveries' own
 * status: whatever writes the outbox queues its rows, whatever finishes a delivery takes it out. The claim reads the
 * queue and leases there, and reads the deliveries' history only by key, however much of it there is.
 */

type PlanNode = { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; Plans?: PlanNode[] };
const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

let t: TestApp;
let admin: SignedIn;
let call: Awaited<ReturnType<typeof createClientApp>>['call'];
let receiver: Receiver;

beforeAll(async () => {
  // Two retries, an hour then two after the first try: a failed try leaves its delivery waiting in the queue.
  ({ t, admin, call } = await createClientApp('BUSINESS', { env: { WEBHOOK_RETRY_SCHEDULE: '3600,7200' } }));
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});

type QueueRow = { id: string; seq: string; endpoint_id: string; next_attempt_at: string; attempts: number };

/** The queue beside what the deliveries say is pending: they must be the same rows with the same values. */
const queueAndPending = async () => {
  const read = (from: string) =>
    t.ctx.database.query<QueueRow>(
      `SELECT ${from === 'q' ? 'q.delivery_id' : 'd.id'} AS id, d.seq::text AS seq, d.endpoint_id,
              ${from}.next_attempt_at::text AS next_attempt_at, ${from}.attempts
         FROM webhook_deliveries d ${from === 'q' ? 'JOIN webhook_queue q ON q.delivery_id = d.id' : "WHERE d.status = 'pending'"}
        ORDER BY 1`,
    );
  return { queue: await read('q'), pending: await read('d') };
};

const addEndpoint = async () => {
  const res = await call('POST', '/api/integrations/webhooks', {
    url: receiver.url,
    event_types: ['wallet.credited'],
    active: true,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().content as { _id: string };
};

const credit = async (customer: string, currency: string) => {
  const res = await call('POST', `/api/economy/customers/${customer}/adjustments`, {
    currency,
    direction: 'credit',
    amount: 5,
    reason: 'Queue',
  });
  expect(res.statusCode, res.body).toBe(200);
};

describe('the webhook queue', () => {
  it('holds exactly the pending deliveries: queued when written, kept with its next try after a failure, gone when delivered or its endpoint deleted', async () => {
    const endpoint = await addEndpoint();
    const currency = await createCurrency(t.app, admin);
    const customer = await addCustomer(t.app, admin);

    await credit(customer, currency._id);
    let state = await queueAndPending();
    expect(state.queue).toHaveLength(1);
    expect(state.queue).toEqual(state.pending);
    expect(state.queue[0]).toMatchObject({ endpoint_id: endpoint._id, attempts: 0 });

    // The receiver fails: the delivery waits an hour for its retry, in the queue with that time and unleased.
    receiver.answerNext(500);
    await t.ctx.webhooks.drain();
    state = await queueAndPending();
    expect(state.queue).toHaveLength(1);
    expect(state.queue).toEqual(state.pending);
    expect(state.queue[0]?.attempts).toBe(1);
    // An hour less its jitter (±20%: 2,880 s at the least).
    expect(new Date(state.queue[0]?.next_attempt_at as string).getTime()).toBeGreaterThan(
      Date.now() + 2_800_000,
    );
    const [lease] = await t.ctx.database.query<{ leased_until: string | null }>(
      'SELECT leased_until FROM webhook_queue WHERE delivery_id = $1',
      [state.queue[0]?.id],
    );
    expect(lease?.leased_until).toBeNull();

    // A resend delivers it: it leaves the queue.
    const resent = await call('POST', `/api/integrations/webhook-deliveries/${state.queue[0]?.id}/resend`);
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json().content).toMatchObject({ status: 'delivered', attempts: 2 });
    state = await queueAndPending();
    expect(state).toEqual({ queue: [], pending: [] });

    // Sent at once by the dispatcher: in and out again.
    await credit(customer, currency._id);
    expect((await queueAndPending()).queue).toHaveLength(1);
    await t.ctx.webhooks.drain();
    expect(await queueAndPending()).toEqual({ queue: [], pending: [] });

    // Waiting when its endpoint is deleted: it goes with the endpoint's deliveries.
    receiver.answerNext(500);
    await credit(customer, currency._id);
    await t.ctx.webhooks.drain();
    expect((await queueAndPending()).queue).toHaveLength(1);
    expect((await call('DELETE', `/api/integrations/webhooks/${endpoint._id}`)).statusCode).toBe(200);
    expect(await queueAndPending()).toEqual({ queue: [], pending: [] });
  });

  it('a failed manual resend is an extra try: the next automatic try keeps its time and the schedule its steps', async () => {
    const endpoint = await addEndpoint();
    const currency = await createCurrency(t.app, admin);
    const customer = await addCustomer(t.app, admin);
    await credit(customer, currency._id);
    receiver.answerNext(500);
    await t.ctx.webhooks.drain();
    const [waiting] = (await queueAndPending()).queue;
    if (!waiting) throw new Error('no delivery waiting');
    const deliveries = async () =>
      (await call('GET', `/api/integrations/webhooks/${endpoint._id}/deliveries`)).json().content as {
        _id: string;
        status: string;
        attempts: number;
        next_attempt_at: string | null;
      }[];
    const [retrying] = await deliveries();
    expect(retrying).toMatchObject({ _id: waiting.id, status: 'retrying', attempts: 1 });
    const nextTry = retrying?.next_attempt_at;

    // Resent by hand and refused again: tried and logged, nothing else changes.
    receiver.answerNext(500);
    const resent = await call('POST', `/api/integrations/webhook-deliveries/${waiting.id}/resend`);
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json().message).toMatch(/^Not delivered/);
    expect(resent.json().content).toMatchObject({
      status: 'retrying',
      attempts: 2,
      next_attempt_at: nextTry,
    });
    expect(resent.json().content.attempt_log).toHaveLength(2);
    const state = await queueAndPending();
    expect(state.queue).toEqual(state.pending);
    expect(state.queue).toMatchObject([{ id: waiting.id, next_attempt_at: waiting.next_attempt_at }]);
    const [lease] = await t.ctx.database.query<{ leased_until: string | null }>(
      'SELECT leased_until FROM webhook_queue WHERE delivery_id = $1',
      [waiting.id],
    );
    expect(lease?.leased_until).toBeNull();

    // The hour passes and the automatic retry fails: the schedule's second step follows (two hours, ±20%), as it
    // would have without the resend; the delivery has not spent its schedule, its endpoint stays on.
    await t.ctx.database.query(
      `UPDATE webhook_deliveries SET next_attempt_at = now() - interval '1 second' WHERE id = $1`,
      [waiting.id],
    );
    receiver.answerNext(500);
    await t.ctx.webhooks.drain();
    const [again] = await deliveries();
    expect(again).toMatchObject({ status: 'retrying', attempts: 3 });
    expect(new Date(again?.next_attempt_at as string).getTime()).toBeGreaterThan(Date.now() + 5_700_000);
    const endpoints = (await call('GET', '/api/integrations/webhooks')).json().content as {
      _id: string;
      active: boolean;
    }[];
    expect(endpoints.find((item) => item._id === endpoint._id)?.active).toBe(true);

    // Resent by hand and delivered: done, nothing more is tried.
    const delivered = await call('POST', `/api/integrations/webhook-deliveries/${waiting.id}/resend`);
    expect(delivered.json().content).toMatchObject({
      status: 'delivered',
      attempts: 4,
      next_attempt_at: null,
    });
    expect(await queueAndPending()).toEqual({ queue: [], pending: [] });
    const sent = receiver.received.length;
    await t.ctx.webhooks.drain();
    expect(receiver.received).toHaveLength(sent);
  });

  it('keeps its queue vacuumed from the dispatcher: after results are written, beside the sending', async () => {
    await addEndpoint();
    const currency = await createCurrency(t.app, admin);
    const customer = await addCustomer(t.app, admin);
    const upkeeps: unknown[] = [];
    const dispatcher = createWebhookDispatcher({
      database: t.ctx.database,
      config: t.ctx.config,
      log: createLogger('silent'),
      mail: t.ctx.mail,
      upkeep: {
        run: async (database) => {
          // Spends and redemptions send webhooks while the engine sleeps: its own upkeep would not run.
          upkeeps.push({ database, queued: (await queueAndPending()).queue.length });
          return false;
        },
      },
    });
    await dispatcher.drain();
    expect(upkeeps).toEqual([]);
    await credit(customer, currency._id);
    await dispatcher.drain();
    // Not awaited by the sending: it runs on its own once the result (the queue row's removal) is written.
    await expect.poll(() => upkeeps).toEqual([{ database: t.ctx.database, queued: 0 }]);
  });

  it('a claim reads the deliveries only by key, whatever their history, and leases what it took', async () => {
    const endpoint = await addEndpoint();
    // 20,000 deliveries made, then 500 waiting, one customer each; the planner's statistics taken with all of them.
    await t.ctx.database.query(
      `INSERT INTO webhook_deliveries (id, client_id, endpoint_id, webhook_id, event_type, customer_id, payload,
                                       status, attempts, delivered_at)
       SELECT substr(md5('history' || n), 1, 24), $1, $2, 'wh_history_' || n, 'wallet.credited', 'c' || n,
              '{}'::jsonb, 'delivered', 1, now()
       FROM generate_series(1, 20000) AS n`,
      [admin.clientId, endpoint._id],
    );
    await t.ctx.database.query(
      `INSERT INTO webhook_deliveries (id, client_id, endpoint_id, webhook_id, event_type, customer_id, payload)
       SELECT substr(md5('waiting' || n), 1, 24), $1, $2, 'wh_waiting_' || n, 'wallet.credited', 'w' || n, '{}'::jsonb
       FROM generate_series(1, 500) AS n`,
      [admin.clientId, endpoint._id],
    );
    await t.ctx.database.query('ANALYZE webhook_deliveries');
    await t.ctx.database.query('ANALYZE webhook_queue');

    // The plans: the lease reads no delivery, and what is sent is read by the deliveries' primary key only.
    const deliveryReads = async (statement: SQL) => {
      const [explained] = await rowsOf<{ 'QUERY PLAN': unknown }>(
        t.ctx.database.db,
        sql`EXPLAIN (FORMAT JSON) ${statement}`,
      );
      const plan = jsonColumn(explained?.['QUERY PLAN'] as object) as { Plan: PlanNode }[];
      return nodesOf(plan[0]?.Plan as PlanNode)
        .filter((node) => node['Relation Name'] === 'webhook_deliveries')
        .map((node) => `${node['Node Type']} ${node['Index Name']}`);
    };
    expect(await deliveryReads(claimDueSql(100, [], 60))).toEqual([]);
    const ids = Array.from({ length: 100 }, (_, i) => `id${i}`);
    expect(await deliveryReads(claimedDeliveriesSql(ids))).toEqual(['Index Scan webhook_deliveries_pkey']);

    const claimed = await claimDue(t.ctx.database.db, 100, [], 60);
    expect(claimed).toHaveLength(100);
    // Oldest first.
    expect(claimed.map((delivery) => delivery.webhookId)).toEqual(
      Array.from({ length: 100 }, (_, i) => `wh_waiting_${i + 1}`),
    );
    const [leased] = await t.ctx.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM webhook_queue WHERE leased_until > now()',
    );
    expect(leased?.n).toBe(100);
    // The next claim takes the next ones.
    const next = await claimDue(t.ctx.database.db, 100, [], 60);
    expect(next[0]?.webhookId).toBe('wh_waiting_101');
  });
});

import { WEBHOOK_HEADERS } from '@laurel/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { TConfig } from '../../config';
import type { Database } from '../../db/database';
import { listenForNotifications, type NotificationListener } from '../../db/notifications';
import { rowsOf } from '../../db/raw-sql';
import { clientUsers, webhookEndpoints } from '../../db/schema';
import type { EngineTask } from '../../engine/core/engine';
import type { MailProvider } from '../../providers/mail';
import {
  type AttemptOutcome,
  type ClaimedDelivery,
  claimDue,
  leaseOne,
  nextDueAt,
  recordAttempts,
} from './delivery-store';
import { DEFAULT_RETRY_SCHEDULE, retryDelayMs } from './retry-schedule';
import { createSemaphore, type Semaphore } from './semaphore';
import { createSender, DELIVERY_TIMEOUT_MS } from './sender';
import { signatureHeader } from './signature';

const CLAIM_LIMIT = 200;
/**
 * While the engine beside it has a backlog, the dispatcher sends at most this many every YIELD_MS (200/s): the
 * effects come first on a shared machine, and the deliveries catch up as soon as the backlog is gone.
 */
const YIELD_CLAIM = 50;
const YIELD_MS = 250;
/** Results are written together: every this many ms, or sooner when this many have gathered. */
const FLUSH_MS = 50;
const FLUSH_AT = 200;
/**
 * Woken from idle by a new row, the dispatcher lets this long pass before it claims, so a trickle of effects (a spend
 * every few ms, each its own transaction and wake-up) is claimed, sent and written in batches of many rather than one
 * claim, one result write and one look for the next due per delivery. Latency bought: this many ms a delivery.
 */
const GATHER_MS = 25;
/** A claim smaller than this is a trickle's, and the next claim waits until GATHER_MS after it. */
const GATHER_BELOW = 50;
/** An idle dispatcher looks anyway this often (a lost wake-up, a retry falling due). */
const IDLE_POLL_MS = 30_000;
/**
 * Nothing could be claimed, nothing of this process is in flight, yet something is due: it waits behind an earlier
 * delivery of its customer that another sender holds. Looked at again this often rather than at once (that was a
 * busy loop of queries for as long as the other sender held it: up to a lease, 60 s, when that sender had died).
 * New rows still wake the loop at once.
 */
const BLOCKED_POLL_MS = 250;
export const ENDPOINT_DISABLED_REASON =
  'Deliveries failed for 3 days; switch it on again once the receiver answers.';

/**
 * Sends the outbox (DESIGN §10). Claims due deliveries, sends each endpoint's with at most `concurrency` in flight
 * (one slow receiver cannot hold back the others), each customer's in order, and writes results in batches.
 * A failed try is retried on the schedule; a spent schedule fails the delivery, switches the endpoint off and mails
 * the business's admins. At least once: a crash after a send and before its result is written sends it again.
 */
export const createWebhookDispatcher = (deps: {
  database: Database;
  config: TConfig;
  log: FastifyBaseLogger;
  mail: MailProvider;
  /** True while the engine in this process has a backlog: sending then slows down to leave it the machine. */
  yieldTo?: () => boolean;
  /** Told what each set of written results came to (the operator's metrics). */
  onResults?: (tally: { delivered: number; failed: number; gaveUp: number }) => void;
  /**
   * Keeps `webhook_queue` vacuumed (engine/core/queue-upkeep.ts), run after results are written: each delivery
   * leaves dead rows there that the claim reads until a VACUUM, and the engine's own upkeep runs only when events do.
   */
  upkeep?: EngineTask;
}) => {
  const { db } = deps.database;
  const settings = deps.config.webhooks;
  const schedule = settings.retrySchedule ?? DEFAULT_RETRY_SCHEDULE;
  const sender = createSender(settings, settings.concurrency);
  const endpointSlots = new Map<string, Semaphore>();
  const slotsOf = (endpointId: string) => {
    let slots = endpointSlots.get(endpointId);
    if (!slots) {
      slots = createSemaphore(settings.concurrency);
      endpointSlots.set(endpointId, slots);
    }
    return slots;
  };

  let pending: AttemptOutcome[] = [];
  let flushTimer: NodeJS.Timeout | null = null;
  let flushing: Promise<void> = Promise.resolve();
  const inFlight = new Set<Promise<void>>();
  /**
   * Resolved when any send ends. The loop waits on this rather than on Promise.race over every send in flight: each
   * race adds a reaction to every pending send, so a race per ended send cost a quadratic number of reactions (the
   * worker's profile showed them, with the garbage they left, as the most of its own CPU at full speed).
   */
  let sendEnded: { promise: Promise<void>; resolve: () => void } | null = null;
  const nextSendEnd = () => {
    if (!sendEnded) {
      let resolve = () => {};
      const promise = new Promise<void>((done) => {
        resolve = done;
      });
      sendEnded = { promise, resolve };
    }
    return sendEnded.promise;
  };

  /** One try; a resend is an extra one, no step of the schedule, so it computes no next try. */
  const send = async (delivery: ClaimedDelivery, resend = false) => {
    const attemptedAt = new Date();
    const result = await sender.send(delivery.url, delivery.payload, {
      [WEBHOOK_HEADERS.id]: delivery.webhookId,
      [WEBHOOK_HEADERS.eventType]: delivery.eventType,
      [WEBHOOK_HEADERS.signature]: signatureHeader(delivery.secret, delivery.payload, attemptedAt),
    });
    // The schedule counts the automatic tries only: resends (manual) are extra tries beside it.
    const delay =
      result.delivered || resend ? null : retryDelayMs(schedule, delivery.attempts - delivery.resends + 1);
    return {
      delivery,
      result,
      attemptedAt,
      nextAttemptAt: delay === null ? null : new Date(Date.now() + delay),
      resend,
    } satisfies AttemptOutcome;
  };

  const disableAndTell = async (gaveUp: { endpoint_id: string; client_id: string }[]) => {
    for (const endpointId of new Set(gaveUp.map((row) => row.endpoint_id))) {
      await db.transaction(async (tx) => {
        const [endpoint] = await tx
          .update(webhookEndpoints)
          .set({ active: false, disabledReason: ENDPOINT_DISABLED_REASON, updatedAt: new Date() })
          .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.active, true)))
          .returning();
        if (!endpoint) return;
        const admins = await tx
          .select({ email: clientUsers.email })
          .from(clientUsers)
          .where(
            and(
              eq(clientUsers.clientId, endpoint.clientId),
              eq(clientUsers.role, 'ADMIN'),
              eq(clientUsers.status, 'ACTIVE'),
            ),
          );
        for (const admin of admins) {
          await deps.mail.enqueue(tx, {
            to: admin.email,
            kind: 'webhook-endpoint-disabled',
            subject: 'A webhook endpoint was switched off',
            text: [
              `Laurel could not deliver webhooks to ${endpoint.url} for 3 days, so it has switched the endpoint off.`,
              'Deliveries that failed stay listed under Settings → Integrations → Webhooks, where you can resend them',
              'and switch the endpoint on again once the receiver answers with a 2xx.',
            ].join('\n'),
          });
        }
        deps.log.warn(
          { endpointId, url: endpoint.url },
          'webhook endpoint switched off after 3 days of failures',
        );
      });
    }
    await deps.mail.flush();
  };

  const tell = (outcomes: readonly AttemptOutcome[], gaveUp: number) => {
    const delivered = outcomes.filter((outcome) => outcome.result.delivered).length;
    deps.onResults?.({ delivered, failed: outcomes.length - delivered, gaveUp });
  };

  const flush = async () => {
    if (flushTimer) clearTimeout(flushTimer);
    flushTimer = null;
    const batch = pending;
    pending = [];
    if (batch.length === 0) return;
    const gaveUp = await recordAttempts(db, batch);
    tell(batch, gaveUp.length);
    keepQueue();
    if (gaveUp.length > 0) await disableAndTell(gaveUp);
  };
  let upkeeping = false;
  /** Beside the sending, never in the results' chain: a vacuum must not hold up the next results. */
  const keepQueue = () => {
    if (!deps.upkeep || upkeeping) return;
    upkeeping = true;
    deps.upkeep
      .run(deps.database)
      .catch((error) => deps.log.warn({ err: error }, 'webhook queue upkeep failed'))
      .finally(() => {
        upkeeping = false;
      });
  };
  const queueFlush = () => {
    flushing = flushing
      .then(flush)
      .catch((error) => deps.log.error({ err: error }, 'writing webhook results failed'));
    return flushing;
  };
  const recordLater = (outcome: AttemptOutcome) => {
    pending.push(outcome);
    if (pending.length >= FLUSH_AT) void queueFlush();
    else if (!flushTimer) flushTimer = setTimeout(() => void queueFlush(), FLUSH_MS);
  };

  /**
   * Sends one customer's claimed deliveries of one endpoint in order, each holding one of the endpoint's slots. A
   * send starts only while the claim's lease will outlast it (its 10 s limit), judged once it holds its slot: past
   * its lease another sender may claim a delivery, and sending it here too would send it twice. What is left waits,
   * still leased and in order, for the lease to end and the next claim (a slow receiver's or a full endpoint's case).
   */
  const sendInOrder = async (group: ClaimedDelivery[], leaseEnds: number) => {
    for (const delivery of group) {
      const slots = slotsOf(delivery.endpointId);
      await slots.acquire();
      try {
        if (Date.now() + DELIVERY_TIMEOUT_MS >= leaseEnds) return;
        recordLater(await send(delivery));
      } finally {
        slots.release();
      }
    }
  };

  const busyEndpoints = () =>
    [...endpointSlots.entries()]
      .filter(([, slots]) => slots.load() >= settings.concurrency * 4)
      .map(([id]) => id);

  /** Claims what is due now and starts sending it; answers how many were claimed. */
  const claimAndSend = async (excluded: readonly string[] = busyEndpoints(), limit = CLAIM_LIMIT) => {
    // Read before the claim: the lease the database gives runs from later, never earlier, than this.
    const leaseEnds = Date.now() + settings.leaseSeconds * 1000;
    const claimed = await claimDue(db, limit, excluded, settings.leaseSeconds);
    const groups = new Map<string, ClaimedDelivery[]>();
    for (const delivery of claimed) {
      const key = `${delivery.endpointId}\u0000${delivery.customerId ?? delivery.id}`;
      const group = groups.get(key);
      if (group) group.push(delivery);
      else groups.set(key, [delivery]);
    }
    for (const group of groups.values()) {
      const task = sendInOrder(group, leaseEnds).catch((error) =>
        deps.log.error({ err: error }, 'webhook send failed'),
      );
      inFlight.add(task);
      void task.finally(() => {
        inFlight.delete(task);
        const ended = sendEnded;
        sendEnded = null;
        ended?.resolve();
      });
    }
    return claimed.length;
  };

  /** Sends everything due until nothing is (tests; the bench): results written before it answers. */
  const drain = async () => {
    for (;;) {
      const claimed = await claimAndSend();
      await Promise.all([...inFlight]);
      await queueFlush();
      if (claimed === 0) return;
    }
  };

  /** A test send or a resend: one delivery now, its result written before answering. Null: not the client's. */
  const deliverNow = async (clientId: string, deliveryId: string, options: { resend: boolean }) => {
    const delivery = await leaseOne(db, clientId, deliveryId, settings.leaseSeconds);
    if (!delivery) return null;
    const outcome = await send(delivery, options.resend);
    const gaveUp = await recordAttempts(db, [outcome]);
    tell([outcome], gaveUp.length);
    if (gaveUp.length > 0) await disableAndTell(gaveUp);
    return outcome.result;
  };

  // The loop: claim while there is work and room; otherwise sleep until woken, the next retry, or the idle poll.
  let running = false;
  let stopped: Promise<void> | null = null;
  let wake: (() => void) | null = null;
  let woken = false;
  let listener: NotificationListener | null = null;
  /** Resolves true when woken (a new row, stop), false when the time ran out. */
  const sleep = (ms: number) =>
    new Promise<boolean>((resolve) => {
      if (woken) {
        woken = false;
        resolve(true);
        return;
      }
      const timer = setTimeout(() => {
        wake = null;
        resolve(false);
      }, ms);
      wake = () => {
        clearTimeout(timer);
        wake = null;
        resolve(true);
      };
    });
  const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
  const wakeUp = () => {
    if (wake) wake();
    else woken = true;
  };

  const loop = async () => {
    while (running) {
      try {
        if (deps.yieldTo?.()) {
          await claimAndSend(busyEndpoints(), YIELD_CLAIM);
          await sleep(YIELD_MS);
          continue;
        }
        const excluded = busyEndpoints();
        const claimedAt = Date.now();
        const claimed = await claimAndSend(excluded);
        if (claimed >= CLAIM_LIMIT) {
          // More may be due: claim again at once, unless every slot is taken; then wait for a send to end.
          if (inFlight.size >= CLAIM_LIMIT) await nextSendEnd();
          continue;
        }
        if (excluded.length > 0) {
          // Endpoints this process keeps busy were left out of the claim and may have more due: claim again as soon
          // as they have room (no query meanwhile), so a fast receiver's queue does not run dry between claims.
          while (running && inFlight.size > 0 && busyEndpoints().length > 0) await nextSendEnd();
          continue;
        }
        if (inFlight.size > 0) {
          // What is due may wait behind this process's own sends (a customer's next delivery): once they are
          // written, claim again at once.
          await Promise.all([...inFlight]);
          await queueFlush();
          // A steady trickle (a spend every few ms) is claimed every GATHER_MS at most, as one from idle is: claiming
          // again the moment these sends end took a claim and a result write for every few deliveries.
          const since = Date.now() - claimedAt;
          if (claimed < GATHER_BELOW && since < GATHER_MS) await pause(GATHER_MS - since);
          continue;
        }
        await queueFlush();
        const due = await nextDueAt(db);
        const wait = due
          ? Math.max(BLOCKED_POLL_MS, Math.min(IDLE_POLL_MS, due.getTime() - Date.now()))
          : IDLE_POLL_MS;
        // A new row woke it: let the rows of the next few ms gather and take them together.
        if ((await sleep(wait)) && running) await pause(GATHER_MS);
      } catch (error) {
        deps.log.error({ err: error }, 'webhook dispatcher failed; trying again in 1 s');
        await sleep(1_000);
      }
    }
    await Promise.all([...inFlight]);
    await queueFlush();
  };

  return {
    start: async () => {
      if (running) return;
      running = true;
      listener = await listenForNotifications(
        deps.database,
        'laurel_webhooks',
        { message: wakeUp, deliveredUpTo: () => {}, lost: wakeUp },
        'laurel webhook dispatcher',
        { heartbeat: 'off' },
      );
      stopped = loop();
    },
    stop: async () => {
      running = false;
      wakeUp();
      await stopped;
      await listener?.close();
      await sender.close();
    },
    drain,
    deliverNow,
    /** Deliveries waiting (tests, metrics). */
    pendingCount: async () =>
      Number((await rowsOf<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM webhook_queue`))[0]?.n ?? 0),
  };
};
export type WebhookDispatcher = ReturnType<typeof createWebhookDispatcher>;

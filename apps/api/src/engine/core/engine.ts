import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Tx } from '../../db/database';
import type { NotificationListener } from '../../db/notifications';
import { enqueueWebhooks } from '../webhooks/outbox';
import { claimEvents, PLAYER_EVENTS_PER_BATCH } from './claim';
import { type BatchResult, processClaimed, roundsOf } from './pipeline';
import { arrayParam } from './sql';
import type { EngineEvent, EngineStep } from './types';
import { createWakeSender, listenForWakeUps } from './wake-signal';

/** Failed attempts before an event is parked; the waits between them grow 1 s, 4 s, 16 s, 64 s. */
export const MAX_ATTEMPTS = 5;
const backoffSeconds = (attempts: number) => 4 ** (attempts - 1);

export type EngineOptions = {
  database: Database;
  steps: readonly EngineStep[];
  log: FastifyBaseLogger;
  batchSize?: number;
  /**
   * The longest an idle worker sleeps with nothing falling due: a safety net for a lost wake-up (this process's
   * ingestion wakes it at once, another process's by NOTIFY), not how work reaches it.
   */
  idlePollMs?: number;
  /** Background work between batches (segment rebuilds, year-ends, expiries…). */
  tasks?: readonly EngineTask[];
  /** Told what each committed batch settled (the operator's metrics count it). */
  onSettled?: (tally: EngineTally) => void;
};

/** Events a committed batch marked processed, and those it parked (set aside, or out of attempts). */
export type EngineTally = { processed: number; parked: number };

/** As `recordResults` decides: a retry or a failure on the last attempt parks the event. */
const tallyOf = (result: BatchResult): EngineTally => {
  const lastAttempt = (event: EngineEvent) => event.attempts + 1 >= MAX_ATTEMPTS;
  let parked = 0;
  for (const [event, outcome] of result.outcomes) {
    if (outcome.kind === 'parked' || (outcome.kind === 'retry' && lastAttempt(event))) parked += 1;
  }
  for (const event of result.failures.keys()) if (lastAttempt(event)) parked += 1;
  return { processed: result.processed.length, parked };
};

/** Background work the worker does between batches. */
export type EngineTask = {
  /** Does what is due now; resolves whether it did something (the worker then runs the tasks again at once). */
  run: (database: Database) => Promise<boolean>;
  /**
   * Milliseconds until the task next has work that falls due by time alone (a year-end, a review, an expiry), or
   * null: an idle worker sleeps until the earliest of them instead of polling. Asked whenever it goes to sleep.
   * Work that someone asks for (a segment saved) comes with a wake-up instead.
   */
  nextDueIn?: (database: Database) => Promise<number | null>;
};

/** The default idle poll: a lost wake-up or a change no one announced is picked up within this. */
const IDLE_POLL_MS = 30_000;
/**
 * Work that was due but that this worker could not take (another worker holds it) is looked at again after this,
 * then after twice as long each time it still cannot (so a due time that nothing clears costs no busy loop).
 */
const HELD_ELSEWHERE_MS = 1_000;
/** setTimeout's longest delay; a longer one would fire at once. */
const MAX_TIMER_MS = 2_147_483_647;

/** Milliseconds until the next event waiting for a retry falls due (the database's clock, as claims read it). */
const nextRetryIn = async (database: Database) => {
  const [row] = await database.query<{ ms: number | string | null }>(
    `SELECT (EXTRACT(EPOCH FROM min(next_attempt_at) - now()) * 1000)::float8 AS ms
     FROM event_queue WHERE status = 'accepted'`,
  );
  return row?.ms === null || row?.ms === undefined ? null : Number(row.ms);
};

/** An event's partition key (`received_at`), as the claim read it. */
type ReceivedAt = ReadonlyMap<string, string>;

/**
 * The batch's months: whatever join the planner picks for a statement below, it reads only these partitions, never
 * the history's (a hash join would otherwise scan every month's).
 */
const batchMonths = (receivedAt: ReceivedAt) => {
  const times = arrayParam([...receivedAt.values()]);
  // Uncorrelated subqueries: computed once before the scan, so PostgreSQL prunes partitions as it starts it.
  return sql`e.received_at BETWEEN (SELECT min(t) FROM unnest(${times}::timestamptz[]) t)
                               AND (SELECT max(t) FROM unnest(${times}::timestamptz[]) t)`;
};

/** The rows of `events` by their full key: each probe goes to its own month's partition only. */
const keysOf = (events: readonly EngineEvent[], receivedAt: ReceivedAt) =>
  sql`unnest(${arrayParam(events.map((event) => event.id))}::text[],
             ${arrayParam(events.map((event) => receivedAt.get(event.id) ?? null))}::timestamptz[])`;

/**
 * Writes every event's new state in a few statements, in the batch's own transaction, each row by its full key.
 * Marking processed changes no indexed value of `events` (a HOT update); the queue's triggers take the finished
 * events out of `event_queue`.
 */
const recordResults = async (tx: Tx, result: BatchResult, receivedAt: ReceivedAt) => {
  if (result.processed.length > 0) {
    await tx.execute(sql`UPDATE events e SET status = 'processed', processed_at = now(), error = NULL
                         FROM ${keysOf(result.processed, receivedAt)} AS k(id, received_at)
                         WHERE e.id = k.id AND e.received_at = k.received_at AND ${batchMonths(receivedAt)}`);
  }
  const settled = [...result.outcomes.entries()];
  const finished = settled.filter(([, outcome]) => outcome.kind !== 'retry');
  if (finished.length > 0) {
    await tx.execute(sql`
      UPDATE events e SET status = o.status, error = o.error, processed_at = now(),
        attempts = e.attempts + CASE WHEN o.status = 'parked' THEN 1 ELSE 0 END
      FROM unnest(${arrayParam(finished.map(([event]) => event.id))}::text[],
                  ${arrayParam(finished.map(([event]) => receivedAt.get(event.id) ?? null))}::timestamptz[],
                  ${arrayParam(finished.map(([, outcome]) => outcome.kind))}::text[],
                  ${arrayParam(finished.map(([, outcome]) => outcome.reason))}::text[]) AS o(id, received_at, status, error)
      WHERE e.id = o.id AND e.received_at = o.received_at AND ${batchMonths(receivedAt)}`);
  }
  const again = [
    ...settled
      .filter(([, outcome]) => outcome.kind === 'retry')
      .map(([event, outcome]) => [event, outcome.reason] as const),
    ...result.failures.entries(),
  ];
  // event.parked (DESIGN §10): set aside now, in the same transaction as the event's new state.
  const parked = [
    ...finished.filter(([, outcome]) => outcome.kind === 'parked'),
    ...again.filter(([event]) => event.attempts + 1 >= MAX_ATTEMPTS),
  ];
  await enqueueWebhooks(
    tx,
    parked.map(([event, outcome]) => ({
      clientId: event.clientId,
      type: 'event.parked',
      customerId: event.customerId,
      data: {
        event_id: event.externalId,
        event_type: event.type,
        customer_id: event.customerId,
        reason: typeof outcome === 'string' ? outcome : outcome.reason,
        occurred_at: event.occurredAt.toISOString(),
      },
    })),
  );
  if (again.length > 0) {
    await tx.execute(sql`
      UPDATE events e SET
        attempts = e.attempts + 1,
        error = o.error,
        status = CASE WHEN e.attempts + 1 >= ${MAX_ATTEMPTS} THEN 'parked' ELSE 'accepted' END,
        next_attempt_at = now() + make_interval(secs => o.wait)
      FROM unnest(${arrayParam(again.map(([event]) => event.id))}::text[],
                  ${arrayParam(again.map(([event]) => receivedAt.get(event.id) ?? null))}::timestamptz[],
                  ${arrayParam(again.map(([, reason]) => reason))}::text[],
                  ${arrayParam(again.map(([event]) => backoffSeconds(event.attempts + 1)))}::int[]) AS o(id, received_at, error, wait)
      WHERE e.id = o.id AND e.received_at = o.received_at AND ${batchMonths(receivedAt)}`);
  }
};

export type Engine = ReturnType<typeof createEngine>;

/**
 * The worker (DESIGN §1, §5): claims a batch, applies the steps, records each event's state, commits — one
 * transaction per batch, so a crash at any point leaves either all of a batch's effects or none, and the events
 * are claimed again after a restart. Idle, it sleeps until woken (`wake()`: events or a rebuild were stored, in
 * this process or, through NOTIFY, another), until a task's or a retry's due time, or at the latest `idlePollMs`.
 */
export const createEngine = (options: EngineOptions) => {
  const { database, steps, log } = options;
  const tasks = options.tasks ?? [];
  const batchSize = options.batchSize ?? 500;
  const idlePollMs = Math.min(options.idlePollMs ?? IDLE_POLL_MS, MAX_TIMER_MS);
  const notifyOthers = createWakeSender(database, log);
  let running = false;
  let stopped = true;
  /** Set by a wake-up that came while the worker was busy: it looks again before it sleeps. */
  let wakeRequested = false;
  let wakeUp: (() => void) | undefined;
  let loop: Promise<void> | undefined;
  let listener: Promise<NotificationListener | null> | undefined;

  /** When this worker last claimed a full batch: a backlog is waiting (webhook sending yields to it). */
  let lastFullBatchAt = Number.NEGATIVE_INFINITY;
  /** One batch; resolves to how many events it settled (0: nothing was waiting or all were busy elsewhere). */
  const processOnce = async () => {
    let tally: EngineTally | undefined;
    const settled = await database.db.transaction(async (tx) => {
      const claimed = await claimEvents(tx, batchSize);
      if (claimed.length === 0) return 0;
      // A backlog waits if the batch is full, or one player's share of it is (their backlog goes in slices).
      if (claimed.length >= batchSize || roundsOf(claimed).length >= PLAYER_EVENTS_PER_BATCH)
        lastFullBatchAt = performance.now();
      const result = await processClaimed(tx, steps, claimed);
      await recordResults(tx, result, new Map(claimed.map((event) => [event.id, event.receivedAt])));
      await result.finish();
      for (const [event, reason] of result.failures) {
        log.warn({ event: event.id, type: event.type, reason }, 'event processing failed');
      }
      tally = tallyOf(result);
      return claimed.length;
    });
    // Only once committed: a batch undone counts nothing.
    if (tally) options.onSettled?.(tally);
    return settled;
  };

  /** Runs each task once; resolves whether any did something. */
  const runTasks = async () => {
    let worked = false;
    for (const task of tasks) worked = (await task.run(database)) || worked;
    return worked;
  };

  /** Idle rounds in a row that found work due which they could not do. */
  let heldRounds = 0;

  /** How long an idle worker may sleep: until the first retry or task falls due, at most `idlePollMs`. */
  const idleSleepMs = async () => {
    let wait = idlePollMs;
    let heldDue = false;
    const dues = [await nextRetryIn(database)];
    for (const task of tasks) dues.push((await task.nextDueIn?.(database)) ?? null);
    for (const due of dues) {
      if (due === null) continue;
      if (due > 0) wait = Math.min(wait, Math.ceil(due));
      // Due already, yet nothing was done: another worker holds it (or the clock moved on meanwhile).
      else heldDue = true;
    }
    if (!heldDue) {
      heldRounds = 0;
      return wait;
    }
    heldRounds += 1;
    return Math.min(wait, HELD_ELSEWHERE_MS * 2 ** Math.min(heldRounds - 1, 10));
  };

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (wakeRequested || stopped) return resolve();
      const timer = setTimeout(resolve, ms);
      wakeUp = () => {
        clearTimeout(timer);
        resolve();
      };
    }).finally(() => {
      wakeUp = undefined;
    });

  const wakeLocally = () => {
    wakeRequested = true;
    wakeUp?.();
  };

  const run = async () => {
    while (!stopped) {
      wakeRequested = false;
      let wait = 0;
      try {
        running = true;
        const settled = await processOnce();
        // Tasks run after every batch, not only when the queue is empty: a steady stream must not hold back
        // a segment rebuild.
        const worked = await runTasks();
        if (settled > 0 || worked) heldRounds = 0;
        else wait = await idleSleepMs();
      } catch (error) {
        log.error({ err: error }, 'engine batch failed; retrying');
        wait = 1000;
      } finally {
        running = false;
      }
      if (wait > 0) await sleep(wait);
    }
  };

  return {
    processOnce,
    /** Processes until nothing is waiting that is due now (tests, the demo, a drain before shutdown). */
    drain: async () => {
      let total = 0;
      for (;;) {
        const settled = await processOnce();
        total += settled;
        if (settled === 0 && !(await runTasks())) return total;
      }
    },
    /** Work was stored (events, a rebuild to do): this process's worker looks at once, other processes' too. */
    wake: () => {
      wakeLocally();
      notifyOthers();
    },
    start: () => {
      if (!stopped) return;
      stopped = false;
      listener = listenForWakeUps(database, wakeLocally).catch((error: unknown) => {
        log.warn({ err: error }, 'engine wake-ups from other processes are not heard; polling only');
        return null;
      });
      loop = run();
    },
    stop: async () => {
      stopped = true;
      wakeUp?.();
      await loop;
      await (await listener)?.close();
      listener = undefined;
    },
    get busy() {
      return running;
    },
    /** A backlog of events waits (a full batch was claimed within the last second). */
    backlogged: () => performance.now() - lastFullBatchAt < 1_000,
  };
};

import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Tx } from '../../db/database';
import { claimEvents } from './claim';
import { type BatchResult, processClaimed } from './pipeline';
import { arrayParam } from './sql';
import type { EngineEvent, EngineStep } from './types';

/** Failed attempts before an event is parked; the waits between them grow 1 s, 4 s, 16 s, 64 s. */
export const MAX_ATTEMPTS = 5;
const backoffSeconds = (attempts: number) => 4 ** (attempts - 1);

export type EngineOptions = {
  database: Database;
  steps: readonly EngineStep[];
  log: FastifyBaseLogger;
  batchSize?: number;
  /** How often an idle worker looks for new events (another process may have stored them). */
  idlePollMs?: number;
  /** Background work between batches (segment rebuilds…): each resolves whether it found something to do. */
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

export type EngineTask = (database: Database) => Promise<boolean>;

const ids = (events: readonly EngineEvent[]) => arrayParam(events.map((event) => event.id));

/** Writes every event's new state in a few statements, in the batch's own transaction. */
const recordResults = async (tx: Tx, result: BatchResult) => {
  if (result.processed.length > 0) {
    await tx.execute(sql`UPDATE events SET status = 'processed', processed_at = now(), error = NULL
                         WHERE id = ANY(${ids(result.processed)}::text[])`);
  }
  const settled = [...result.outcomes.entries()];
  const finished = settled.filter(([, outcome]) => outcome.kind !== 'retry');
  if (finished.length > 0) {
    await tx.execute(sql`
      UPDATE events e SET status = o.status, error = o.error, processed_at = now(),
        attempts = e.attempts + CASE WHEN o.status = 'parked' THEN 1 ELSE 0 END
      FROM unnest(${arrayParam(finished.map(([event]) => event.id))}::text[],
                  ${arrayParam(finished.map(([, outcome]) => outcome.kind))}::text[],
                  ${arrayParam(finished.map(([, outcome]) => outcome.reason))}::text[]) AS o(id, status, error)
      WHERE e.id = o.id`);
  }
  const again = [
    ...settled
      .filter(([, outcome]) => outcome.kind === 'retry')
      .map(([event, outcome]) => [event, outcome.reason] as const),
    ...result.failures.entries(),
  ];
  if (again.length > 0) {
    await tx.execute(sql`
      UPDATE events e SET
        attempts = e.attempts + 1,
        error = o.error,
        status = CASE WHEN e.attempts + 1 >= ${MAX_ATTEMPTS} THEN 'parked' ELSE 'accepted' END,
        next_attempt_at = now() + make_interval(secs => o.wait)
      FROM unnest(${arrayParam(again.map(([event]) => event.id))}::text[],
                  ${arrayParam(again.map(([, reason]) => reason))}::text[],
                  ${arrayParam(again.map(([event]) => backoffSeconds(event.attempts + 1)))}::int[]) AS o(id, error, wait)
      WHERE e.id = o.id`);
  }
};

export type Engine = ReturnType<typeof createEngine>;

/**
 * The worker (DESIGN §1, §5): claims a batch, applies the steps, records each event's state, commits — one
 * transaction per batch, so a crash at any point leaves either all of a batch's effects or none, and the events
 * are claimed again after a restart.
 */
export const createEngine = (options: EngineOptions) => {
  const { database, steps, log } = options;
  const tasks = options.tasks ?? [];
  const batchSize = options.batchSize ?? 500;
  const idlePollMs = options.idlePollMs ?? 100;
  let running = false;
  let stopped = true;
  let timer: NodeJS.Timeout | undefined;
  let wakeUp: (() => void) | undefined;
  let loop: Promise<void> | undefined;

  /** One batch; resolves to how many events it settled (0: nothing was waiting or all were busy elsewhere). */
  const processOnce = async () => {
    let tally: EngineTally | undefined;
    const settled = await database.db.transaction(async (tx) => {
      const claimed = await claimEvents(tx, batchSize);
      if (claimed.length === 0) return 0;
      const result = await processClaimed(tx, steps, claimed);
      await recordResults(tx, result);
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
    for (const task of tasks) worked = (await task(database)) || worked;
    return worked;
  };

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      wakeUp = resolve;
      timer = setTimeout(resolve, ms);
    }).finally(() => {
      wakeUp = undefined;
      if (timer) clearTimeout(timer);
    });

  const run = async () => {
    while (!stopped) {
      let settled = 0;
      try {
        running = true;
        settled = await processOnce();
        // Tasks run after every batch, not only when the queue is empty: a steady stream must not hold back
        // a segment rebuild.
        if ((await runTasks()) && settled === 0) settled = 1;
      } catch (error) {
        log.error({ err: error }, 'engine batch failed; retrying');
        await sleep(1000);
      } finally {
        running = false;
      }
      if (settled === 0 && !stopped) await sleep(idlePollMs);
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
    /** New events were stored: don't wait for the next poll. */
    wake: () => wakeUp?.(),
    start: () => {
      if (!stopped) return;
      stopped = false;
      loop = run();
    },
    stop: async () => {
      stopped = true;
      wakeUp?.();
      await loop;
    },
    get busy() {
      return running;
    },
  };
};

import type { Tx } from '../../db/database';
import type { ClaimedEvent } from './claim';
import { createDefinitionCache, type DefinitionCache } from './definitions';
import type { EngineEvent, EngineStep, EventOutcome, StatisticContribution, StepBatch } from './types';
import { EventRejection } from './types';

/** Thrown inside a savepoint to undo a run in which some events were set aside; the run is then repeated. */
class SettledDuringRun extends Error {}

const makeBatch = (
  tx: Tx,
  steps: readonly EngineStep[],
  events: readonly EngineEvent[],
  outcomes: Map<EngineEvent, EventOutcome>,
  timeZones: Map<string, string>,
  earlier: readonly EngineEvent[],
  definitions: DefinitionCache,
  marks: ReadonlySet<string>,
) => {
  const contributions: StatisticContribution[] = [];
  /** What this run marked: kept only if the run is. */
  const marking: string[] = [];
  /** What each step deferred in this run, by step index: kept only if the run is. */
  const deferred: unknown[][] = steps.map(() => []);
  /** Events set aside during the current step whose effects so far must be undone. */
  let settledNow = 0;
  /** Events set aside during the current step with nothing to undo: later steps only have to skip them. */
  let setAsideNow = 0;
  let stepIndex = 0;
  /** No step before the current one may have written or contributed anything for the event. */
  const untouchedSoFar = (event: EngineEvent) =>
    steps.slice(0, stepIndex).every((step) => step.eventTypes && !step.eventTypes.includes(event.type));
  const batch: StepBatch = {
    tx,
    events: events.filter((event) => !outcomes.has(event)),
    settle: (event, outcome, options) => {
      if (outcomes.has(event)) return;
      outcomes.set(event, outcome);
      if (options?.beforeEffects && untouchedSoFar(event)) setAsideNow += 1;
      else settledNow += 1;
    },
    contribute: (contribution) => {
      contributions.push(contribution);
    },
    contributions,
    statisticChanges: [],
    earlier,
    definitions,
    timeZoneOf: (clientId) => timeZones.get(clientId) ?? 'UTC',
    defer: (item) => {
      deferred[stepIndex]?.push(item);
    },
    mark: (key) => {
      marking.push(key);
    },
    marked: (key) => marks.has(key),
  };
  return {
    batch,
    deferred,
    marking,
    settledNow: () => settledNow,
    /** Moves on to step `index`; answers whether the step before set events aside that later steps must skip. */
    enterStep: (index: number) => {
      stepIndex = index;
      const skip = setAsideNow > 0;
      setAsideNow = 0;
      return skip;
    },
  };
};

/**
 * Runs every step over `events` in a savepoint. When a step sets an event aside after it or an earlier step may have
 * acted on it, the run is undone and repeated without it, so no step keeps a partial effect of an event that was not
 * processed. Each event's effects are therefore all-or-nothing, whether it ran in a batch of 500 or alone. An event
 * set aside before anything was done for it (a repeated order id, an unknown statistic) is only left out of the
 * later steps: the batch's other events are not run again for it.
 */
const runSteps = async (
  tx: Tx,
  steps: readonly EngineStep[],
  events: readonly EngineEvent[],
  outcomes: Map<EngineEvent, EventOutcome>,
  timeZones: Map<string, string>,
  earlier: readonly EngineEvent[],
  definitions: DefinitionCache,
  kept: { deferred: unknown[][]; marks: Set<string> },
) => {
  for (;;) {
    const { batch, deferred, marking, settledNow, enterStep } = makeBatch(
      tx,
      steps,
      events,
      outcomes,
      timeZones,
      earlier,
      definitions,
      kept.marks,
    );
    if (batch.events.length === 0) return;
    try {
      await tx.transaction(async (savepoint) => {
        let inner: StepBatch = { ...batch, tx: savepoint as unknown as Tx };
        for (const [index, step] of steps.entries()) {
          if (enterStep(index))
            inner = { ...inner, events: inner.events.filter((event) => !outcomes.has(event)) };
          if (inner.events.length === 0) return;
          await step.apply(inner);
          batch.statisticChanges = inner.statisticChanges;
          if (settledNow() > 0) throw new SettledDuringRun();
        }
      });
      for (const [index, items] of deferred.entries()) kept.deferred[index]?.push(...items);
      for (const key of marking) kept.marks.add(key);
      return;
    } catch (error) {
      if (error instanceof SettledDuringRun) continue;
      if (error instanceof EventRejection) {
        batch.settle(error.event, error.outcome);
        continue;
      }
      throw error;
    }
  }
};

export type BatchResult = {
  processed: EngineEvent[];
  outcomes: Map<EngineEvent, EventOutcome>;
  /** Events whose processing threw: tried again later, then parked. */
  failures: Map<EngineEvent, string>;
  /** The steps' `finish` over what the kept runs deferred: the batch's last writes, just before its commit. */
  finish: () => Promise<void>;
};

/**
 * The claimed events in rounds: round k holds each player's k-th event, in the claim's order. A step then sees at
 * most one event of a player at a time, so every event meets the player as the events before it left them (a tier
 * reached and lost again, a segment entered twice) and the effects never depend on how the events were batched.
 */
export const roundsOf = <E extends EngineEvent>(events: readonly E[]) => {
  const eventsSoFar = new Map<string, number>();
  const rounds: E[][] = [];
  for (const event of events) {
    const index = eventsSoFar.get(event.customerId) ?? 0;
    eventsSoFar.set(event.customerId, index + 1);
    const round = rounds[index] ?? [];
    round.push(event);
    rounds[index] = round;
  }
  return rounds;
};

/**
 * The fast path runs the batch's rounds, each at once; if anything throws, every round is undone and each event runs
 * alone in its own savepoint, so one bad event cannot hold back the others.
 */
export const processClaimed = async (
  tx: Tx,
  steps: readonly EngineStep[],
  claimed: readonly ClaimedEvent[],
): Promise<BatchResult> => {
  const outcomes = new Map<EngineEvent, EventOutcome>();
  const failures = new Map<EngineEvent, string>();
  const timeZones = new Map(claimed.map((event) => [event.clientId, event.timeZone]));
  for (const event of claimed) {
    if (event.customerSuspended)
      outcomes.set(event, { kind: 'skipped', reason: 'The customer is suspended.' });
  }
  const before = new Map(outcomes);
  /** Events applied in this transaction so far, whose processed mark is written when the batch ends. */
  const applied: EngineEvent[] = [];
  let definitions = createDefinitionCache();
  /** What the kept runs deferred (by step) and marked. */
  const kept = { deferred: steps.map((): unknown[] => []), marks: new Set<string>() };
  const run = async (runTx: Tx, events: readonly EngineEvent[]) => {
    await runSteps(runTx, steps, events, outcomes, timeZones, applied, definitions, kept);
    applied.push(...events.filter((event) => !outcomes.has(event)));
  };
  const rounds = roundsOf(claimed);
  try {
    if (rounds.length === 1) await run(tx, claimed);
    // One savepoint around the rounds, so that a failure in a later round undoes the earlier ones too.
    else
      await tx.transaction(async (savepoint) => {
        for (const round of rounds) await run(savepoint as unknown as Tx, round);
      });
  } catch {
    // What the failed run decided (a duplicate of an order that was then undone…) no longer holds.
    outcomes.clear();
    for (const [event, outcome] of before) outcomes.set(event, outcome);
    applied.length = 0;
    for (const items of kept.deferred) items.length = 0;
    kept.marks.clear();
    // Read the definitions again: one changed during the batch (a challenge deleted…) may be why it failed.
    definitions = createDefinitionCache();
    for (const event of claimed) {
      if (outcomes.has(event)) continue;
      try {
        await run(tx, [event]);
      } catch (error) {
        failures.set(event, error instanceof Error ? error.message : String(error));
      }
    }
  }
  const processed = claimed.filter((event) => !outcomes.has(event) && !failures.has(event));
  const finish = async () => {
    for (const [index, step] of steps.entries()) {
      const items = kept.deferred[index] ?? [];
      if (step.finish && items.length > 0) await step.finish(tx, items);
    }
  };
  return { processed, outcomes, failures, finish };
};

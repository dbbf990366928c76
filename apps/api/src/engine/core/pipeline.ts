import type { Tx } from '../../db/database';
import type { ClaimedEvent } from './claim';
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
) => {
  const contributions: StatisticContribution[] = [];
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
    timeZoneOf: (clientId) => timeZones.get(clientId) ?? 'UTC',
  };
  return {
    batch,
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
) => {
  for (;;) {
    const { batch, settledNow, enterStep } = makeBatch(tx, steps, events, outcomes, timeZones);
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
};

/**
 * The fast path runs the whole batch at once; if anything throws, the batch is undone and each event runs alone in
 * its own savepoint, so one bad event cannot hold back the others.
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
  try {
    await runSteps(tx, steps, claimed, outcomes, timeZones);
  } catch {
    // What the failed run decided (a duplicate of an order that was then undone…) no longer holds.
    outcomes.clear();
    for (const [event, outcome] of before) outcomes.set(event, outcome);
    for (const event of claimed) {
      if (outcomes.has(event)) continue;
      try {
        await runSteps(tx, steps, [event], outcomes, timeZones);
      } catch (error) {
        failures.set(event, error instanceof Error ? error.message : String(error));
      }
    }
  }
  const processed = claimed.filter((event) => !outcomes.has(event) && !failures.has(event));
  return { processed, outcomes, failures };
};

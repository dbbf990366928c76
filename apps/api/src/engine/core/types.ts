import type { TEngineEventType } from '@laurel/contract';
import type { Tx } from '../../db/database';
import type { DefinitionCache } from './definitions';

/** A stored event as the pipeline sees it. */
export type EngineEvent = {
  id: string;
  seq: number;
  clientId: string;
  externalId: string;
  type: TEngineEventType;
  customerId: string;
  branchId: string | null;
  occurredAt: Date;
  data: Record<string, unknown>;
  attempts: number;
};

/** What can happen to an event besides being processed. */
export type EventOutcome =
  | { kind: 'duplicate'; reason: string }
  | { kind: 'skipped'; reason: string }
  /** A permanent problem (an unknown statistic…): set aside until an admin retries it. */
  | { kind: 'parked'; reason: string }
  /** A problem that may clear by itself (an order not yet known…): tried again later, then parked. */
  | { kind: 'retry'; reason: string };

/** One change to a player's statistic, as the statistics writer applies it (DESIGN §5 step 1). */
export type StatisticContribution = {
  event: EngineEvent;
  /** The statistic's name; system statistics and the client's own ones alike. */
  name: string;
  value: number;
  /**
   * The value is computed from the player's current statistics (a reward track's target, a level raised by a
   * challenge) rather than observed at the event's time: under `Last` it wins over the stored value even when its
   * event is older than the stored value's.
   */
  derived?: boolean;
};

/** A player's statistic value after a batch, for the steps that react to statistics (segments, tracks…). */
export type StatisticChange = {
  clientId: string;
  customerId: string;
  statisticId: string;
  name: string;
  version: number;
  value: number;
};

/**
 * What every step gets: the transaction, the run's live events (at most one per player: the pipeline runs a batch
 * in rounds), and the shared machinery. A step writes only through `tx`; it never commits,
 * opens savepoints or marks events processed — the pipeline does, so effects happen exactly once.
 */
export type StepBatch = {
  tx: Tx;
  readonly events: readonly EngineEvent[];
  /**
   * Set an event aside (or call it a duplicate); later steps no longer see it and its effects are undone (the run
   * is repeated without it). `beforeEffects`: this step has written and contributed nothing for the event yet and
   * will not; if no earlier step of the run may have either (`EngineStep.eventTypes`), the run goes on without it
   * and nothing is repeated.
   */
  settle: (event: EngineEvent, outcome: EventOutcome, options?: { beforeEffects?: boolean }) => void;
  /** Statistic contributions collected by the steps; the statistics step applies them. */
  contribute: (contribution: StatisticContribution) => void;
  readonly contributions: readonly StatisticContribution[];
  /** Every value written so far in this run (`writeStatistics` appends), for the steps that react to them. */
  statisticChanges: StatisticChange[];
  /** Definitions (statistics, segments, tracks, earn rules) read once per claimed batch. */
  readonly definitions: DefinitionCache;
  /** Events applied earlier in this transaction (earlier rounds): done, though not yet marked processed. */
  readonly earlier: readonly EngineEvent[];
  /** Each client's time zone (Account Settings), for interval resets and day boundaries. */
  timeZoneOf: (clientId: string) => string;
  /** Keeps `item` for this step's `finish`; dropped with the run when the run is undone. */
  defer: (item: unknown) => void;
  /**
   * Notes `key` for the batch's later runs (`marked`), once this run is kept: what a step learnt that stays true
   * for the rest of the batch (a player's segments placed). An undone run's marks go with it.
   */
  mark: (key: string) => void;
  /** Whether a kept earlier run of this batch marked `key`. */
  marked: (key: string) => boolean;
};

/** One area's part of the pipeline (DESIGN §5): statistics, economy, reward tracks, segments, challenges. */
export type EngineStep = {
  name: string;
  apply: (batch: StepBatch) => Promise<void>;
  /**
   * The only event types this step writes or contributes anything for; unset, any. An event of another type that a
   * later step sets aside before its effects costs no repeat of the run.
   */
  eventTypes?: readonly TEngineEventType[];
  /**
   * Writes what `apply` deferred over the batch's rounds, once, as the batch's last statement before its commit:
   * sums every writer shares (a day's dashboard rollups), whose rows, written in the first round, would otherwise stay
   * locked through the later rounds and make a second worker wait for the first's whole batch.
   */
  finish?: (tx: Tx, deferred: readonly unknown[]) => Promise<void>;
};

/** Thrown by a step to set one event aside; anything else thrown is treated as a transient failure. */
export class EventRejection extends Error {
  constructor(
    readonly event: EngineEvent,
    readonly outcome: EventOutcome,
  ) {
    super(outcome.reason);
  }
}

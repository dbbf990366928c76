import type { EngineEvent, StatisticContribution, StepBatch } from '../core/types';

/**
 * An order that started (+1) or stopped (-1) counting in this run, in processing order: what the economy step
 * earns on and claws back. `purchase` is its first order.created; a -1 is a refund or cancellation.
 */
export type OrderMove = {
  event: EngineEvent;
  orderRef: string;
  /** The order's branch (null: none given), where its earnings and their reversals are booked. */
  branchId: string | null;
  sign: 1 | -1;
  purchase: boolean;
  totalMinor: number;
};

/** Per run (keyed like writeStatistics by the run's contributions list, which every step shares). */
export const movesByRun = new WeakMap<readonly StatisticContribution[], OrderMove[]>();

/** The orders that started or stopped counting in this run of the batch (still live events only). */
export const orderMovesOf = (batch: StepBatch): readonly OrderMove[] => {
  const live = new Set(batch.events);
  return (movesByRun.get(batch.contributions) ?? []).filter((move) => live.has(move.event));
};

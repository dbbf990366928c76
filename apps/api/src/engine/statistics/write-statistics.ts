import type { StatisticChange, StatisticContribution, StepBatch } from '../core/types';
import { loadStatisticCatalogue, type StatisticCatalogue } from './statistic-definitions';
import { applyStatisticContributions } from './statistic-writer';

/** Per batch run (keyed by its contributions list, shared by every step's view of the batch). */
const progress = new WeakMap<
  readonly StatisticContribution[],
  { written: number; catalogue: Promise<StatisticCatalogue> | null }
>();

/**
 * Writes the statistic contributions made since the last write and appends what changed to
 * `batch.statisticChanges`. The statistics step calls it first; any later step that moves a statistic (economy's
 * XP, reward tracks' level and tier, challenge rewards) calls it after contributing, so one writer applies every
 * statistic and the steps after it see the new values.
 */
export const writeStatistics = async (
  batch: StepBatch,
  catalogue?: StatisticCatalogue,
): Promise<StatisticChange[]> => {
  const state = progress.get(batch.contributions) ?? { written: 0, catalogue: null };
  progress.set(batch.contributions, state);
  const live = new Set(batch.events);
  const pending = batch.contributions.slice(state.written).filter(({ event }) => live.has(event));
  state.written = batch.contributions.length;
  if (pending.length === 0) return [];
  if (catalogue) state.catalogue = Promise.resolve(catalogue);
  const clientIds = [...new Set(batch.events.map((e) => e.clientId))];
  state.catalogue ??= batch.definitions('statistics', clientIds, () =>
    loadStatisticCatalogue(batch.tx, clientIds),
  );
  const changes = await applyStatisticContributions(
    batch.tx,
    pending,
    await state.catalogue,
    batch.timeZoneOf,
  );
  batch.statisticChanges.push(...changes);
  return changes;
};

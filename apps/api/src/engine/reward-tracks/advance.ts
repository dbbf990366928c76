import type { EngineEvent, StatisticChange, StepBatch } from '../core/types';
import { currentValuesOf } from '../statistics/current-values';
import { loadStatisticCatalogue } from '../statistics/statistic-definitions';
import { writeStatistics } from '../statistics/write-statistics';
import { enqueueWebhooks } from '../webhooks/outbox';
import { evaluateTracks, statisticsReadBy, type TargetChange } from './evaluate';
import { isTrackActive, loadTracks } from './track-definitions';
import { loadFloors, recordSourceMonths, scheduleReviews, writeMilestonesReached } from './track-state';
import { targetChangeWebhooks } from './track-webhooks';

/**
 * DESIGN §5 step 3 for statistic changes made in this batch: XP -> level, level -> tier, statistic -> statistic.
 * New targets go through the statistics writer (so the segments step sees level and tier); each milestone
 * reached writes one reward-track transaction. The reward-tracks step runs it for the batch's changes; a later
 * step that moves XP or level (challenge rewards) runs it again for what it changed, and passes what it resolves
 * (the level, tier and other targets it wrote) to `updateMemberships`.
 */
export const advanceRewardTracks = async (
  batch: StepBatch,
  changes: readonly StatisticChange[],
): Promise<StatisticChange[]> => {
  if (changes.length === 0) return [];
  const latest = new Map<string, EngineEvent>();
  for (const event of batch.events) latest.set(event.customerId, event);
  const clientIds = [...new Set(changes.map((change) => change.clientId))];
  const tracksByClient = await batch.definitions('tracks', clientIds, () => loadTracks(batch.tx, clientIds));
  if (tracksByClient.size === 0) return [];
  const withTracks = [...tracksByClient.keys()];
  const catalogue = await batch.definitions('statistics', withTracks, () =>
    loadStatisticCatalogue(batch.tx, withTracks),
  );
  const reachedByClient: Parameters<typeof writeMilestonesReached>[] = [];
  let contributed = false;
  for (const [clientId, tracks] of tracksByClient) {
    const sources = new Set(tracks.map((track) => track.source));
    const dirty = new Map<string, Set<string>>();
    for (const change of changes) {
      if (change.clientId !== clientId || !sources.has(change.name) || !latest.has(change.customerId))
        continue;
      const names = dirty.get(change.customerId) ?? new Set<string>();
      names.add(change.name);
      dirty.set(change.customerId, names);
    }
    if (dirty.size === 0) continue;
    const timeZone = batch.timeZoneOf(clientId);
    const customerIds = [...dirty.keys()];
    const [values, floors] = await Promise.all([
      currentValuesOf(batch.tx, clientId, customerIds, catalogue, timeZone, {
        only: statisticsReadBy(tracks),
      }),
      loadFloors(batch.tx, clientId, customerIds),
    ]);
    const eventOf = (customerId: string) => latest.get(customerId) as EngineEvent;
    const at = (customerId: string) => eventOf(customerId).occurredAt;
    const evaluation = evaluateTracks(
      tracks,
      customerIds.map((customerId) => ({
        customerId,
        values: values.get(customerId) ?? new Map(),
        floors: floors.get(customerId) ?? new Map(),
      })),
      (customerId) => dirty.get(customerId) ?? [],
      (track, customerId) => isTrackActive(track, at(customerId), timeZone),
    );
    await enqueueWebhooks(batch.tx, targetChangeWebhooks(clientId, tracks, evaluation.changes));
    for (const change of evaluation.changes) {
      const value = contributionOf(change, catalogue.find(clientId, change.name)?.aggregationMethod);
      if (value === null) continue;
      batch.contribute({ event: eventOf(change.customerId), name: change.name, value, derived: true });
      contributed = true;
    }
    reachedByClient.push([
      batch.tx,
      clientId,
      evaluation.reached,
      (customerId) => {
        const event = eventOf(customerId);
        return { eventId: event.id, branchId: event.branchId, occurredAt: event.occurredAt };
      },
    ]);
    await recordSourceMonths(batch.tx, clientId, evaluation.sources, at, timeZone);
    await scheduleReviews(batch.tx, clientId, evaluation.upgraded, at, timeZone);
  }
  const written = contributed ? await writeStatistics(batch) : [];
  for (const args of reachedByClient) await writeMilestonesReached(...args);
  return written;
};

/**
 * What to contribute so the target becomes `to`: a Sum adds the difference, every other method takes the value
 * (level and tier are `Last`). A target statistic that no longer exists is left alone.
 */
const contributionOf = (change: TargetChange, method: string | undefined) => {
  if (!method) return null;
  return method === 'Sum' ? change.to - change.from : change.to;
};

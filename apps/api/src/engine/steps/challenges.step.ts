import { evaluateChallenges } from '../challenges/evaluate-challenges';
import type { EngineStep, StatisticChange, StepBatch } from '../core/types';
import { advanceRewardTracks } from '../reward-tracks/advance';
import { loadSegments } from '../segments/segment-catalogue';
import { statisticsOf } from '../segments/segment-rules';
import { writeStatistics } from '../statistics/write-statistics';
import { updateMemberships } from './segments.step';

/**
 * Of the changes a reward made, those that can move a player between segments: changes of a statistic one of the
 * client's segments reads, and every change of a player the segments step did not look at in this run (AllPlayers
 * takes any player with a change). XP rarely is in a rule, so most batches re-evaluate nobody.
 */
const changesSegmentsRead = async (
  batch: StepBatch,
  changes: readonly StatisticChange[],
  seen: ReadonlySet<string>,
) => {
  const clientIds = [...new Set(changes.map((change) => change.clientId))];
  const segments = await batch.definitions('segments', clientIds, () => loadSegments(batch.tx, clientIds));
  const read = new Map(
    [...segments].map(([clientId, list]) => [clientId, new Set(list.flatMap(statisticsOf))]),
  );
  return changes.filter(
    (change) => !seen.has(change.customerId) || read.get(change.clientId)?.has(change.name),
  );
};

/**
 * DESIGN §5 step 5: challenge progress and rewards. XP and level rewards move statistics after the reward-tracks
 * and segments steps have run, so this step writes them, lets the reward tracks follow (level, tier) and
 * re-evaluates the segments of the players it changed.
 */
export const challengesStep: EngineStep = {
  name: 'challenges',
  apply: async (batch) => {
    const before = batch.statisticChanges.length;
    if (!(await evaluateChallenges(batch))) return;
    const written = await writeStatistics(batch);
    if (written.length === 0) return;
    await advanceRewardTracks(batch, written);
    const seen = new Set(batch.statisticChanges.slice(0, before).map((change) => change.customerId));
    const changes = await changesSegmentsRead(batch, batch.statisticChanges.slice(before), seen);
    if (changes.length > 0) await updateMemberships(batch, changes);
  },
};

import { evaluateChallenges } from '../challenges/evaluate-challenges';
import type { EngineStep } from '../core/types';
import { advanceRewardTracks } from '../reward-tracks/advance';
import { writeStatistics } from '../statistics/write-statistics';
import { updateMemberships } from './segments.step';

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
    await updateMemberships(batch, batch.statisticChanges.slice(before));
  },
};

import type { EngineStep } from '../core/types';
import { advanceRewardTracks } from '../reward-tracks/advance';

/** DESIGN §5 step 3: XP -> level, level -> tier, statistic -> statistic, from every change so far in the batch. */
export const rewardTracksStep: EngineStep = {
  name: 'reward-tracks',
  apply: async (batch) => {
    // Its own writes are appended to batch.statisticChanges by writeStatistics, so segments see them next.
    await advanceRewardTracks(batch, [...batch.statisticChanges]);
  },
};

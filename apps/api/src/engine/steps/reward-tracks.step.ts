import type { EngineStep } from '../core/types';
import { advanceRewardTracks } from '../reward-tracks/advance';

/** DESIGN §5 step 3: XP -> level, level -> tier, statistic -> statistic, from every change so far in the batch. */
export const rewardTracksStep: EngineStep = {
  name: 'reward-tracks',
  apply: (batch) => advanceRewardTracks(batch, batch.statisticChanges),
};

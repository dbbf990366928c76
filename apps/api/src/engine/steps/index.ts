import { expireEndedChallenges } from '../challenges/challenge-expiry';
import type { EngineTask } from '../core/engine';
import type { EngineStep } from '../core/types';
import { createExpiryTask } from '../economy/expiry';
import { createRewardTrackTasks } from '../reward-tracks/tasks';
import { rebuildNextSegment } from '../segments/segment-rebuild';
import { challengesStep } from './challenges.step';
import { economyStep } from './economy.step';
import { ordersStep } from './orders.step';
import { rewardTracksStep } from './reward-tracks.step';
import { segmentsStep } from './segments.step';
import { statisticsStep } from './statistics.step';

/**
 * The pipeline, in DESIGN §5 order. Each area adds its step here: orders first (it decides what counts), then
 * statistics, then segments; economy and reward tracks (between statistics and segments) and challenges (after
 * segments) follow as they land.
 */
export const ENGINE_STEPS: readonly EngineStep[] = [
  ordersStep,
  statisticsStep,
  economyStep,
  rewardTracksStep,
  segmentsStep,
  challengesStep,
];

/** Work the worker does between batches: recomputing segments whose rules changed. */
export const ENGINE_TASKS: readonly EngineTask[] = [
  // Reward-track work first: a tier it moves asks the tier segments to rebuild, which then follows at once.
  ...createRewardTrackTasks(),
  rebuildNextSegment,
  // Balances whose currency's expiry policy has come due are written off.
  createExpiryTask(),
  // Released challenges past their end date: open progress becomes Expired.
  (database) => expireEndedChallenges(database),
];

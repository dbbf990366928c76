import { type Clock, systemClock } from '../../clock';
import { createChallengeExpiryTask } from '../challenges/challenge-expiry';
import type { EngineTask } from '../core/engine';
import type { EngineStep } from '../core/types';
import { createExpiryTask } from '../economy/expiry';
import { createPayloadRetentionTask } from '../retention/payload-retention';
import { createRewardTrackTasks } from '../reward-tracks/tasks';
import { rebuildNextSegment } from '../segments/segment-rebuild';
import { createSegmentRolloverTask } from '../segments/segment-rollover';
import { createExpiryNoticeTask } from '../webhooks/points-expiring';
import { challengesStep } from './challenges.step';
import { dashboardStep } from './dashboard.step';
import { economyStep } from './economy.step';
import { ordersStep } from './orders.step';
import { rewardTracksStep } from './reward-tracks.step';
import { segmentsStep } from './segments.step';
import { statisticsStep } from './statistics.step';

/**
 * The pipeline, in DESIGN §5 order. Each area adds its step here: orders first (it decides what counts), then
 * statistics, then segments; economy and reward tracks (between statistics and segments), challenges (after
 * segments), and the dashboard's rollups last.
 */
export const ENGINE_STEPS: readonly EngineStep[] = [
  ordersStep,
  statisticsStep,
  economyStep,
  rewardTracksStep,
  segmentsStep,
  challengesStep,
  // Last: it counts what the batch did (active and paying players, revenue, each player-day's tier).
  dashboardStep,
];

/**
 * Work the worker does between batches: recomputing segments whose rules changed, and the calendar work, which
 * reads `clock` (the process's business clock, CLOCK_START in tests and demos) rather than the system time and says
 * when it next falls due, so an idle worker sleeps until then.
 */
export const engineTasks = (clock: Clock = systemClock): EngineTask[] => [
  // Reward-track work first: a tier it moves asks the tier segments to rebuild, which then follows at once.
  ...createRewardTrackTasks(clock),
  // Segments on statistics whose period (day, week…) ended ask to rebuild, which then follows at once.
  createSegmentRolloverTask(),
  { run: rebuildNextSegment },
  // Balances whose currency's expiry policy has come due are written off.
  createExpiryTask(clock),
  // Released challenges past their end date: open progress becomes Expired.
  createChallengeExpiryTask(clock),
  // Once a day: processed events older than their business's retention setting lose their payload (privacy).
  createPayloadRetentionTask(clock),
  // points.expiring webhooks for credits that expire within 7 days.
  createExpiryNoticeTask(clock),
];

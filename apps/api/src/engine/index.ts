/** The engine (DESIGN §5): ingestion, the worker and its steps. Other areas use only what is exported here. */

export { type BadgeGrant, grantBadges } from './badges/grant-badges';
export { claimEvents } from './core/claim';
export { createEngine, type Engine, type EngineTally, type EngineTask, MAX_ATTEMPTS } from './core/engine';
export { ingestEvents } from './core/ingest';
export { lockClientExclusively, PLAYER_LOCK_NAMESPACE } from './core/locks';
export { type QueueDepth, readQueueDepth } from './core/queue-depth';
export type { EngineEvent, EngineStep, StepBatch } from './core/types';
export { ALL_BRANCHES } from './dashboard/dashboard-rollups';
export { DISTINCT_WINDOW_MAX_DAYS, dayNumber, isoDay } from './dashboard/day-gaps';
export { rebuildDashboard } from './dashboard/rebuild-dashboard';
export { createExpiryTask, expireDueLots } from './economy/expiry';
export {
  applyWalletEffects,
  type CreditWalletInput,
  creditWallet,
  type EconomyCause,
  InsufficientBalanceError,
  type WalletEffect,
} from './economy/wallet-effects';
export { awardXp, XP_STATISTIC } from './economy/xp';
export { advanceRewardTracks } from './reward-tracks/advance';
export { trackProgress } from './reward-tracks/milestones';
export { type OpeningStanding, setOpeningStanding } from './reward-tracks/opening-standing';
export { createRewardTrackTasks } from './reward-tracks/tasks';
export { runTierReviews } from './reward-tracks/tier-reviews';
export { reevaluateNextTrack } from './reward-tracks/track-rebuild';
export { runYearEnds } from './reward-tracks/year-end';
export { requestRebuildOfSegmentsReading } from './segments/segment-rebuild';
export { ensureSystemSegments, removeFromAllSegments } from './segments/system-segments';
export { currentValuesOf } from './statistics/current-values';
export { periodIndex, versionAt } from './statistics/periods';
export {
  currentVersion,
  loadStatisticCatalogue,
  type StatisticDefinition,
} from './statistics/statistic-definitions';
export { ensureSystemStatistics } from './statistics/system-statistics';
export { keepStatisticVersionsAcrossZones } from './statistics/time-zone-change';
export { writeStatistics } from './statistics/write-statistics';
export { ENGINE_STEPS, engineTasks } from './steps';
export { updateMemberships } from './steps/segments.step';
export { readWebhookBacklog, type WebhookBacklog } from './webhooks/backlog';

import { z } from 'zod';
import { LIMITS } from '../shared/limits';

/** Reward track kinds (spec 3 §3); GENERIC maps one statistic onto another. */
export const ZRewardTrackType = z.enum(['TIER_PROGRESSION', 'LEVEL_PROGRESSION', 'GENERIC']);
export type TRewardTrackType = z.infer<typeof ZRewardTrackType>;
export const REWARD_TRACK_TYPES = ZRewardTrackType.options;
export const REWARD_TRACK_TYPE_LABELS: Record<TRewardTrackType, string> = {
  TIER_PROGRESSION: 'Tier Progression',
  LEVEL_PROGRESSION: 'Level Progression',
  GENERIC: 'Reward Track',
};

/** Fixed source and target of the two progression tracks: XP -> level, level -> tier (DESIGN §5). */
export const PROGRESSION_SOURCE_TARGET = {
  LEVEL_PROGRESSION: { source: 'xp', target: 'level' },
  TIER_PROGRESSION: { source: 'level', target: 'tier' },
} as const;

export const MILESTONE_LIMITS = {
  min: LIMITS.milestones.min,
  max: LIMITS.milestones.max,
  valueMin: LIMITS.milestoneValueMin,
} as const;

/** Clamp a milestone count into 1..5; a track without milestones starts with one. */
export const clampMilestoneCount = (count: number) =>
  Number.isFinite(count)
    ? Math.min(MILESTONE_LIMITS.max, Math.max(MILESTONE_LIMITS.min, Math.trunc(count)))
    : MILESTONE_LIMITS.min;

/** Default milestone names of the progression pages ('tier 1' … 'tier 4', 'level 1' … 'level 4'). */
export const DEFAULT_PROGRESSION_LABEL_COUNT = 4;
export const defaultProgressionLabels = (kind: 'tier' | 'level') =>
  Array.from({ length: DEFAULT_PROGRESSION_LABEL_COUNT }, (_, index) => `${kind} ${index + 1}`);

export const BLANK_MILESTONE = {
  name: '',
  colour: '',
  source_value: 0,
  target_value: 0,
  image_url: '',
} as const;

export const YEAR_END_RULE_FLAGS = ['reset_points_annually', 'persist_tier_levels_annually'] as const;
export type TYearEndRuleFlag = (typeof YEAR_END_RULE_FLAGS)[number];
export const YEAR_END_RULE_LABELS: Record<TYearEndRuleFlag, string> = {
  reset_points_annually: 'Reset points annually',
  persist_tier_levels_annually: 'Persist tier levels annually',
};

/** Progress on the customer profile, as a percentage of the track's maximum (spec 1 §2.11). */
export const progressPercent = (current: number, maximum: number) =>
  maximum > 0 ? Math.min(100, Math.max(0, (current / maximum) * 100)) : 0;

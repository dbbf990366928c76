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

/**
 * How a tier is qualified for (beyond the spec; docs/architecture.md "Tier qualification"): NONE follows the
 * source at once; ROLLING_MONTHS and CALENDAR_YEAR take the highest source value of the window and review each
 * player's tier on their review date, dropping at most one tier per review when `downgrade_one_tier_per_review`.
 */
export const ZQualificationWindow = z.enum(['NONE', 'ROLLING_MONTHS', 'CALENDAR_YEAR']);
export type TQualificationWindow = z.infer<typeof ZQualificationWindow>;
export const QUALIFICATION_WINDOWS = ZQualificationWindow.options;
export const QUALIFICATION_WINDOW_LABELS: Record<TQualificationWindow, string> = {
  NONE: 'Tier follows the level at once',
  ROLLING_MONTHS: 'Highest level of the last N months',
  CALENDAR_YEAR: 'Highest level of the calendar year',
};
export const QUALIFICATION_MONTHS = { min: 1, max: 36, default: 12 } as const;

/** A player's place on a progression (player API, customer profile): the current milestone and the next. */
export const ZTrackProgress = z.object({
  /** The target statistic's value: the level number, or tier n (the n-th of Bronze..Diamond); 0 before the first. */
  value: z.number(),
  /** The reached milestone's name (or the tier's name for tiers); null before the first milestone. */
  name: z.string().nullable(),
  /** The source statistic's current value (XP for levels, the level for tiers). */
  source_value: z.number(),
  next: z.object({ name: z.string(), source_value: z.number(), target_value: z.number() }).nullable(),
  /** Of the way from the current milestone's threshold to the next one's; 100 at the top. */
  progress_to_next_percent: z.number(),
  /** The spec's profile percentage (spec 3 §9): value over the track's highest target value, times 100. */
  percent_of_track: z.number(),
});
export type TTrackProgress = z.infer<typeof ZTrackProgress>;

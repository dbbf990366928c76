import {
  consolePaths,
  defaultProgressionLabels,
  levelProgressionTitle,
  PROGRESSION_SOURCE_TARGET,
  REWARD_TRACK_MESSAGES,
  rewardTrackTitle,
  type TRewardTrackType,
  tierProgressionTitle,
} from '@laurel/contract';

/**
 * What differs between the three track pages (spec 3 §2, §5): titles, where a saved track lives, the fixed source
 * and target of the two progressions, what a milestone's target is called and which messages its checks give.
 */
export type TTrackKind = {
  type: TRewardTrackType;
  createTitle: string;
  title: (nameOrId: string) => string;
  detailsPath: (id?: string | null) => string;
  /** The progressions' fixed source and target; a generic track's are chosen from the statistics. */
  fixed: { source: string; target: string } | null;
  /** Label of a milestone's source and target values. */
  sourceValueLabel: string;
  targetValueLabel: string;
  /** A tier milestone's target is its position (1 = Bronze … 5 = Diamond), not typed. */
  targetLockedToPosition: boolean;
  /** Placeholders of the first milestones' names ('tier 1' … 'tier 4'). */
  namePlaceholders: readonly string[];
  messages: {
    sourceValue: string;
    targetValue: string;
  };
};

export const TRACK_KINDS: Record<TRewardTrackType, TTrackKind> = {
  TIER_PROGRESSION: {
    type: 'TIER_PROGRESSION',
    createTitle: REWARD_TRACK_MESSAGES.createTierTitle,
    title: tierProgressionTitle,
    detailsPath: consolePaths.tierProgressionDetails,
    fixed: PROGRESSION_SOURCE_TARGET.TIER_PROGRESSION,
    sourceValueLabel: 'Level',
    targetValueLabel: 'Tier',
    targetLockedToPosition: true,
    namePlaceholders: defaultProgressionLabels('tier'),
    messages: {
      sourceValue: REWARD_TRACK_MESSAGES.valueRequired,
      targetValue: REWARD_TRACK_MESSAGES.tierRequired,
    },
  },
  LEVEL_PROGRESSION: {
    type: 'LEVEL_PROGRESSION',
    createTitle: REWARD_TRACK_MESSAGES.createLevelTitle,
    title: levelProgressionTitle,
    detailsPath: consolePaths.levelProgressionDetails,
    fixed: PROGRESSION_SOURCE_TARGET.LEVEL_PROGRESSION,
    sourceValueLabel: 'XP',
    targetValueLabel: 'Level',
    targetLockedToPosition: false,
    namePlaceholders: defaultProgressionLabels('level'),
    messages: {
      sourceValue: REWARD_TRACK_MESSAGES.valueRequired,
      targetValue: REWARD_TRACK_MESSAGES.levelRequired,
    },
  },
  GENERIC: {
    type: 'GENERIC',
    createTitle: REWARD_TRACK_MESSAGES.createGenericTitle,
    title: rewardTrackTitle,
    detailsPath: consolePaths.rewardTrackDetails,
    fixed: null,
    sourceValueLabel: 'Source Value',
    targetValueLabel: 'Target Value',
    targetLockedToPosition: false,
    namePlaceholders: [],
    messages: {
      sourceValue: REWARD_TRACK_MESSAGES.sourceValueNotPositive,
      targetValue: REWARD_TRACK_MESSAGES.targetValueNotPositive,
    },
  },
};

/** The page that edits a track of this type. */
export const trackPath = (type: TRewardTrackType, id?: string | null) => TRACK_KINDS[type].detailsPath(id);

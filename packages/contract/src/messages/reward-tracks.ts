/** Reward track pages (spec 3 §2, §5, §8). */
export const REWARD_TRACK_MESSAGES = {
  listTitle: 'Reward Tracks',
  addRewardTrack: 'Add Reward Track',
  backToRewardTracks: 'Back to Reward Tracks',
  createTierTitle: 'Create a tier progression',
  createLevelTitle: 'Create a level progression',
  createGenericTitle: 'Create a reward track',
  informationSection: 'Reward Track Information',
  yearEndRulesSection: 'Configure Year-End Rules',
  milestonesSection: 'Milestones Configuration',
  numberOfMilestones: 'Number of Milestones',
  listFailed: 'Something went wrong when retrieving your reward tracks!',
  retrieveFailed: 'Something went wrong when retrieving your reward track!',
  saveFailed: 'Something went wrong when saving your reward track!',
  deleteFailed: 'Something went wrong when deleting your reward track!',
  customerTrackFailed: 'Something went wrong!',
  deleted: 'Successfully deleted reward track.',
  nameRequired: 'Name is required',
  valueRequired: 'Value is required',
  tierRequired: 'Tier is required',
  levelRequired: 'Level is required',
  imageRequired: 'Image is required',
  colorRequired: 'Color is required',
  sourceRequired: 'Source is required',
  targetRequired: 'Target is required',
  sourceValueNotPositive: 'Source value must be greater than 0',
  targetValueNotPositive: 'Target value must be greater than 0',
} as const;

export const tierProgressionTitle = (nameOrId: string) => `Tier Progression - ${nameOrId}`;
export const levelProgressionTitle = (name: string) => `Level Progression - ${name}`;
export const rewardTrackTitle = (nameOrId: string) => `Reward Track - ${nameOrId}`;
export const milestoneLabel = (position: number) => `Milestone ${position}`;

/** Server answers of the reward track API beyond the pages' own texts. */
export const REWARD_TRACK_API_MESSAGES = {
  notFound: 'The reward track could not be found.',
  saved: 'Reward track saved successfully.',
  onePerClient: (label: string) =>
    `A ${label} already exists for this client; edit it instead of creating another.`,
  unknownStatistic: (name: string) => `No statistic named '${name}' exists.`,
  systemTarget: (name: string) =>
    `'${name}' is kept by the engine and cannot be the target of a reward track; choose one of your own statistics.`,
  sameSourceAndTarget: 'Source and target must be different statistics',
  endBeforeStart: 'End date must be on or after the start date',
  invalidDate: 'Dates must be in the format YYYY-MM-DD',
  tooManyMilestones: 'A reward track has at most 5 milestones',
  wholeNumber: 'Milestone values must be whole numbers',
  qualificationMonths: 'The qualification window is 1 to 36 months',
  typeChanged: 'The type of a reward track cannot be changed',
} as const;

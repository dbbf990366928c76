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

/** Challenges list and editor (spec 2 §2, §5, §8). */
export const CHALLENGE_MESSAGES = {
  listTitle: 'Challenges',
  addChallenge: 'Add Challenge',
  createTitle: 'Create a challenge',
  backToChallenges: 'Back to Challenges',
  deleteWarning:
    "Deleting this challenge will permanently remove it and all player progress. Players currently working on this challenge will lose their progress and any rewards they haven't claimed.",
  deleted: 'Successfully deleted challenge.',
  deleteFailed: 'Something went wrong when deleting your challenge!',
  retrieveFailed: 'Something went wrong when retrieving your challenge!',
  saveFailed: 'Something went wrong when saving your challenge!',
  created: 'Your challenge has been added successfully.',
  saved: 'Successfully saved your challenge.',
  selectSegmentTitle: 'Select Segment',
  userSegmentLabel: 'User Segment',
  segmentIrreversible:
    'This step is irreversible: once a mission is granted to a segment, the only way to remove it is to delete the entire mission.',
  selectSegment: 'Please select a segment.',
  segmentSaved: 'Successfully saved the segment for this challenge.',
  objectivesTitle: 'Objectives',
  addObjective: 'Add Objective',
  nodesTitle: 'Nodes',
  noNodes: 'Oops... No nodes found. If you think this is an error please contact support.',
  deleteObjectiveTreesTitle: 'Confirm deletion of objective trees',
  deleteObjectiveTreesWarning: 'Users could lose access to this objective and its rewards.',
  titleRequired: 'Title is required',
  startDateRequired: 'Start date is required',
  endDateRequired: 'End date is required',
  endDateBeforeStart: 'End date cannot be earlier than the start date',
  // Server-side checks of the editor's body, each naming its field (spec 2 §3 error holders, §5).
  titleTooLong: 'Title must not be more than 120 characters',
  descriptionRequired: 'Description is required',
  statusRequired: 'Status must be draft, staging or released',
  imageType: 'Image must be a .png, .jpg, .jpeg or .svg file',
  objectiveTitleTooLong: 'Objective title must not be more than 120 characters',
  eventTypeRequired: 'Event type is required',
  scopeRequired: 'Select at least one product or category',
  scopeInvalid: 'Scope must be basket, products or categories',
  scopesInvalid:
    'Scopes must be a code type (EARN or DISCOUNT) or a payment method (CARD, WALLET, VOUCHER or POS)',
  triggerRequired: 'Trigger quantity is required',
  leaderboardTarget: 'Leaderboards can only rank by totalOrderValue',
  conditionInvalid: 'Condition is not valid',
  timeInvalid: 'Time must be HH:mm',
  daysRequired: 'Days is required for a duration date range',
  dateRangeRequired: 'Start date and end date are required for a date range between two dates',
  valueInvalid: 'Value must be a number between 0 and 999999999 of at most 20 characters',
  paymentMethodRequired: 'Select at least one payment method',
  rewardTypeRequired: 'Reward type must be badges, xp, level or cashback',
  rewardBadgeRequired: 'Select a badge for the badge reward',
  rewardAmountInvalid: 'Reward value must be a whole number of at least 1',
  cashbackPercentageInvalid: 'Cashback percentage must be between 0 and 100 in steps of 0.1',
  cashbackFixedInvalid: 'Cashback amount must be at least 0 with at most two decimal places',
  cashbackCurrencyRequired: 'Select the currency the cashback is paid in',
  badgeNotFound: 'The reward badge could not be found.',
  currencyNotFound: 'The cashback currency could not be found.',
  flowInvalid: 'The objective flow is not valid',
  notFound: 'The challenge could not be found.',
  alreadyLinked: 'This challenge is already granted to this segment.',
} as const;

/** A trigger quantity outside its event type's bounds (spec 2 §5). */
export const triggerQuantityRangeMessage = (min: number, max: number) =>
  `Trigger quantity must be between ${min} and ${max}`;

export const deleteChallengeTitle = (title: string) => `Confirm deletion of '${title}' challenge`;

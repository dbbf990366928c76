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
} as const;

export const deleteChallengeTitle = (title: string) => `Confirm deletion of '${title}' challenge`;

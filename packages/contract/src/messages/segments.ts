/** Segments list, editor and players (spec 2 §2, §5, §8). */
export const SEGMENT_MESSAGES = {
  listTitle: 'Segments',
  newSegment: 'New Segment',
  empty: 'No segments found.',
  listFailed: 'Something went wrong when retrieving your segments!',
  createTitle: 'Create Segment',
  editTitle: 'Edit Segment',
  backToSegments: 'Back to Segments',
  basicInformation: 'Basic Information',
  segmentRules: 'Segment Rules',
  segmentActions: 'Segment Actions',
  addAction: 'Add Action',
  noActions:
    'No actions defined. Add actions to automatically trigger when players enter or leave this segment.',
  actionsFooter:
    'All actions will be executed when the specified trigger occurs. Use different triggers to control when actions fire.',
  deleteWarning:
    'Deleting this segment will remove all players from it, and they will lose any segment-specific benefits.',
  nameRequired: 'Name is required',
  statisticRequired: 'Statistic is required',
  comparisonRequired: 'Comparison operator is required',
  filterValueRequired: 'Filter value is required',
  filterValueNotNumber: 'Filter value must be a valid number',
  triggerRequired: 'Trigger is required',
  itemRequired: 'Badge/Item is required',
  quantityNotPositive: 'Quantity must be greater than 0',
  quantityTooLarge: 'Quantity must be at most 999999',
  missionRequired: 'Mission/Challenge is required',
  notFoundTitle: 'Segment not found',
  notFound: 'The requested segment could not be found.',
  fetchFailedTitle: 'Failed to fetch segment',
  createFailedTitle: 'Failed to create segment',
  updateFailedTitle: 'Failed to update segment',
  deleteFailedTitle: 'Failed to delete segment',
  unknownError: 'Unknown error occurred',
  invalidId: 'Invalid segment ID',
} as const;

export const segmentDocumentTitle = (name: string) => `Segment - ${name}`;

/** Segment players page. */
export const SEGMENT_PLAYERS_MESSAGES = {
  subtitle: 'Players who match the segment criteria',
  detailsTitle: 'Segment Details',
  playersTitle: 'Players',
  loading: 'Loading players...',
  emptyTitle: 'No players found',
  empty: 'This segment currently has no players that match the specified criteria.',
  emptyReasons: [
    'No players have recorded the required statistic values yet.',
    'The segment filters may be too restrictive.',
    'Segments may take some time to populate after creation.',
  ],
  unknown: 'Unknown',
  noDescription: 'No description',
  noData: 'No data',
  never: 'Never',
} as const;

export const segmentPlayersHeading = (segmentName: string) => `${segmentName} Players`;

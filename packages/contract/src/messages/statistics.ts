/** Statistics list and editor (spec 2 §2, §5, §8). */
export const STATISTIC_MESSAGES = {
  listTitle: 'Statistics',
  addStatistic: 'Add Statistic',
  empty: 'No statistics found.',
  createTitle: 'Create Statistic',
  backToStatistics: 'Back to Statistics',
  listFailed: 'Something went wrong when retrieving your statistics!',
  fetchErrorTitle: 'Error fetching statistics',
  fetchError: 'An error occurred while fetching statistics.',
  createErrorTitle: 'Error creating statistic',
  createError: 'An error occurred while creating the statistic.',
  updateErrorTitle: 'Error updating statistic',
  updateError: 'An error occurred while updating the statistic.',
  deleteErrorTitle: 'Error deleting statistic',
  deleteError: 'An error occurred while deleting the statistic.',
  created: 'Statistic created successfully!',
  updated: 'Statistic updated successfully!',
  deleted: 'Statistic deleted successfully!',
  nameRequired: 'Name is required',
  aggregationMethodRequired: 'Aggregation method is required',
  resetIntervalRequired: 'Reset interval is required',
} as const;

export const statisticTitle = (name: string) => `Statistic - ${name}`;

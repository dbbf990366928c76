/** Transaction reports and dashboard (spec 3 §2, §8). */
export const REPORT_MESSAGES = {
  economyHeading: 'Economy Transaction:',
  economyFailed: 'Something went wrong when retrieving your economy transactions!',
  challengesFailed: 'Something went wrong when retrieving your challenge transactions!',
  badgesFailed: 'Something went wrong when retrieving your badge transactions!',
  rewardTracksFailed: 'Something went wrong when retrieving your reward track transactions!',
  redemptionsFailed: 'Something went wrong when retrieving your redemptions!',
} as const;

export const DASHBOARD_MESSAGES = {
  branchListFailed: 'Something went wrong fetching dashboard branch list!',
} as const;

export const dashboardWelcome = (name: string) => `Welcome back, ${name}`;

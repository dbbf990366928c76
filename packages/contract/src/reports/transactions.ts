import { z } from 'zod';

export const ZEconomyTransactionType = z.enum([
  'Earning Event',
  'Cashback',
  'XP Points',
  'Spending',
  'Opening Balance',
  /** What an erased member held: they can never redeem it, so it leaves the books at erasure (DESIGN §10). */
  'Forfeited',
]);
export type TEconomyTransactionType = z.infer<typeof ZEconomyTransactionType>;
export const ECONOMY_TRANSACTION_TYPES = ZEconomyTransactionType.options;
export const DEFAULT_ECONOMY_TRANSACTION_TYPE: TEconomyTransactionType = 'Earning Event';

export const ZChallengeTransactionStatus = z.enum(['Active', 'Completed', 'Expired', 'Failed']);
export type TChallengeTransactionStatus = z.infer<typeof ZChallengeTransactionStatus>;
export const CHALLENGE_TRANSACTION_STATUSES = ZChallengeTransactionStatus.options;
export const DEFAULT_CHALLENGE_TRANSACTION_STATUS: TChallengeTransactionStatus = 'Active';

export const ZRewardTrackTransactionStatus = z.enum([
  'In Progress',
  'Completed',
  'Reward Claimed',
  'Imported',
]);
export type TRewardTrackTransactionStatus = z.infer<typeof ZRewardTrackTransactionStatus>;
export const REWARD_TRACK_TRANSACTION_STATUSES = ZRewardTrackTransactionStatus.options;
export const DEFAULT_REWARD_TRACK_TRANSACTION_STATUS: TRewardTrackTransactionStatus = 'In Progress';

/** The four transaction reports (spec 3 §2); the value is the path segment under /api/transactions. */
export const ZTransactionReport = z.enum(['economy', 'challenges', 'badges', 'reward-tracks']);
export type TTransactionReport = z.infer<typeof ZTransactionReport>;
export const TRANSACTION_REPORTS = ZTransactionReport.options;

/**
 * Every report the shared report framework serves (list, snapshot cards, COPY export): the four transaction
 * reports, and the rewards area's Redemptions report (DESIGN §10), which keeps its own permission and plan.
 */
export const ZReportKind = z.enum([...TRANSACTION_REPORTS, 'redemptions']);
export type TReportKind = z.infer<typeof ZReportKind>;

/** Multi-select filter values are joined with this into the search string. */
export const MULTI_SELECT_SEPARATOR = '|';
export const joinFilterValues = (values: readonly string[]) => values.join(MULTI_SELECT_SEPARATOR);
export const splitFilterValues = (value: string) =>
  value
    .split(MULTI_SELECT_SEPARATOR)
    .map((part) => part.trim())
    .filter((part) => part.length > 0);

/** Snapshot card titles per report. */
export const REPORT_CARD_LABELS = {
  economy: ['Total Earnings', 'Total Cashback', 'Total XP Earned', 'Total Spent', 'Total Wallet Liability'],
  challenges: [
    'Total Challenges Participated',
    'Total Challenges Completed',
    'Total Rewards Distributed',
    'Total XP Earned',
  ],
  badges: ['Total Badges Earned', 'Unique Users with Badges', 'Most Earned Badge'],
  'reward-tracks': ['Total Users on Reward Tracks', 'Total Rewards Claimed', 'Most Popular Reward Track'],
  redemptions: ['Redemptions', 'Points Spent', 'Coupons Used', 'Most Redeemed Reward'],
} as const satisfies Record<TReportKind, readonly string[]>;

export const REPORT_TITLES: Record<TReportKind, string> = {
  economy: 'Economy Transactions',
  challenges: 'Challenges Transactions',
  badges: 'Badge Transactions',
  'reward-tracks': 'Reward Track Transactions',
  redemptions: 'Redemptions',
};

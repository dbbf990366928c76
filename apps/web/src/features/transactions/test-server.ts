import type { TSessionUser, TTransactionRow, TTransactionSummary } from '@laurel/contract';
import { jsonResponse } from '@/test/render-app';
import { signInOnStarter } from '@/test/sign-in';
import { ok, stubApi } from '@/test/stub-api';

export const THANDI_ID = 'a'.repeat(24);

export const badgeRow = (overrides: Partial<TTransactionRow<'badges'>> = {}): TTransactionRow<'badges'> => ({
  _id: '1'.repeat(24),
  badge_transaction_id: 'evt-1',
  date_time: '2026-03-01T10:00:00.000Z',
  user_id: THANDI_ID,
  user_name: 'Thandi Mokoena',
  branch_location: 'North',
  badge_name: 'Regular',
  badge_category: 'Achievement',
  badge_level: 1,
  xp_points_earned: 0,
  created_at: '2026-03-01T10:00:00.000Z',
  updated_at: '2026-03-01T10:00:00.000Z',
  ...overrides,
});

export const BADGE_SUMMARY: TTransactionSummary = {
  cards: [
    { label: 'Total Badges Earned', value: 1234, detail: null },
    { label: 'Unique Users with Badges', value: 800, detail: null },
    { label: 'Most Earned Badge', value: 'Regular', detail: '900' },
  ],
  options: {
    badge_category: ['Achievement', 'Milestone', 'Event-based'],
    badge_level: ['1', '3'],
    branch_location: ['North', 'South'],
    badge_name: ['Big Spender', 'Regular'],
  },
  count: 1234,
};

type TReplies = Parameters<typeof stubApi>[0];

/** Signs in (an admin by default) and answers the badge report's calls. */
export const serveBadgeReport = (user: Partial<TSessionUser> = {}, replies: TReplies = {}) => {
  const { clientReplies } = signInOnStarter(user);
  return stubApi({
    ...clientReplies,
    'GET /api/transactions/badges': () =>
      jsonResponse(200, {
        success: true,
        message: '',
        content: [
          badgeRow(),
          badgeRow({
            _id: '2'.repeat(24),
            badge_name: 'Big Spender',
            badge_category: 'Milestone',
            badge_level: 3,
          }),
        ],
        pagination: { count: 1234, hasMore: true, count_capped: false },
      }),
    'GET /api/transactions/badges/summary': () => ok(BADGE_SUMMARY),
    ...replies,
  });
};

const listOf = (rows: unknown[]) =>
  jsonResponse(200, {
    success: true,
    message: '',
    content: rows,
    pagination: { count: rows.length, hasMore: false, count_capped: false },
  });

export const economyRow = (
  overrides: Partial<TTransactionRow<'economy'>> = {},
): TTransactionRow<'economy'> => ({
  _id: '3'.repeat(24),
  transaction_id: 'order-1009',
  date_time: '2026-03-01T10:00:00.000Z',
  user_id: THANDI_ID,
  user_name: 'Thandi Mokoena',
  branch_location: 'North',
  transaction_type: 'Cashback',
  value: 4.25,
  currency: 'BB',
  xp_points_earned: 0,
  wallet_balance_post_transaction: 14.25,
  created_at: '2026-03-01T10:00:00.000Z',
  updated_at: '2026-03-01T10:00:00.000Z',
  ...overrides,
});

export const ECONOMY_SUMMARY: TTransactionSummary = {
  cards: [
    { label: 'Total Earnings', value: 4.25, detail: null },
    { label: 'Total Cashback', value: 4.25, detail: null },
    { label: 'Total XP Earned', value: 0, detail: null },
    { label: 'Total Spent', value: 0, detail: null },
    { label: 'Total Wallet Liability', value: 14.25, detail: null },
  ],
  options: {
    branch_location: ['North'],
    transaction_type: ['Earning Event', 'Cashback', 'XP Points', 'Spending'],
    currency: ['BB'],
  },
  count: 1,
};

/** Signs in as an admin and answers the economy report's calls. */
export const serveEconomyReport = (replies: TReplies = {}) => {
  const { clientReplies } = signInOnStarter();
  return stubApi({
    ...clientReplies,
    'GET /api/transactions/economy': () => listOf([economyRow()]),
    'GET /api/transactions/economy/summary': () => ok(ECONOMY_SUMMARY),
    ...replies,
  });
};

export const rewardTrackRow = (
  overrides: Partial<TTransactionRow<'reward-tracks'>> = {},
): TTransactionRow<'reward-tracks'> => ({
  _id: '4'.repeat(24),
  reward_track_transaction_id: 'evt-7',
  date_time: '2026-03-01T10:00:00.000Z',
  user_id: THANDI_ID,
  user_name: 'Thandi Mokoena',
  branch_location: 'North',
  reward_track_name: 'Levels 2025',
  milestone_reached: 'level 1',
  reward_claimed: 'Level 1',
  reward_value: 1,
  xp_points_earned: 120,
  status: 'Reward Claimed',
  created_at: '2026-03-01T10:00:00.000Z',
  updated_at: '2026-03-01T10:00:00.000Z',
  ...overrides,
});

/** Signs in as an admin and answers the reward track report's calls; the options are the rows' track names. */
export const serveRewardTrackReport = (replies: TReplies = {}) => {
  const { clientReplies } = signInOnStarter();
  return stubApi({
    ...clientReplies,
    'GET /api/transactions/reward-tracks': () => listOf([rewardTrackRow()]),
    'GET /api/transactions/reward-tracks/summary': () =>
      ok({
        cards: [
          { label: 'Total Users on Reward Tracks', value: 1, detail: null },
          { label: 'Total Rewards Claimed', value: 1, detail: null },
          { label: 'Most Popular Reward Track', value: 'Levels 2025', detail: '1' },
        ],
        options: {
          branch_location: ['North'],
          status: ['In Progress', 'Completed', 'Reward Claimed'],
          reward_track_name: ['Levels', 'Levels 2025'],
        },
        count: 1,
      } satisfies TTransactionSummary),
    ...replies,
  });
};

export const redemptionRow = (
  overrides: Partial<TTransactionRow<'redemptions'>> = {},
): TTransactionRow<'redemptions'> => ({
  _id: '5'.repeat(24),
  date_time: '2026-03-02T09:30:00.000Z',
  user_id: THANDI_ID,
  user_name: 'Thandi Mokoena',
  branch_location: 'North',
  reward_id: '6'.repeat(24),
  reward_name: 'Free coffee',
  reward_type: 'coupon',
  status: 'issued',
  coupon_code: 'K7PX2MZ9QRTA',
  cost: 50,
  currency: 'BNS',
  expires_at: '2026-04-01T09:30:00.000Z',
  used_at: null,
  cancelled_at: null,
  created_at: '2026-03-02T09:30:00.000Z',
  updated_at: '2026-03-02T09:30:00.000Z',
  ...overrides,
});

/** The cards over the redemptions that stand: the cancelled mug is listed, not counted. */
export const REDEMPTIONS_SUMMARY: TTransactionSummary = {
  cards: [
    { label: 'Redemptions', value: 1, detail: null },
    { label: 'Points Spent', value: 50, detail: 'BNS' },
    { label: 'Coupons Used', value: 0, detail: null },
    { label: 'Most Redeemed Reward', value: 'Free coffee', detail: '1' },
  ],
  options: {
    branch_location: ['North', 'South'],
    status: ['issued', 'used', 'cancelled', 'expired'],
    reward_name: ['Branded mug', 'Free coffee'],
  },
  count: 2,
};

/** Signs in as an admin and answers the Redemptions report's calls: a valid coffee coupon and an expired mug. */
export const serveRedemptionsReport = (replies: TReplies = {}, user: Partial<TSessionUser> = {}) => {
  const { clientReplies } = signInOnStarter(user);
  return stubApi({
    ...clientReplies,
    'GET /api/rewards/redemptions': () =>
      listOf([
        redemptionRow(),
        redemptionRow({
          _id: '7'.repeat(24),
          reward_name: 'Branded mug',
          reward_type: 'physical',
          status: 'cancelled',
          coupon_code: null,
          cost: 200,
          branch_location: 'South',
        }),
      ]),
    'GET /api/rewards/redemptions/summary': () => ok(REDEMPTIONS_SUMMARY),
    ...replies,
  });
};

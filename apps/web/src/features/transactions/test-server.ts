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
        content: {
          transactions: [
            badgeRow(),
            badgeRow({
              _id: '2'.repeat(24),
              badge_name: 'Big Spender',
              badge_category: 'Milestone',
              badge_level: 3,
            }),
          ],
          count: 1234,
          count_capped: false,
        },
        pagination: { count: 1234, hasMore: true },
      }),
    'GET /api/transactions/badges/summary': () => ok(BADGE_SUMMARY),
    ...replies,
  });
};

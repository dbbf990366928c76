import { ROUTE_PATTERNS } from '@laurel/contract';
import type { RouteObject } from 'react-router';
import { viewableBy } from '@/ui/area-gate';
import { lazyPage } from '@/ui/lazy-page';

const EconomyTransactionsPage = lazyPage(
  () => import('@/features/transactions/pages/transaction-report-page'),
  'EconomyTransactionsPage',
);
const ChallengeTransactionsPage = lazyPage(
  () => import('@/features/transactions/pages/transaction-report-page'),
  'ChallengeTransactionsPage',
);
const BadgeTransactionsPage = lazyPage(
  () => import('@/features/transactions/pages/transaction-report-page'),
  'BadgeTransactionsPage',
);
const RewardTrackTransactionsPage = lazyPage(
  () => import('@/features/transactions/pages/transaction-report-page'),
  'RewardTrackTransactionsPage',
);

// The rewards area's report on this framework, with the rewards' own Accept Coupon.
const RedemptionsReportPage = lazyPage(
  () => import('@/features/rewards/pages/redemptions-page'),
  'RedemptionsReportPage',
);

/** The four transaction reports (spec 3 §2) and the rewards' Redemptions report, one page for all. */
export const transactionsRoutes: RouteObject[] = [
  ...viewableBy(
    ['TRANSACTIONS'],
    [
      { path: ROUTE_PATTERNS.economyTransactions, element: <EconomyTransactionsPage /> },
      { path: ROUTE_PATTERNS.challengeTransactions, element: <ChallengeTransactionsPage /> },
      { path: ROUTE_PATTERNS.badgeTransactions, element: <BadgeTransactionsPage /> },
      { path: ROUTE_PATTERNS.rewardTrackTransactions, element: <RewardTrackTransactionsPage /> },
    ],
  ),
  // The rewards area's report: its View flag opens it, as in the sidebar.
  ...viewableBy(
    ['REWARDS'],
    [{ path: ROUTE_PATTERNS.rewardRedemptions, element: <RedemptionsReportPage /> }],
  ),
];

import { ROUTE_PATTERNS } from '@laurel/contract';
import type { RouteObject } from 'react-router';
import { lazyPage } from '@/ui/lazy-page';

const load = () => import('@/features/transactions/pages');
const EconomyTransactionsPage = lazyPage(load, 'EconomyTransactionsPage');
const ChallengeTransactionsPage = lazyPage(load, 'ChallengeTransactionsPage');
const BadgeTransactionsPage = lazyPage(load, 'BadgeTransactionsPage');
const RewardTrackTransactionsPage = lazyPage(load, 'RewardTrackTransactionsPage');

/** The four transaction reports (spec 3 §2). */
export const transactionsRoutes: RouteObject[] = [
  { path: ROUTE_PATTERNS.economyTransactions, element: <EconomyTransactionsPage /> },
  { path: ROUTE_PATTERNS.challengeTransactions, element: <ChallengeTransactionsPage /> },
  { path: ROUTE_PATTERNS.badgeTransactions, element: <BadgeTransactionsPage /> },
  { path: ROUTE_PATTERNS.rewardTrackTransactions, element: <RewardTrackTransactionsPage /> },
];

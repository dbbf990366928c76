import { ROUTE_PATTERNS } from '@laurel/contract';
import type { RouteObject } from 'react-router';
import { viewableBy } from '@/ui/area-gate';
import { lazyPage } from '@/ui/lazy-page';

const RewardsPage = lazyPage(() => import('@/features/rewards/pages/rewards-page'), 'RewardsPage');
const RewardPage = lazyPage(() => import('@/features/rewards/pages/reward-page'), 'RewardPage');

/** `/console/rewards` and `/console/reward/{reward_id?}` (DESIGN §10). */
export const rewardsRoutes: RouteObject[] = viewableBy(
  ['REWARDS'],
  [
    { path: ROUTE_PATTERNS.rewards, element: <RewardsPage /> },
    { path: ROUTE_PATTERNS.reward, element: <RewardPage /> },
  ],
);

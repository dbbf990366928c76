import { ROUTE_PATTERNS } from '@laurel/contract';
import type { RouteObject } from 'react-router';
import { viewableBy } from '@/ui/area-gate';
import { lazyPage } from '@/ui/lazy-page';

const StatisticsPage = lazyPage(
  () => import('@/features/statistics/pages/statistics-page'),
  'StatisticsPage',
);
const StatisticPage = lazyPage(() => import('@/features/statistics/pages/statistic-page'), 'StatisticPage');

/** `/console/statistics` and `/console/statistic/{statistic_id?}` (spec 2 §2). */
export const statisticsRoutes: RouteObject[] = viewableBy(
  ['STATISTICS'],
  [
    { path: ROUTE_PATTERNS.statistics, element: <StatisticsPage /> },
    { path: ROUTE_PATTERNS.statistic, element: <StatisticPage /> },
  ],
);

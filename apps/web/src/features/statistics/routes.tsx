import { ROUTE_PATTERNS } from '@laurel/contract';
import type { RouteObject } from 'react-router';
import { lazyPage } from '@/ui/lazy-page';

const load = () => import('@/features/statistics/pages');
const StatisticsPage = lazyPage(load, 'StatisticsPage');
const StatisticPage = lazyPage(load, 'StatisticPage');

/** `/console/statistics` and `/console/statistic/{statistic_id?}` (spec 2 §2). */
export const statisticsRoutes: RouteObject[] = [
  { path: ROUTE_PATTERNS.statistics, element: <StatisticsPage /> },
  { path: ROUTE_PATTERNS.statistic, element: <StatisticPage /> },
];

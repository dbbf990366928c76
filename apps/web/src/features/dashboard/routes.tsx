import { ROUTE_PATTERNS } from '@laurel/contract';
import type { RouteObject } from 'react-router';
import { lazyPage } from '@/ui/lazy-page';

const DashboardPage = lazyPage(() => import('@/features/dashboard/pages'), 'DashboardPage');

export const dashboardRoutes: RouteObject[] = [
  { path: ROUTE_PATTERNS.dashboard, element: <DashboardPage /> },
];

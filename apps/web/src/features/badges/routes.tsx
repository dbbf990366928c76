import { ROUTE_PATTERNS } from '@laurel/contract';
import type { RouteObject } from 'react-router';
import { lazyPage } from '@/ui/lazy-page';

const load = () => import('@/features/badges/pages');
const BadgesPage = lazyPage(load, 'BadgesPage');
const BadgePage = lazyPage(load, 'BadgePage');

/** `/console/badges` and `/console/badge/{badge_id?}` (spec 2 §2). */
export const badgesRoutes: RouteObject[] = [
  { path: ROUTE_PATTERNS.badges, element: <BadgesPage /> },
  { path: ROUTE_PATTERNS.badge, element: <BadgePage /> },
];

import { ROUTE_PATTERNS } from '@laurel/contract';
import type { RouteObject } from 'react-router';
import { viewableBy } from '@/ui/area-gate';
import { lazyPage } from '@/ui/lazy-page';

const BadgesPage = lazyPage(() => import('@/features/badges/pages/badges-page'), 'BadgesPage');
const BadgePage = lazyPage(() => import('@/features/badges/pages/badge-page'), 'BadgePage');

/** `/console/badges` and `/console/badge/{badge_id?}` (spec 2 §2). */
export const badgesRoutes: RouteObject[] = viewableBy(
  ['BADGES'],
  [
    { path: ROUTE_PATTERNS.badges, element: <BadgesPage /> },
    { path: ROUTE_PATTERNS.badge, element: <BadgePage /> },
  ],
);

import { consolePaths, ROUTE_PATTERNS } from '@laurel/contract';
import { Navigate, type RouteObject } from 'react-router';
import { viewableBy } from '@/ui/area-gate';
import { lazyPage } from '@/ui/lazy-page';

const BasketsPage = lazyPage(() => import('@/features/baskets/pages/baskets-page'), 'BasketsPage');

/** `/console/baskets` (DESIGN §7); a basket row opens nothing (spec 1 §2.15). */
export const basketsRoutes: RouteObject[] = viewableBy(
  ['BASKETS'],
  [
    { path: ROUTE_PATTERNS.baskets, element: <BasketsPage /> },
    // Spec 1's `/basket` constant: a basket has no page of its own (its row opens nothing), so the list.
    { path: ROUTE_PATTERNS.basket, element: <Navigate to={consolePaths.baskets} replace /> },
  ],
);

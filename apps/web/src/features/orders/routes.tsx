import { ROUTE_PATTERNS } from '@laurel/contract';
import type { RouteObject } from 'react-router';
import { viewableBy } from '@/ui/area-gate';
import { lazyPage } from '@/ui/lazy-page';

const OrdersPage = lazyPage(() => import('@/features/orders/pages/orders-page'), 'OrdersPage');
const OrderPage = lazyPage(() => import('@/features/orders/pages/order-page'), 'OrderPage');

/** `/console/orders` and `/console/order/{id}` (DESIGN §7). */
export const ordersRoutes: RouteObject[] = viewableBy(
  ['ORDERS'],
  [
    { path: ROUTE_PATTERNS.orders, element: <OrdersPage /> },
    { path: ROUTE_PATTERNS.order, element: <OrderPage /> },
  ],
);

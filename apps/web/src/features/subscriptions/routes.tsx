import { ROUTE_PATTERNS } from '@laurel/contract';
import type { RouteObject } from 'react-router';
import { lazyPage } from '@/ui/lazy-page';

const load = () => import('@/features/subscriptions/pages');
const SubscriptionsPage = lazyPage(load, 'SubscriptionsPage');
const SubscriptionPage = lazyPage(load, 'SubscriptionPage');

/** `/console/subscriptions`, `/console/create-subscription`, `/console/subscription-details/{id}` (DESIGN §7). */
export const subscriptionsRoutes: RouteObject[] = [
  { path: ROUTE_PATTERNS.subscriptions, element: <SubscriptionsPage /> },
  { path: ROUTE_PATTERNS.createSubscription, element: <SubscriptionPage /> },
  { path: ROUTE_PATTERNS.subscriptionDetails, element: <SubscriptionPage /> },
];

import { ROUTE_PATTERNS } from '@laurel/contract';
import type { RouteObject } from 'react-router';
import { viewableBy } from '@/ui/area-gate';
import { lazyPage } from '@/ui/lazy-page';

const SubscriptionsPage = lazyPage(
  () => import('@/features/subscriptions/pages/subscriptions-page'),
  'SubscriptionsPage',
);
const SubscriptionPage = lazyPage(
  () => import('@/features/subscriptions/pages/subscription-page'),
  'SubscriptionPage',
);

/** `/console/subscriptions`, `/console/create-subscription`, `/console/subscription-details/{id}` (DESIGN §7). */
export const subscriptionsRoutes: RouteObject[] = viewableBy(
  ['SUBSCRIPTIONS'],
  [
    { path: ROUTE_PATTERNS.subscriptions, element: <SubscriptionsPage /> },
    { path: ROUTE_PATTERNS.createSubscription, element: <SubscriptionPage /> },
    { path: ROUTE_PATTERNS.subscriptionDetails, element: <SubscriptionPage /> },
  ],
);

import { ROUTE_PATTERNS } from '@laurel/contract';
import { Navigate, type RouteObject, useLocation, useRoutes } from 'react-router';
import { consoleRoute } from '@/app/console/routes';
import { NotFoundPage } from '@/app/not-found-page';
import { RootLayout } from '@/app/root-layout';
import { RouteErrorBoundary } from '@/app/route-error-page';
import { accountSecurityRoutes } from '@/features/account-security';
import { badgesRoutes } from '@/features/badges';
import { basketsRoutes } from '@/features/baskets';
import { challengesRoutes } from '@/features/challenges';
import { customersRoutes } from '@/features/customers';
import { dashboardRoutes } from '@/features/dashboard';
import { economyRoutes } from '@/features/economy';
import { legalRoutes } from '@/features/legal';
import { ordersRoutes } from '@/features/orders';
import { productsRoutes } from '@/features/products';
import { rewardTracksRoutes } from '@/features/reward-tracks';
import { rewardsRoutes } from '@/features/rewards';
import { segmentsRoutes } from '@/features/segments';
import { settingsRoutes } from '@/features/settings';
import { statisticsRoutes } from '@/features/statistics';
import { subscriptionsRoutes } from '@/features/subscriptions';
import { transactionsRoutes } from '@/features/transactions';
import { usersRoutes } from '@/features/users';
import { signUpRoute, welcomeRoutes } from '@/features/welcome';

/** Joins the areas' routes (spec 1 §2.1-2.2); each area owns its paths and lazy pages. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { index: true, element: <Navigate to={ROUTE_PATTERNS.logIn} replace /> },
      welcomeRoutes,
      signUpRoute,
      consoleRoute([
        ...dashboardRoutes,
        ...customersRoutes,
        ...ordersRoutes,
        ...basketsRoutes,
        ...subscriptionsRoutes,
        ...productsRoutes,
        ...challengesRoutes,
        ...badgesRoutes,
        ...statisticsRoutes,
        ...segmentsRoutes,
        ...rewardTracksRoutes,
        ...rewardsRoutes,
        ...economyRoutes,
        ...transactionsRoutes,
        ...usersRoutes,
        ...accountSecurityRoutes,
        ...settingsRoutes,
      ]),
      ...legalRoutes,
      {
        path: '*',
        element: (
          <main>
            <NotFoundPage />
          </main>
        ),
      },
    ],
  },
];

/**
 * The route tree, for `<BrowserRouter>` (or `<MemoryRouter>` in tests). Routes only render elements (no loaders or
 * actions), so the declarative router does all the app needs without the data router's code in every first load.
 * Whatever a page throws while rendering, or a page's chunk that fails to load, shows the error page instead.
 */
export const AppRoutes = () => {
  const location = useLocation();
  const element = useRoutes(routes);
  return <RouteErrorBoundary location={location}>{element}</RouteErrorBoundary>;
};

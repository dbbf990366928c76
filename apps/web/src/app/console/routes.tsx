import { ROUTE_PATTERNS } from '@laurel/contract';
import { Navigate, type RouteObject } from 'react-router';
import { NotFoundPage } from '@/app/not-found-page';
import { RequireSession } from '@/app/session-guards';
import { lazyPage } from '@/ui/lazy-page';

const ConsoleLayout = lazyPage(() => import('@/app/console/console-layout'), 'ConsoleLayout');

/** `/console`: needs a session; its index opens the dashboard; the areas' pages render inside the shell. */
export const consoleRoute = (children: RouteObject[]): RouteObject => ({
  path: ROUTE_PATTERNS.console,
  element: (
    <RequireSession>
      <ConsoleLayout />
    </RequireSession>
  ),
  children: [
    { index: true, element: <Navigate to={ROUTE_PATTERNS.dashboard} replace /> },
    ...children,
    { path: '*', element: <NotFoundPage /> },
  ],
});

import { ROUTE_PATTERNS } from '@laurel/contract';
import type { ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { useSession } from '@/api/use-session';
import { routePatterns } from '@/app/console/available-paths';
import { NotFoundPage } from '@/app/not-found-page';
import { RequireSession } from '@/app/session-guards';
import { isSigningOut } from '@/app/use-sign-out';
import { lazyPage } from '@/ui/lazy-page';

const ConsoleLayout = lazyPage(() => import('@/app/console/console-layout'), 'ConsoleLayout');

/** While 'Log Out' leaves for log-in, the console shows nothing instead of sending the user there itself. */
const ConsoleSessionGuard = ({ children }: { children: ReactNode }) => {
  const session = useSession();
  if (!session && isSigningOut()) return null;
  return <RequireSession>{children}</RequireSession>;
};

/**
 * `/console`: needs a session; its index opens the dashboard; the areas' pages render inside the shell. The shell
 * learns which pages exist from the areas' routes, so the sidebar offers only those.
 */
export const consoleRoute = (children: RouteObject[]): RouteObject => ({
  path: ROUTE_PATTERNS.console,
  element: (
    <ConsoleSessionGuard>
      <ConsoleLayout routePatterns={routePatterns(children, ROUTE_PATTERNS.console)} />
    </ConsoleSessionGuard>
  ),
  children: [
    { index: true, element: <Navigate to={ROUTE_PATTERNS.dashboard} replace /> },
    ...children,
    { path: '*', element: <NotFoundPage /> },
  ],
});

import { consolePaths, ROUTE_PATTERNS } from '@laurel/contract';
import { Navigate, type RouteObject } from 'react-router';
import { lazyPage } from '@/ui/lazy-page';

const load = () => import('@/features/settings/pages');
const SettingsLayout = lazyPage(load, 'SettingsLayout');
const AccountSettingsPage = lazyPage(load, 'AccountSettingsPage');

/** `/console/settings` opens its first tab, Account (DESIGN §7). */
export const settingsRoutes: RouteObject[] = [
  {
    path: ROUTE_PATTERNS.settings,
    element: <SettingsLayout />,
    children: [
      { index: true, element: <Navigate to={consolePaths.settingsTab('account')} replace /> },
      { path: consolePaths.settingsTab('account'), element: <AccountSettingsPage /> },
    ],
  },
];

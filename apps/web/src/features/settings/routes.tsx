import { consolePaths, ROUTE_PATTERNS } from '@laurel/contract';
import { Navigate, type RouteObject } from 'react-router';
import { settingsPaths } from '@/features/settings/settings-paths';
import { lazyPage } from '@/ui/lazy-page';

const load = () => import('@/features/settings/pages');
const SettingsLayout = lazyPage(load, 'SettingsLayout');
const AccountSettingsPage = lazyPage(load, 'AccountSettingsPage');
const BranchesPage = lazyPage(load, 'BranchesPage');
const BranchPage = lazyPage(load, 'BranchPage');
const AuditLogPage = lazyPage(load, 'AuditLogPage');
const IntegrationsPage = lazyPage(load, 'IntegrationsPage');

/**
 * `/console/settings` opens its first tab, Account (DESIGN §7). Adding and editing a branch are routes of the
 * Branches tab ('/new', '/:branchId'), so that Back closes them.
 */
export const settingsRoutes: RouteObject[] = [
  {
    path: ROUTE_PATTERNS.settings,
    element: <SettingsLayout />,
    children: [
      { index: true, element: <Navigate to={consolePaths.settingsTab('account')} replace /> },
      { path: consolePaths.settingsTab('account'), element: <AccountSettingsPage /> },
      { path: settingsPaths.branches, element: <BranchesPage /> },
      { path: settingsPaths.newBranch, element: <BranchPage /> },
      { path: settingsPaths.branchPattern, element: <BranchPage /> },
      { path: settingsPaths.integrations, element: <IntegrationsPage /> },
      { path: settingsPaths.auditLog, element: <AuditLogPage /> },
    ],
  },
];

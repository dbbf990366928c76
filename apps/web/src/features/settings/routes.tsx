import { consolePaths, ROUTE_PATTERNS } from '@laurel/contract';
import { Navigate, type RouteObject } from 'react-router';
import { settingsPaths } from '@/features/settings/settings-paths';
import { lazyPage } from '@/ui/lazy-page';

const SettingsLayout = lazyPage(() => import('@/features/settings/pages/settings-layout'), 'SettingsLayout');
const AccountSettingsPage = lazyPage(
  () => import('@/features/settings/pages/account-settings-page'),
  'AccountSettingsPage',
);
const BranchesPage = lazyPage(
  () => import('@/features/settings/branches/pages/branches-page'),
  'BranchesPage',
);
const BranchPage = lazyPage(() => import('@/features/settings/branches/pages/branch-page'), 'BranchPage');
const AuditLogPage = lazyPage(
  () => import('@/features/settings/audit-log/pages/audit-log-page'),
  'AuditLogPage',
);
const WebhooksPage = lazyPage(
  () => import('@/features/settings/webhooks/pages/webhooks-page'),
  'WebhooksPage',
);
const WebhookDeliveriesPage = lazyPage(
  () => import('@/features/settings/webhooks/pages/webhook-deliveries-page'),
  'WebhookDeliveriesPage',
);
const IntegrationsPage = lazyPage(
  () => import('@/features/settings/integrations/pages/integrations-page'),
  'IntegrationsPage',
);

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
      { path: ROUTE_PATTERNS.webhooks, element: <WebhooksPage /> },
      { path: ROUTE_PATTERNS.webhookDeliveries, element: <WebhookDeliveriesPage /> },
      { path: settingsPaths.auditLog, element: <AuditLogPage /> },
    ],
  },
  // Spec 1's route constants for the plan and billing pages: the current plan and Manage Plan are in Account.
  { path: ROUTE_PATTERNS.packages, element: <Navigate to={consolePaths.settingsTab('account')} replace /> },
  { path: ROUTE_PATTERNS.billings, element: <Navigate to={consolePaths.settingsTab('account')} replace /> },
];

export { AuditLogPage } from '@/features/settings/audit-log/pages/audit-log-page';
export { BranchPage } from '@/features/settings/branches/pages/branch-page';
export { BranchesPage } from '@/features/settings/branches/pages/branches-page';
export { IntegrationsPage } from '@/features/settings/integrations/pages/integrations-page';
export { AccountSettingsPage } from './account-settings-page';
export { SettingsLayout } from './settings-layout';

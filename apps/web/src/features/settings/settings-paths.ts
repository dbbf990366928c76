import { consolePaths } from '@laurel/contract';

/** The settings tabs, in order (DESIGN §7); the audit log sits beside the contract's tabs. */
export const SETTINGS_TABS = [
  { value: 'account', label: 'Account', path: consolePaths.settingsTab('account') },
  { value: 'branches', label: 'Branches', path: consolePaths.settingsTab('branches') },
  { value: 'integrations', label: 'Integrations', path: consolePaths.settingsTab('integrations') },
  { value: 'audit-log', label: 'Audit Log', path: `${consolePaths.settings}/audit-log` },
] as const;
export type TSettingsTabValue = (typeof SETTINGS_TABS)[number]['value'];

const branches = consolePaths.settingsTab('branches');

/** Add and edit are routes, so that Back closes them and a link opens them. */
export const settingsPaths = {
  branches,
  newBranch: `${branches}/new`,
  branch: (id: string) => `${branches}/${encodeURIComponent(id)}`,
  branchPattern: `${branches}/:branchId`,
  auditLog: `${consolePaths.settings}/audit-log`,
  integrations: consolePaths.settingsTab('integrations'),
} as const;

/** The tab a settings path belongs to: '/console/settings/branches/new' is the Branches tab. */
export const settingsTabOf = (pathname: string): TSettingsTabValue => {
  const tab = SETTINGS_TABS.find((item) => pathname === item.path || pathname.startsWith(`${item.path}/`));
  return tab?.value ?? 'account';
};

export { AccountSettingsPage } from './account-settings-page';
export { SettingsLayout } from './settings-layout';

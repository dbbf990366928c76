export { SecurityPolicySwitch } from './components/security-policy-switch';
export { UserSecurityActions } from './components/user-security-actions';
export type { TTwoFactorState } from './pages/two-factor-sign-in-page';
export { accountSecurityRoutes, twoFactorWelcomeRoute } from './routes';

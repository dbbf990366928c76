import { ROUTE_PATTERNS } from '@laurel/contract';
import type { RouteObject } from 'react-router';
import { lazyPage } from '@/ui/lazy-page';

const SecurityPage = lazyPage(
  () => import('@/features/account-security/pages/security-page'),
  'SecurityPage',
);
const TwoFactorSignInPage = lazyPage(
  () => import('@/features/account-security/pages/two-factor-sign-in-page'),
  'TwoFactorSignInPage',
);

/** `/console/security`: the signed-in user's two-factor sign-in and sessions. */
export const accountSecurityRoutes: RouteObject[] = [
  { path: ROUTE_PATTERNS.security, element: <SecurityPage /> },
];

/** `/welcome/two-factor`: the sign-in's second step, inside the welcome layout. */
export const twoFactorWelcomeRoute: RouteObject = {
  path: ROUTE_PATTERNS.twoFactor,
  element: <TwoFactorSignInPage />,
};

import { ROUTE_PATTERNS } from '@laurel/contract';
import { Navigate, type RouteObject } from 'react-router';
import { twoFactorWelcomeRoute } from '@/features/account-security';
import type { TWelcomeLayoutVariants } from '@/features/welcome/components/welcome-layout';
import { lazyPage } from '@/ui/lazy-page';

const WelcomeLayout = lazyPage(() => import('@/features/welcome/components/welcome-layout'), 'WelcomeLayout');
const LogInPage = lazyPage(() => import('@/features/welcome/pages/log-in-page'), 'LogInPage');
const ForgotPasswordPage = lazyPage(
  () => import('@/features/welcome/pages/forgot-password-page'),
  'ForgotPasswordPage',
);
const ResetPasswordPage = lazyPage(
  () => import('@/features/welcome/pages/reset-password-page'),
  'ResetPasswordPage',
);
const CreateClientPage = lazyPage(
  () => import('@/features/welcome/pages/create-client-page'),
  'CreateClientPage',
);
const SelectSubscriptionPage = lazyPage(
  () => import('@/features/welcome/pages/select-subscription-page'),
  'SelectSubscriptionPage',
);

/** Pages that need more room than a form beside the side image. */
const layoutVariants: TWelcomeLayoutVariants = {
  [ROUTE_PATTERNS.createClient]: 'wizard',
  [ROUTE_PATTERNS.selectSubscription]: 'plans',
};

/** `/welcome` and its pages (spec 1 §2.1); its index opens log-in. */
export const welcomeRoutes: RouteObject = {
  path: ROUTE_PATTERNS.welcome,
  element: <WelcomeLayout variants={layoutVariants} />,
  children: [
    { index: true, element: <Navigate to={ROUTE_PATTERNS.logIn} replace /> },
    { path: ROUTE_PATTERNS.logIn, element: <LogInPage /> },
    twoFactorWelcomeRoute,
    { path: ROUTE_PATTERNS.forgotPassword, element: <ForgotPasswordPage /> },
    { path: ROUTE_PATTERNS.resetPassword, element: <ResetPasswordPage /> },
    { path: ROUTE_PATTERNS.createClient, element: <CreateClientPage /> },
    { path: ROUTE_PATTERNS.selectSubscription, element: <SelectSubscriptionPage /> },
    // Spec 1's older sign-up constant: signing up a new business is create-client.
    { path: ROUTE_PATTERNS.signUp, element: <Navigate to={ROUTE_PATTERNS.createClient} replace /> },
  ],
};

/** `/sign-up` outside the entry area leads to the same place. */
export const signUpRoute: RouteObject = {
  path: '/sign-up',
  element: <Navigate to={ROUTE_PATTERNS.createClient} replace />,
};

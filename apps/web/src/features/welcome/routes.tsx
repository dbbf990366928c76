import { ROUTE_PATTERNS } from '@laurel/contract';
import { Navigate, type RouteObject } from 'react-router';
import type { TWelcomeRouteHandle } from '@/features/welcome/components/welcome-layout';
import { lazyPage } from '@/ui/lazy-page';

const load = () => import('@/features/welcome/pages');
const WelcomeLayout = lazyPage(load, 'WelcomeLayout');
const LogInPage = lazyPage(load, 'LogInPage');
const ForgotPasswordPage = lazyPage(load, 'ForgotPasswordPage');
const ResetPasswordPage = lazyPage(load, 'ResetPasswordPage');
const CreateClientPage = lazyPage(load, 'CreateClientPage');
const SelectSubscriptionPage = lazyPage(load, 'SelectSubscriptionPage');

const wizard: TWelcomeRouteHandle = { welcomeLayout: 'wizard' };
const plans: TWelcomeRouteHandle = { welcomeLayout: 'plans' };

/** `/welcome` and its pages (spec 1 §2.1); its index opens log-in. */
export const welcomeRoutes: RouteObject = {
  path: ROUTE_PATTERNS.welcome,
  element: <WelcomeLayout />,
  children: [
    { index: true, element: <Navigate to={ROUTE_PATTERNS.logIn} replace /> },
    { path: ROUTE_PATTERNS.logIn, element: <LogInPage /> },
    { path: ROUTE_PATTERNS.forgotPassword, element: <ForgotPasswordPage /> },
    { path: ROUTE_PATTERNS.resetPassword, element: <ResetPasswordPage /> },
    { path: ROUTE_PATTERNS.createClient, element: <CreateClientPage />, handle: wizard },
    { path: ROUTE_PATTERNS.selectSubscription, element: <SelectSubscriptionPage />, handle: plans },
  ],
};

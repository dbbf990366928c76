import { ROUTE_PATTERNS } from '@laurel/contract';
import type { RouteObject } from 'react-router';
import { lazyPage } from '@/ui/lazy-page';

const TermsAndConditionsPage = lazyPage(
  () => import('@/features/legal/pages/terms-and-conditions-page'),
  'TermsAndConditionsPage',
);
const PrivacyPolicyPage = lazyPage(
  () => import('@/features/legal/pages/privacy-policy-page'),
  'PrivacyPolicyPage',
);

/** Reachable without a session (spec 1 §2.1). */
export const legalRoutes: RouteObject[] = [
  { path: ROUTE_PATTERNS.termsAndConditions, element: <TermsAndConditionsPage /> },
  { path: ROUTE_PATTERNS.privacyPolicy, element: <PrivacyPolicyPage /> },
];

import { ROUTE_PATTERNS } from '@laurel/contract';
import type { RouteObject } from 'react-router';
import { viewableBy } from '@/ui/area-gate';
import { lazyPage } from '@/ui/lazy-page';

const CustomersPage = lazyPage(() => import('@/features/customers/pages/customers-page'), 'CustomersPage');
const CustomerProfilePage = lazyPage(
  () => import('@/features/customers/pages/customer-profile-page'),
  'CustomerProfilePage',
);
const CustomerImportPage = lazyPage(
  () => import('@/features/customers/pages/customer-import-page'),
  'CustomerImportPage',
);

/**
 * `/console/customers`, `/console/customers/customer-profile/{id}` (spec 1 §2.2, §2.9, §2.11) and
 * `/console/customers/import` (DESIGN §10).
 */
export const customersRoutes: RouteObject[] = viewableBy(
  ['CUSTOMERS'],
  [
    { path: ROUTE_PATTERNS.customers, element: <CustomersPage /> },
    { path: ROUTE_PATTERNS.customerProfile, element: <CustomerProfilePage /> },
    { path: ROUTE_PATTERNS.customerImport, element: <CustomerImportPage /> },
  ],
);

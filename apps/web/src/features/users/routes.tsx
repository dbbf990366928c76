import { ROUTE_PATTERNS } from '@laurel/contract';
import type { RouteObject } from 'react-router';
import { lazyPage } from '@/ui/lazy-page';

const UsersPage = lazyPage(() => import('@/features/users/pages/users-page'), 'UsersPage');
const UserPage = lazyPage(() => import('@/features/users/pages/user-page'), 'UserPage');

/** `/console/users` and `/console/user/{userId?}` (spec 1 §2.2, §2.13). */
export const usersRoutes: RouteObject[] = [
  { path: ROUTE_PATTERNS.users, element: <UsersPage /> },
  { path: ROUTE_PATTERNS.user, element: <UserPage /> },
];

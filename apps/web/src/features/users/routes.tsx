import { consolePaths, ROUTE_PATTERNS } from '@laurel/contract';
import { Navigate, type RouteObject } from 'react-router';
import { useSession } from '@/api/use-session';
import { lazyPage } from '@/ui/lazy-page';

const UsersPage = lazyPage(() => import('@/features/users/pages/users-page'), 'UsersPage');
const UserPage = lazyPage(() => import('@/features/users/pages/user-page'), 'UserPage');

/** Spec 1's `/profile`: the signed-in user's own page, as the profile menu's 'My Account' opens it. */
const OwnAccount = () => {
  const userId = useSession()?.user._id;
  return <Navigate to={userId ? consolePaths.user(userId) : consolePaths.dashboard} replace />;
};

/** `/console/users` and `/console/user/{userId?}` (spec 1 §2.2, §2.13). */
export const usersRoutes: RouteObject[] = [
  { path: ROUTE_PATTERNS.users, element: <UsersPage /> },
  { path: ROUTE_PATTERNS.user, element: <UserPage /> },
  { path: ROUTE_PATTERNS.profile, element: <OwnAccount /> },
];

import type { TSessionUser } from '@laurel/contract';

type TRulesUser = Pick<TSessionUser, 'role' | 'user_permissions' | 'manager_of'> | null | undefined;
type TAction = 'create' | 'update' | 'delete';

/** SUBSCRIPTIONS flags (spec 1 §6); an admin holds every flag. The server enforces the same. */
const may = (user: TRulesUser, action: TAction) =>
  user?.role === 'ADMIN' || user?.user_permissions.SUBSCRIPTIONS?.[action] === true;

/** SUBSCRIPTIONS.create also shows 'Issue Subscription' on the customer profile (spec 1 §6). */
export const mayCreateSubscriptions = (user: TRulesUser) => may(user, 'create');
export const mayUpdateSubscriptions = (user: TRulesUser) => may(user, 'update');
export const mayDeleteSubscriptions = (user: TRulesUser) => may(user, 'delete');

/** Admins send no branch filter; managers send their branches (spec 1 §6). */
export const branchScopeOf = (user: TRulesUser) =>
  !user || user.role === 'ADMIN' ? undefined : [...user.manager_of];

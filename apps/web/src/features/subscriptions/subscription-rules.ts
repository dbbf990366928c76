import { mayUse, type TSessionUser } from '@laurel/contract';

type TRulesUser = Pick<TSessionUser, 'role' | 'user_permissions' | 'manager_of'> | null | undefined;

/**
 * SUBSCRIPTIONS flags (spec 1 §6); an admin holds every flag. The server enforces the same. SUBSCRIPTIONS.create
 * also shows 'Issue Subscription' on the customer profile.
 */
export const mayCreateSubscriptions = (user: TRulesUser) => mayUse(user, 'SUBSCRIPTIONS', 'create');
export const mayUpdateSubscriptions = (user: TRulesUser) => mayUse(user, 'SUBSCRIPTIONS', 'update');
export const mayDeleteSubscriptions = (user: TRulesUser) => mayUse(user, 'SUBSCRIPTIONS', 'delete');

/** Admins send no branch filter; managers send their branches (spec 1 §6). */
export const branchScopeOf = (user: TRulesUser) =>
  !user || user.role === 'ADMIN' ? undefined : [...user.manager_of];

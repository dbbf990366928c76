import { mayUse, type TSessionUser } from '@laurel/contract';

type TRulesUser = Pick<TSessionUser, 'role' | 'manager_of' | 'user_permissions'>;

/** CUSTOMERS.delete is needed to suspend or activate a customer (spec 1 §6); an admin holds every flag. */
export const maySuspendCustomers = (user: TRulesUser | null | undefined) =>
  mayUse(user, 'CUSTOMERS', 'delete');

export const mayAddCustomers = (user: TRulesUser | null | undefined) => mayUse(user, 'CUSTOMERS', 'create');

export const mayEditCustomers = (user: TRulesUser | null | undefined) => mayUse(user, 'CUSTOMERS', 'update');

/**
 * Which branch a new customer goes to (spec 1 §5-6): an admin may pick any branch or none; an area manager must
 * pick one of theirs; a branch manager has no choice, their first branch is used.
 */
export type TCustomerBranchRule =
  | { kind: 'optional'; scope: 'all' }
  | { kind: 'required'; scope: readonly string[] }
  | { kind: 'fixed'; branchId: string | null };

export const customerBranchRule = (user: Pick<TSessionUser, 'role' | 'manager_of'>): TCustomerBranchRule => {
  if (user.role === 'ADMIN') return { kind: 'optional', scope: 'all' };
  if (user.role === 'AREA_MANAGER') return { kind: 'required', scope: user.manager_of };
  return { kind: 'fixed', branchId: user.manager_of[0] ?? null };
};

/** In the loyalty sign-up, admins search every branch; others see only theirs, the first preselected (spec 1 §6). */
export const loyaltyBranchScope = (user: Pick<TSessionUser, 'role' | 'manager_of'>) =>
  user.role === 'ADMIN'
    ? ({ scope: 'all', preselected: null } as const)
    : ({ scope: user.manager_of, preselected: user.manager_of[0] ?? null } as const);

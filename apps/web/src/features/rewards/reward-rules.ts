import { mayUse, type TSessionUser } from '@laurel/contract';

type TRulesUser = Pick<TSessionUser, 'role' | 'user_permissions'> | null | undefined;

/** REWARDS flags; an admin holds every flag. The server enforces the same. */
export const mayCreateRewards = (user: TRulesUser) => mayUse(user, 'REWARDS', 'create');
export const mayUpdateRewards = (user: TRulesUser) => mayUse(user, 'REWARDS', 'update');

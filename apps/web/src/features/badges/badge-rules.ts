import { mayUse, type TSessionUser } from '@laurel/contract';

type TRulesUser = Pick<TSessionUser, 'role' | 'user_permissions'> | null | undefined;

/** BADGES flags (spec 2 §6); an admin holds every flag. The server enforces the same. */
export const mayCreateBadges = (user: TRulesUser) => mayUse(user, 'BADGES', 'create');
export const mayUpdateBadges = (user: TRulesUser) => mayUse(user, 'BADGES', 'update');
export const mayDeleteBadges = (user: TRulesUser) => mayUse(user, 'BADGES', 'delete');

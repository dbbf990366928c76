import type { TSessionUser } from '@laurel/contract';

type TRulesUser = Pick<TSessionUser, 'role' | 'user_permissions'> | null | undefined;
type TAction = 'create' | 'update' | 'delete';

/** BADGES flags (spec 2 §6); an admin holds every flag. The server enforces the same. */
const may = (user: TRulesUser, action: TAction) =>
  user?.role === 'ADMIN' || user?.user_permissions.BADGES?.[action] === true;

export const mayCreateBadges = (user: TRulesUser) => may(user, 'create');
export const mayUpdateBadges = (user: TRulesUser) => may(user, 'update');
export const mayDeleteBadges = (user: TRulesUser) => may(user, 'delete');

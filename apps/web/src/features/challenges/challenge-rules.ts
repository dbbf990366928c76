import type { TSessionUser } from '@laurel/contract';

type TRulesUser = Pick<TSessionUser, 'role' | 'user_permissions'> | null | undefined;
type TAction = 'create' | 'update' | 'delete';

/** CHALLENGES flags (spec 2 §6); an admin holds every flag. The server enforces the same. */
const may = (user: TRulesUser, action: TAction) =>
  user?.role === 'ADMIN' || user?.user_permissions.CHALLENGES?.[action] === true;

export const mayCreateChallenges = (user: TRulesUser) => may(user, 'create');
export const mayUpdateChallenges = (user: TRulesUser) => may(user, 'update');
export const mayDeleteChallenges = (user: TRulesUser) => may(user, 'delete');

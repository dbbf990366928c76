import { mayUse, type TSessionUser } from '@laurel/contract';

type TRulesUser = Pick<TSessionUser, 'role' | 'user_permissions'> | null | undefined;

/** CHALLENGES flags (spec 2 §6); an admin holds every flag. The server enforces the same. */
export const mayCreateChallenges = (user: TRulesUser) => mayUse(user, 'CHALLENGES', 'create');
export const mayUpdateChallenges = (user: TRulesUser) => mayUse(user, 'CHALLENGES', 'update');
export const mayDeleteChallenges = (user: TRulesUser) => mayUse(user, 'CHALLENGES', 'delete');

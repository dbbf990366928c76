import type { TSessionUser } from '@laurel/contract';

type TRulesUser = Pick<TSessionUser, 'role' | 'user_permissions'> | null | undefined;
type TAction = 'create' | 'update' | 'delete';

/** REWARD_TRACKS flags (spec 3 §6); an admin holds every flag. The server enforces the same. */
const may = (user: TRulesUser, action: TAction) =>
  user?.role === 'ADMIN' || user?.user_permissions.REWARD_TRACKS?.[action] === true;

export const mayCreateRewardTracks = (user: TRulesUser) => may(user, 'create');
export const mayUpdateRewardTracks = (user: TRulesUser) => may(user, 'update');
export const mayDeleteRewardTracks = (user: TRulesUser) => may(user, 'delete');

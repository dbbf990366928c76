import { mayUse, type TSessionUser } from '@laurel/contract';

type TRulesUser = Pick<TSessionUser, 'role' | 'user_permissions'> | null | undefined;

/** REWARD_TRACKS flags (spec 3 §6); an admin holds every flag. The server enforces the same. */
export const mayCreateRewardTracks = (user: TRulesUser) => mayUse(user, 'REWARD_TRACKS', 'create');
export const mayUpdateRewardTracks = (user: TRulesUser) => mayUse(user, 'REWARD_TRACKS', 'update');
export const mayDeleteRewardTracks = (user: TRulesUser) => mayUse(user, 'REWARD_TRACKS', 'delete');

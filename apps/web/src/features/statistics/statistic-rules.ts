import type { TSessionUser, TStatistic } from '@laurel/contract';

type TRulesUser = Pick<TSessionUser, 'role' | 'user_permissions'> | null | undefined;
type TAction = 'create' | 'update' | 'delete';

/** STATISTICS flags (spec 2 §6); an admin holds every flag. The server enforces the same. */
const may = (user: TRulesUser, action: TAction) =>
  user?.role === 'ADMIN' || user?.user_permissions.STATISTICS?.[action] === true;

export const mayCreateStatistics = (user: TRulesUser) => may(user, 'create');
export const mayUpdateStatistics = (user: TRulesUser) => may(user, 'update');
export const mayDeleteStatistics = (user: TRulesUser) => may(user, 'delete');

/** System statistics are the engine's (DESIGN §5): never deleted. */
export const canDelete = (user: TRulesUser, statistic: Pick<TStatistic, 'system'>) =>
  !statistic.system && mayDeleteStatistics(user);

/** Only a Manual statistic is reset by hand; the others start again on their own. */
export const canReset = (user: TRulesUser, statistic: Pick<TStatistic, 'system' | 'reset_interval'>) =>
  !statistic.system && statistic.reset_interval === 'Manual' && mayUpdateStatistics(user);

import { mayUse, type TSessionUser, type TStatistic } from '@laurel/contract';

type TRulesUser = Pick<TSessionUser, 'role' | 'user_permissions'> | null | undefined;

/** STATISTICS flags (spec 2 §6); an admin holds every flag. The server enforces the same. */
export const mayCreateStatistics = (user: TRulesUser) => mayUse(user, 'STATISTICS', 'create');
export const mayUpdateStatistics = (user: TRulesUser) => mayUse(user, 'STATISTICS', 'update');
export const mayDeleteStatistics = (user: TRulesUser) => mayUse(user, 'STATISTICS', 'delete');

/** System statistics are the engine's (DESIGN §5): never deleted. */
export const canDelete = (user: TRulesUser, statistic: Pick<TStatistic, 'system'>) =>
  !statistic.system && mayDeleteStatistics(user);

/** Only a Manual statistic is reset by hand; the others start again on their own. */
export const canReset = (user: TRulesUser, statistic: Pick<TStatistic, 'system' | 'reset_interval'>) =>
  !statistic.system && statistic.reset_interval === 'Manual' && mayUpdateStatistics(user);

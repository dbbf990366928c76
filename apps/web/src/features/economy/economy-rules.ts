import type { TFeatureArea, TSessionUser } from '@laurel/contract';

type TRulesUser = Pick<TSessionUser, 'role' | 'user_permissions'> | null | undefined;
type TAction = 'create' | 'update' | 'delete';
/**
 * The flags the API checks: WALLET for currencies; ECONOMICS for earn configs, whose one path serves cashback and
 * XP alike (spec 3 §6).
 */
export type TEconomyArea = Extract<TFeatureArea, 'WALLET' | 'ECONOMICS'>;

/** An admin holds every flag; the server enforces the same. */
const may = (user: TRulesUser, area: TEconomyArea, action: TAction) =>
  user?.role === 'ADMIN' || user?.user_permissions[area]?.[action] === true;

export const mayCreateIn = (user: TRulesUser, area: TEconomyArea) => may(user, area, 'create');
export const mayUpdateIn = (user: TRulesUser, area: TEconomyArea) => may(user, area, 'update');
export const mayDeleteIn = (user: TRulesUser, area: TEconomyArea) => may(user, area, 'delete');

/** Crediting or debiting a customer's wallet by hand is for admins only (issue 13). */
export const mayAdjustBalances = (user: TRulesUser) => user?.role === 'ADMIN';

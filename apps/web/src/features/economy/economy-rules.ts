import { mayUse, type TFeatureArea, type TSessionUser } from '@laurel/contract';

type TRulesUser = Pick<TSessionUser, 'role' | 'user_permissions'> | null | undefined;
/**
 * The flags the API checks: WALLET for currencies, CASHBACK for cashback configs, XP_POINTS for XP configs; a flag
 * on ECONOMICS, their umbrella, counts for each (spec 3 §6; `mayUse`).
 */
export type TEconomyArea = Extract<TFeatureArea, 'WALLET' | 'CASHBACK' | 'XP_POINTS'>;

export const mayCreateIn = (user: TRulesUser, area: TEconomyArea) => mayUse(user, area, 'create');
export const mayUpdateIn = (user: TRulesUser, area: TEconomyArea) => mayUse(user, area, 'update');
export const mayDeleteIn = (user: TRulesUser, area: TEconomyArea) => mayUse(user, area, 'delete');

/** Crediting or debiting a customer's wallet by hand is for admins only (issue 13). */
export const mayAdjustBalances = (user: TRulesUser) => user?.role === 'ADMIN';

import { mayUse, type TSessionUser } from '@laurel/contract';

type TRulesUser = Pick<TSessionUser, 'role' | 'user_permissions'> | null | undefined;

/** PRODUCTS flags (DESIGN §3); an admin holds every flag. The server enforces the same. */
export const mayCreateProducts = (user: TRulesUser) => mayUse(user, 'PRODUCTS', 'create');
export const mayUpdateProducts = (user: TRulesUser) => mayUse(user, 'PRODUCTS', 'update');
export const mayDeleteProducts = (user: TRulesUser) => mayUse(user, 'PRODUCTS', 'delete');

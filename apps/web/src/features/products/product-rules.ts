import type { TSessionUser } from '@laurel/contract';

type TRulesUser = Pick<TSessionUser, 'role' | 'user_permissions'> | null | undefined;
type TAction = 'create' | 'update' | 'delete';

/** PRODUCTS flags (DESIGN §3); an admin holds every flag. The server enforces the same. */
const may = (user: TRulesUser, action: TAction) =>
  user?.role === 'ADMIN' || user?.user_permissions.PRODUCTS?.[action] === true;

export const mayCreateProducts = (user: TRulesUser) => may(user, 'create');
export const mayUpdateProducts = (user: TRulesUser) => may(user, 'update');
export const mayDeleteProducts = (user: TRulesUser) => may(user, 'delete');

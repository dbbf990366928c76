import { mayUse, type TSessionUser } from '@laurel/contract';

type TRulesUser = Pick<TSessionUser, 'role' | 'user_permissions'>;

/** Moving an order or its parcels needs ORDERS.update; an admin holds every flag. The server decides again. */
export const mayMoveOrders = (user: TRulesUser | null | undefined) => mayUse(user, 'ORDERS', 'update');

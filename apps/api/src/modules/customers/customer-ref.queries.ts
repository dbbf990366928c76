import { customerRefKey, type TCustomerRef } from '@laurel/contract';
import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { customers, loyaltyAccounts } from '../../db/schema';

/**
 * The condition on `customers` that picks the client's customer a reference names (by _id, email, cell number,
 * external id or loyalty number; each has its unique index). A reference naming nothing matches no one.
 */
export const customerRefCondition = (clientId: string, ref: TCustomerRef): SQL => {
  const key = customerRefKey(ref);
  const inClient = eq(customers.clientId, clientId);
  if (!key) return sql`false`;
  switch (key.kind) {
    case '_id':
      // An erased member (privacy) is named by no reference: their other identifiers were cleared, their id too.
      return and(inClient, eq(customers.id, key.value), ne(customers.status, 'ERASED')) as SQL;
    case 'email':
      return and(inClient, sql`lower(${customers.email}) = ${key.value}`) as SQL;
    case 'cell_number':
      return and(inClient, eq(customers.cellNumber, key.value)) as SQL;
    case 'external_id':
      return and(inClient, eq(customers.externalId, key.value)) as SQL;
    case 'loyalty_number':
      return and(
        inClient,
        sql`${customers.id} = (SELECT ${loyaltyAccounts.customerId} FROM ${loyaltyAccounts}
              WHERE ${loyaltyAccounts.clientId} = ${clientId} AND ${loyaltyAccounts.loyaltyNumber} = ${key.value})`,
      ) as SQL;
  }
};

/** The id of the client's customer a reference names, or null. */
export const customerIdByRef = async (db: DbOrTx, clientId: string, ref: TCustomerRef) => {
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(customerRefCondition(clientId, ref))
    .limit(1);
  return row?.id ?? null;
};

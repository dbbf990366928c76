import { normaliseCellNumber, type TCustomerLookupQuery } from '@laurel/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { customers, loyaltyAccounts } from '../../db/schema';

/** The id of the client's customer one key names (each key has its unique index), or null. */
export const customerIdBy = async (
  db: DbOrTx,
  clientId: string,
  key: TCustomerLookupQuery,
): Promise<string | null> => {
  if (key.loyalty_number !== undefined) return loyaltyNumberOwner(db, clientId, key.loyalty_number);
  let condition: SQL;
  if (key.external_id !== undefined) condition = eq(customers.externalId, key.external_id);
  else if (key.email !== undefined) condition = sql`lower(${customers.email}) = ${key.email.toLowerCase()}`;
  else if (key.cell_number !== undefined)
    condition = eq(customers.cellNumber, normaliseCellNumber(key.cell_number) ?? key.cell_number);
  else return null;
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.clientId, clientId), condition))
    .limit(1);
  return row?.id ?? null;
};

/** Who holds a loyalty number within the client, or null. */
export const loyaltyNumberOwner = async (db: DbOrTx, clientId: string, loyaltyNumber: string) => {
  const [row] = await db
    .select({ customerId: loyaltyAccounts.customerId })
    .from(loyaltyAccounts)
    .where(and(eq(loyaltyAccounts.clientId, clientId), eq(loyaltyAccounts.loyaltyNumber, loyaltyNumber)));
  return row?.customerId ?? null;
};

/** The customer's loyalty record (number only), or null before they signed up. */
export const loyaltyRecordOf = async (db: DbOrTx, clientId: string, customerId: string) => {
  const [row] = await db
    .select({ id: loyaltyAccounts.id, loyaltyNumber: loyaltyAccounts.loyaltyNumber })
    .from(loyaltyAccounts)
    .where(and(eq(loyaltyAccounts.clientId, clientId), eq(loyaltyAccounts.customerId, customerId)));
  return row ?? null;
};

import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { newId } from '../../db/ids';
import { customers, loyaltyAccounts } from '../../db/schema';
import type { CustomerRow } from './customer-dto';
import { businessToday } from './customers.service';

/** The customer's loyalty record (number only), or null before they signed up. */
export const loyaltyRecordOf = async (db: DbOrTx, clientId: string, customerId: string) => {
  const [row] = await db
    .select({ id: loyaltyAccounts.id, loyaltyNumber: loyaltyAccounts.loyaltyNumber })
    .from(loyaltyAccounts)
    .where(and(eq(loyaltyAccounts.clientId, clientId), eq(loyaltyAccounts.customerId, customerId)));
  return row ?? null;
};

/**
 * Gives the customer the loyalty number: a new record (no physical card yet) or the number changed. Answers whether
 * that made the customer ACTIVE, so that what the caller announces shows the status they have now.
 */
export const setLoyaltyNumber = async (
  tx: DbOrTx,
  customer: CustomerRow,
  loyaltyNumber: string,
): Promise<{ activated: boolean }> => {
  const current = await loyaltyRecordOf(tx, customer.clientId, customer.id);
  if (current) {
    await tx
      .update(loyaltyAccounts)
      .set({ loyaltyNumber, updatedAt: new Date() })
      .where(eq(loyaltyAccounts.id, current.id));
    return { activated: false };
  }
  await tx.insert(loyaltyAccounts).values({
    id: newId(),
    clientId: customer.clientId,
    customerId: customer.id,
    loyaltyNumber,
    cardNumber: null,
    cardLinked: false,
    memberDate: await businessToday(tx, customer.clientId),
    memberBranchId: customer.memberBranchId,
  });
  // Signing up makes a customer awaiting sign-up active, as the console's loyalty sign-up does.
  if (customer.status !== 'AWAITING-SIGNUP') return { activated: false };
  await tx.update(customers).set({ status: 'ACTIVE' }).where(eq(customers.id, customer.id));
  return { activated: true };
};

import { fromMinorUnits, type TRedemption, type TRedemptionMethod } from '@laurel/contract';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { branches, customers, products, subscriptionRedemptions } from '../../db/schema';
import { inBranches } from './subscriptions.queries';

const viewColumns = {
  redemption: subscriptionRedemptions,
  customer: { id: customers.id, name: customers.name, surname: customers.surname },
  branch: { id: branches.id, displayName: branches.displayName },
  product: { id: products.id, title: products.title, sku: products.sku },
};

type RedemptionView = {
  redemption: typeof subscriptionRedemptions.$inferSelect;
  customer: { id: string; name: string; surname: string };
  branch: { id: string; displayName: string } | null;
  product: { id: string; title: string; sku: string } | null;
};

export const toRedemption = ({ redemption, customer, branch, product }: RedemptionView): TRedemption => ({
  _id: redemption.id,
  redemption_id: redemption.externalId,
  subscription_id: redemption.subscriptionId,
  customer_subscription_id: redemption.customerSubscriptionId,
  customer: { _id: customer.id, name: customer.name, surname: customer.surname },
  branch: branch ? { _id: branch.id, display_name: branch.displayName } : null,
  product: product ? { _id: product.id, title: product.title, sku: product.sku } : null,
  price: fromMinorUnits(redemption.priceMinor),
  redemption_method: redemption.method as TRedemptionMethod,
  redemption_date: redemption.redeemedAt.toISOString(),
});

const select = (db: DbOrTx) =>
  db
    .select(viewColumns)
    .from(subscriptionRedemptions)
    .innerJoin(customers, eq(customers.id, subscriptionRedemptions.customerId))
    .leftJoin(branches, eq(branches.id, subscriptionRedemptions.branchId))
    .leftJoin(products, eq(products.id, subscriptionRedemptions.productId));

export const findRedemptionView = async (db: DbOrTx, clientId: string, id: string) => {
  const [row] = await select(db).where(
    and(eq(subscriptionRedemptions.clientId, clientId), eq(subscriptionRedemptions.id, id)),
  );
  return (row as RedemptionView | undefined) ?? null;
};

/** A plan's redemptions within the branch scope (by the customer's branch), newest first. */
export const listPlanRedemptionRows = async (
  db: DbOrTx,
  filter: { clientId: string; planId: string; branchIds: string[] | null },
  paging: { page: number; size: number },
) => {
  const where = and(
    eq(subscriptionRedemptions.clientId, filter.clientId),
    eq(subscriptionRedemptions.subscriptionId, filter.planId),
    inBranches(filter.branchIds),
  ) as SQL;
  const [rows, [total]] = await Promise.all([
    select(db)
      .where(where)
      .orderBy(desc(subscriptionRedemptions.redeemedAt), desc(subscriptionRedemptions.id))
      .limit(paging.size)
      .offset((paging.page - 1) * paging.size),
    db
      .select({ n: count() })
      .from(subscriptionRedemptions)
      .innerJoin(customers, eq(customers.id, subscriptionRedemptions.customerId))
      .where(where),
  ]);
  return { rows: (rows as RedemptionView[]).map(toRedemption), count: Number(total?.n ?? 0) };
};

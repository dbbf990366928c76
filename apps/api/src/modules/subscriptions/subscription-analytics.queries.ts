import { fromMinorUnits, type TSubscriptionAnalytics } from '@laurel/contract';
import { and, desc, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { customerSubscriptions, customers, products, subscriptionRedemptions } from '../../db/schema';
import { clientTimeZone, inBranches, isCurrent } from './subscriptions.queries';

/** The longest revenue series answered (one point per day with activity). */
const MAX_REVENUE_DAYS = 3660;

/**
 * Subscription analytics (spec 1 §2.14) from the records themselves: customers' subscriptions (purchases) and
 * redemptions, limited to the scope's branches by the customers' branch.
 */
export const subscriptionAnalytics = async (
  db: DbOrTx,
  clientId: string,
  planId: string,
  branchIds: string[] | null,
): Promise<TSubscriptionAnalytics> => {
  const scope = inBranches(branchIds);
  const holdingsWhere = and(
    eq(customerSubscriptions.clientId, clientId),
    eq(customerSubscriptions.subscriptionId, planId),
    scope,
  ) as SQL;
  const redemptionsWhere = and(
    eq(subscriptionRedemptions.clientId, clientId),
    eq(subscriptionRedemptions.subscriptionId, planId),
    scope,
  ) as SQL;
  const timeZone = await clientTimeZone(db, clientId);

  const [holdings] = await db
    .select({
      subscribers: sql<number>`count(DISTINCT ${customerSubscriptions.customerId}) FILTER (WHERE ${isCurrent})::int`,
      issued: sql<number>`count(*)::int`,
      paid: sql<string>`coalesce(sum(${customerSubscriptions.amountPaidMinor}), 0)::text`,
    })
    .from(customerSubscriptions)
    .innerJoin(customers, eq(customers.id, customerSubscriptions.customerId))
    .where(holdingsWhere);
  const [redemptions] = await db
    .select({
      count: sql<number>`count(*)::int`,
      charged: sql<string>`coalesce(sum(${subscriptionRedemptions.priceMinor}), 0)::text`,
    })
    .from(subscriptionRedemptions)
    .innerJoin(customers, eq(customers.id, subscriptionRedemptions.customerId))
    .where(redemptionsWhere);
  const [top] = await db
    .select({
      id: products.id,
      title: products.title,
      sku: products.sku,
      count: sql<number>`count(*)::int`,
    })
    .from(subscriptionRedemptions)
    .innerJoin(customers, eq(customers.id, subscriptionRedemptions.customerId))
    .innerJoin(products, eq(products.id, subscriptionRedemptions.productId))
    .where(and(redemptionsWhere, isNotNull(subscriptionRedemptions.productId)))
    .groupBy(products.id, products.title, products.sku)
    .orderBy(desc(sql`count(*)`), products.title)
    .limit(1);

  const day = (column: SQL | typeof customerSubscriptions.issuedAt) =>
    sql`to_char(${column} AT TIME ZONE ${timeZone}, 'YYYY-MM-DD')`;
  const series = (await db.execute(sql`
    SELECT d AS date, sum(minor)::text AS minor FROM (
      SELECT ${day(customerSubscriptions.issuedAt)} AS d, ${customerSubscriptions.amountPaidMinor} AS minor
        FROM ${customerSubscriptions}
        INNER JOIN ${customers} ON ${customers.id} = ${customerSubscriptions.customerId}
        WHERE ${holdingsWhere}
      UNION ALL
      SELECT ${day(sql`${subscriptionRedemptions.redeemedAt}`)}, ${subscriptionRedemptions.priceMinor}
        FROM ${subscriptionRedemptions}
        INNER JOIN ${customers} ON ${customers.id} = ${subscriptionRedemptions.customerId}
        WHERE ${redemptionsWhere}
    ) AS revenue
    GROUP BY d ORDER BY d LIMIT ${MAX_REVENUE_DAYS}`)) as unknown as {
    rows: { date: string; minor: string }[];
  };

  let running = 0;
  const incrementalRevenueDate = series.rows.map((row) => {
    running += Number(row.minor);
    return {
      date: row.date,
      revenue: fromMinorUnits(Number(row.minor)),
      cumulative: fromMinorUnits(running),
    };
  });
  return {
    subscribers: Number(holdings?.subscribers ?? 0),
    issued: Number(holdings?.issued ?? 0),
    redemptions: Number(redemptions?.count ?? 0),
    subscriptionsValue: fromMinorUnits(Number(holdings?.paid ?? 0) + Number(redemptions?.charged ?? 0)),
    mostPurchasedProduct: top
      ? { _id: top.id, title: top.title, sku: top.sku, count: Number(top.count) }
      : null,
    incrementalRevenueDate,
  };
};

import { and, count, desc, eq, like, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { containsPattern } from '../../db/filters';
import { customerSubscriptions, customers, subscriptionPlans } from '../../db/schema';
import type { CustomerSubscriptionView } from './subscription-dto';
import { inBranches } from './subscriptions.queries';

const viewColumns = {
  holding: customerSubscriptions,
  plan: {
    name: subscriptionPlans.name,
    sku: subscriptionPlans.sku,
    image: subscriptionPlans.image,
    freeTrial: subscriptionPlans.freeTrial,
    paymentType: subscriptionPlans.paymentType,
  },
  customer: { id: customers.id, name: customers.name, surname: customers.surname },
};

const page = async (
  db: DbOrTx,
  where: SQL,
  paging: { page: number; size: number },
): Promise<{ rows: CustomerSubscriptionView[]; count: number }> => {
  const [rows, [total]] = await Promise.all([
    db
      .select(viewColumns)
      .from(customerSubscriptions)
      .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, customerSubscriptions.subscriptionId))
      .innerJoin(customers, eq(customers.id, customerSubscriptions.customerId))
      .where(where)
      .orderBy(desc(customerSubscriptions.issuedAt), desc(customerSubscriptions.id))
      .limit(paging.size)
      .offset((paging.page - 1) * paging.size),
    db
      .select({ n: count() })
      .from(customerSubscriptions)
      .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, customerSubscriptions.subscriptionId))
      .innerJoin(customers, eq(customers.id, customerSubscriptions.customerId))
      .where(where),
  ]);
  return { rows, count: Number(total?.n ?? 0) };
};

/** One customer's subscriptions, newest first; search by the plan's name or SKU. */
export const listCustomerSubscriptionRows = (
  db: DbOrTx,
  filter: { clientId: string; customerId: string; search?: string | undefined },
  paging: { page: number; size: number },
) =>
  page(
    db,
    and(
      eq(customerSubscriptions.clientId, filter.clientId),
      eq(customerSubscriptions.customerId, filter.customerId),
      filter.search
        ? like(subscriptionPlans.searchText, containsPattern(filter.search.toLowerCase()))
        : undefined,
    ) as SQL,
    paging,
  );

/** A plan's subscribers within the branch scope, newest first; search by the customer's name, email or number. */
export const listPlanSubscriberRows = (
  db: DbOrTx,
  filter: { clientId: string; planId: string; branchIds: string[] | null; search?: string | undefined },
  paging: { page: number; size: number },
) =>
  page(
    db,
    and(
      eq(customerSubscriptions.clientId, filter.clientId),
      eq(customerSubscriptions.subscriptionId, filter.planId),
      inBranches(filter.branchIds),
      filter.search ? like(customers.searchText, containsPattern(filter.search.toLowerCase())) : undefined,
    ) as SQL,
    paging,
  );

export const findCustomerSubscriptionView = async (db: DbOrTx, clientId: string, id: string) => {
  const [row] = await db
    .select(viewColumns)
    .from(customerSubscriptions)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, customerSubscriptions.subscriptionId))
    .innerJoin(customers, eq(customers.id, customerSubscriptions.customerId))
    .where(and(eq(customerSubscriptions.clientId, clientId), eq(customerSubscriptions.id, id)));
  return row ?? null;
};

/** The customer's current subscription of the plan, if any (at most one is current at a time). */
export const findCurrentHolding = async (
  db: DbOrTx,
  clientId: string,
  customerId: string,
  planId: string,
  at: Date,
  lock = false,
) => {
  const query = db
    .select()
    .from(customerSubscriptions)
    .where(
      and(
        eq(customerSubscriptions.clientId, clientId),
        eq(customerSubscriptions.customerId, customerId),
        eq(customerSubscriptions.subscriptionId, planId),
        sql`${customerSubscriptions.status} <> 'CANCELLED'`,
        sql`(${customerSubscriptions.expiresAt} IS NULL OR ${customerSubscriptions.expiresAt} > ${at.toISOString()})`,
      ),
    )
    .orderBy(desc(customerSubscriptions.issuedAt))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
};

/** The customer as far as subscriptions need it. */
export const findCustomerBrief = async (db: DbOrTx, clientId: string, id: string) => {
  const [row] = await db
    .select({
      id: customers.id,
      name: customers.name,
      surname: customers.surname,
      status: customers.status,
      memberBranchId: customers.memberBranchId,
    })
    .from(customers)
    .where(and(eq(customers.clientId, clientId), eq(customers.id, id)));
  return row ?? null;
};

/** The customer's latest subscription of the plan, whatever its state (a redemption explains why it is refused). */
export const findLatestHolding = async (db: DbOrTx, clientId: string, customerId: string, planId: string) => {
  const [row] = await db
    .select()
    .from(customerSubscriptions)
    .where(
      and(
        eq(customerSubscriptions.clientId, clientId),
        eq(customerSubscriptions.customerId, customerId),
        eq(customerSubscriptions.subscriptionId, planId),
      ),
    )
    .orderBy(desc(customerSubscriptions.issuedAt), desc(customerSubscriptions.id))
    .limit(1)
    .for('update');
  return row ?? null;
};

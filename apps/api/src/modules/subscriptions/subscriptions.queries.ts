import { and, count, desc, eq, inArray, like, max, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { containsPattern } from '../../db/filters';
import { branches, clients, customerSubscriptions, customers, subscriptionPlans } from '../../db/schema';

export type PlanRow = typeof subscriptionPlans.$inferSelect;

/** Figures of a plan within a branch scope (null: every customer of the client). */
export type PlanFigures = {
  lastPurchaseAt: Date | null;
  lastRedemptionAt: Date | null;
  subscribers: number;
  redemptions: number;
};

export const NO_FIGURES: PlanFigures = {
  lastPurchaseAt: null,
  lastRedemptionAt: null,
  subscribers: 0,
  redemptions: 0,
};

/** A customer subscription is current while it is active (or on trial) and has not expired. */
export const isCurrent = sql`(${customerSubscriptions.status} = 'ACTIVE' AND (${customerSubscriptions.expiresAt} IS NULL OR ${customerSubscriptions.expiresAt} > now()))`;

/** Limits rows joined with `customers` to the scope's branches. */
export const inBranches = (branchIds: string[] | null): SQL | undefined =>
  branchIds === null
    ? undefined
    : branchIds.length === 0
      ? sql`false`
      : inArray(customers.memberBranchId, branchIds);

export type PlanFilter = {
  clientId: string;
  search?: string | undefined;
  status?: string | undefined;
};

const planWhere = (filter: PlanFilter): SQL => {
  const conditions: SQL[] = [eq(subscriptionPlans.clientId, filter.clientId)];
  if (filter.status && filter.status !== 'ALL') conditions.push(eq(subscriptionPlans.status, filter.status));
  if (filter.search)
    conditions.push(like(subscriptionPlans.searchText, containsPattern(filter.search.toLowerCase())));
  return and(...conditions) as SQL;
};

/** Newest first, from the (client, created) or (client, status, created) index. */
export const listPlanRows = async (db: DbOrTx, filter: PlanFilter, page: number, size: number) => {
  const where = planWhere(filter);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(subscriptionPlans)
      .where(where)
      .orderBy(desc(subscriptionPlans.createdAt), desc(subscriptionPlans.id))
      .limit(size)
      .offset((page - 1) * size),
    db.select({ n: count() }).from(subscriptionPlans).where(where),
  ]);
  return { rows, count: Number(total?.n ?? 0) };
};

/** Last purchase, last redemption, current subscribers and redemptions of each plan, for the page's plans only. */
export const planFigures = async (
  db: DbOrTx,
  clientId: string,
  planIds: string[],
  branchIds: string[] | null,
) => {
  const figures = new Map<string, PlanFigures>();
  if (planIds.length === 0) return figures;
  const base = db
    .select({
      planId: customerSubscriptions.subscriptionId,
      lastPurchaseAt: max(customerSubscriptions.issuedAt),
      lastRedemptionAt: max(customerSubscriptions.lastRedeemedAt),
      subscribers: sql<number>`count(DISTINCT ${customerSubscriptions.customerId}) FILTER (WHERE ${isCurrent})`,
      redemptions: sql<number>`coalesce(sum(${customerSubscriptions.redemptionCount}), 0)`,
    })
    .from(customerSubscriptions);
  const scoped =
    branchIds === null ? base : base.innerJoin(customers, eq(customers.id, customerSubscriptions.customerId));
  const rows = await scoped
    .where(
      and(
        eq(customerSubscriptions.clientId, clientId),
        inArray(customerSubscriptions.subscriptionId, planIds),
        inBranches(branchIds),
      ),
    )
    .groupBy(customerSubscriptions.subscriptionId);
  for (const row of rows) {
    figures.set(row.planId, {
      lastPurchaseAt: row.lastPurchaseAt ? new Date(row.lastPurchaseAt) : null,
      lastRedemptionAt: row.lastRedemptionAt ? new Date(row.lastRedemptionAt) : null,
      subscribers: Number(row.subscribers),
      redemptions: Number(row.redemptions),
    });
  }
  return figures;
};

export const findPlan = async (db: DbOrTx, clientId: string, id: string, lock = false) => {
  const query = db
    .select()
    .from(subscriptionPlans)
    .where(and(eq(subscriptionPlans.clientId, clientId), eq(subscriptionPlans.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
};

/** A plan that names the product or category, if any (they cannot be deleted while one does). */
export const findPlanUsing = async (
  db: DbOrTx,
  clientId: string,
  target: { productId: string } | { categoryId: string },
) => {
  const uses =
    'productId' in target
      ? sql`(${subscriptionPlans.productIds} @> ARRAY[${target.productId}]::text[] OR ${subscriptionPlans.primaryProductIds} @> ARRAY[${target.productId}]::text[])`
      : sql`${subscriptionPlans.categoryIds} @> ARRAY[${target.categoryId}]::text[]`;
  const [row] = await db
    .select({ id: subscriptionPlans.id, name: subscriptionPlans.name })
    .from(subscriptionPlans)
    .where(and(eq(subscriptionPlans.clientId, clientId), uses))
    .limit(1);
  return row ?? null;
};

export const hasCustomerSubscriptions = async (db: DbOrTx, clientId: string, planId: string) => {
  const [row] = await db
    .select({ id: customerSubscriptions.id })
    .from(customerSubscriptions)
    .where(
      and(eq(customerSubscriptions.clientId, clientId), eq(customerSubscriptions.subscriptionId, planId)),
    )
    .limit(1);
  return row !== undefined;
};

/** Which of the ids exist among the client's branches. */
export const existingBranchIds = async (db: DbOrTx, clientId: string, ids: string[]) => {
  if (ids.length === 0) return new Set<string>();
  const rows = await db
    .select({ id: branches.id })
    .from(branches)
    .where(and(eq(branches.clientId, clientId), inArray(branches.id, ids)))
    .for('share');
  return new Set(rows.map((row) => row.id));
};

export const branchNames = async (db: DbOrTx, clientId: string, ids: string[]) => {
  if (ids.length === 0) return [];
  return db
    .select({ _id: branches.id, display_name: branches.displayName })
    .from(branches)
    .where(and(eq(branches.clientId, clientId), inArray(branches.id, ids)));
};

/** The client's time zone: days (daily limits, revenue by date) are its days (DESIGN §5). */
export const clientTimeZone = async (db: DbOrTx, clientId: string) => {
  const [row] = await db.select({ timeZone: clients.timeZone }).from(clients).where(eq(clients.id, clientId));
  return row?.timeZone ?? 'UTC';
};

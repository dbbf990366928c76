import {
  COUNT_CAP,
  ORDER_REVERSAL_STATUSES,
  ORDER_STATUSES,
  type TOrderSortKey,
  type TOrderStatus,
  type TSortDirection,
} from '@laurel/contract';
import { and, asc, eq, inArray, like, notInArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/database';
import { containsPattern } from '../../db/filters';
import { arrayParam, rowsOf } from '../../db/raw-sql';
import { branches, orderLines, orderParcels, orderStatusHistory, orders, products } from '../../db/schema';
import { type PageSpec, pageIds } from './list-paging';

export type OrderFilter = {
  clientId: string;
  /** null: every branch; otherwise only these branches' orders. */
  branchIds: string[] | null;
  customerId?: string | undefined;
  status?: string | undefined;
  method?: string | undefined;
  search?: string | undefined;
};

export type OrderSort = { key: TOrderSortKey; direction: TSortDirection };

/** The list's conditions; `withBranches: false` leaves the branch scope to the caller (see pageIds). */
const orderWhere = (filter: OrderFilter, withBranches = true): SQL => {
  const conditions: SQL[] = [eq(orders.clientId, filter.clientId)];
  if (withBranches && filter.branchIds !== null) conditions.push(inArray(orders.branchId, filter.branchIds));
  if (filter.customerId) conditions.push(eq(orders.customerId, filter.customerId));
  if (filter.status && filter.status !== 'ALL') conditions.push(eq(orders.status, filter.status));
  if (filter.method && filter.method !== 'ALL') conditions.push(eq(orders.method, filter.method));
  if (filter.search) conditions.push(like(orders.searchText, containsPattern(filter.search.toLowerCase())));
  return and(...conditions) as SQL;
};

const SORT_COLUMNS: Record<TOrderSortKey, AnyPgColumn> = {
  customer: orders.customerName,
  code: orders.code,
  order_date: orders.orderedAt,
  total: orders.totalMinor,
  method: orders.method,
  expected_fulfilment_date: orders.expectedFulfilmentDate,
  status: orders.status,
};

/** The ids of a page: sort key, then order date, then id, all one way — exactly the order of that sort's index. */
export const orderPageSpec = (
  filter: OrderFilter,
  sort: OrderSort,
  page: number,
  size: number,
): PageSpec => ({
  table: orders,
  id: orders.id,
  where: orderWhere(filter, false),
  branchColumn: orders.branchId,
  branchIds: filter.branchIds,
  order: [...(sort.key === 'order_date' ? [] : [SORT_COLUMNS[sort.key]]), orders.orderedAt, orders.id],
  direction: sort.direction,
  page,
  size,
});

export const listColumns = {
  id: orders.id,
  externalId: orders.externalId,
  code: orders.code,
  customerId: orders.customerId,
  customerName: orders.customerName,
  customerEmail: orders.customerEmail,
  customerContactNumber: orders.customerContactNumber,
  orderedAt: orders.orderedAt,
  totalMinor: orders.totalMinor,
  branchId: orders.branchId,
  branchName: branches.displayName,
  method: orders.method,
  paymentMethod: orders.paymentMethod,
  expectedFulfilmentDate: orders.expectedFulfilmentDate,
  status: orders.status,
};

/** One page of orders and their count; the count stops at the cap where asked (counting millions is slow). */
export const listOrderRows = async (
  db: DbOrTx,
  filter: OrderFilter,
  sort: OrderSort,
  page: number,
  size: number,
  options: { capCount: boolean },
) => {
  if (filter.branchIds !== null && filter.branchIds.length === 0)
    return { rows: [], count: 0, capped: false };
  const where = orderWhere(filter);
  const countQuery = options.capCount
    ? sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${orders} WHERE ${where} LIMIT ${COUNT_CAP + 1}) AS capped`
    : sql`SELECT count(*)::int AS n FROM ${orders} WHERE ${where}`;
  const [ids, counted] = await Promise.all([
    pageIds(db, orderPageSpec(filter, sort, page, size)),
    db.execute<{ n: number }>(countQuery),
  ]);
  const n = Number((counted as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
  const count = options.capCount ? Math.min(n, COUNT_CAP + 1) : n;
  if (ids.length === 0) return { rows: [], count, capped: options.capCount && n > COUNT_CAP };
  const rows = await db
    .select(listColumns)
    .from(orders)
    .leftJoin(branches, eq(branches.id, orders.branchId))
    .where(inArray(orders.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return {
    rows: ids.flatMap((id) => byId.get(id) ?? []),
    count,
    capped: options.capCount && n > COUNT_CAP,
  };
};
export type OrderListRecord = Awaited<ReturnType<typeof listOrderRows>>['rows'][number];

/**
 * The statuses that some order in the scope (client, branches, customer) has, in the statuses' own order: one
 * statement, one probe of the status index per status, never a scan of the orders.
 */
export const orderStatusesPresent = async (db: DbOrTx, filter: OrderFilter): Promise<TOrderStatus[]> => {
  if (filter.branchIds !== null && filter.branchIds.length === 0) return [];
  const scope = orderWhere({
    clientId: filter.clientId,
    branchIds: filter.branchIds,
    customerId: filter.customerId,
  });
  const rows = await rowsOf<{ status: TOrderStatus }>(
    db,
    sql`SELECT s.status FROM unnest(${arrayParam(ORDER_STATUSES)}::text[]) WITH ORDINALITY AS s(status, n)
        WHERE EXISTS (SELECT 1 FROM ${orders} WHERE ${scope} AND ${orders.status} = s.status)
        ORDER BY s.n`,
  );
  return rows.map((row) => row.status);
};

/** The value of the orders in the filter that count (not refunded or cancelled), in minor units. */
export const countedValueMinor = async (db: DbOrTx, filter: OrderFilter) => {
  if (filter.branchIds !== null && filter.branchIds.length === 0) return 0;
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${orders.totalMinor}), 0)::text` })
    .from(orders)
    .where(and(orderWhere(filter), notInArray(orders.status, [...ORDER_REVERSAL_STATUSES])));
  return Number(row?.total ?? 0);
};

/** An order by Laurel's id or the channel's order id (Laurel's id wins if both match different orders). */
export const orderRefCondition = (clientId: string, ref: string) =>
  and(
    eq(orders.clientId, clientId),
    sql`(${orders.id} = ${ref.toLowerCase()} OR ${orders.externalId} = ${ref})`,
  );

export const findOrderRecord = async (db: DbOrTx, clientId: string, ref: string) => {
  const [row] = await db
    .select({ order: orders, branchName: branches.displayName })
    .from(orders)
    .leftJoin(branches, eq(branches.id, orders.branchId))
    .where(orderRefCondition(clientId, ref))
    .orderBy(sql`(${orders.id} = ${ref.toLowerCase()}) DESC`)
    .limit(1);
  return row ?? null;
};

/** An order's lines, parcels and history, each in its own order. */
export const orderChildren = async (db: DbOrTx, orderId: string) => {
  const [lines, parcels, history] = await Promise.all([
    db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.lineNo)),
    db.select().from(orderParcels).where(eq(orderParcels.orderId, orderId)).orderBy(asc(orderParcels.number)),
    db
      .select({ entry: orderStatusHistory, parcelNumber: orderParcels.number })
      .from(orderStatusHistory)
      .leftJoin(orderParcels, eq(orderParcels.id, orderStatusHistory.parcelId))
      .where(eq(orderStatusHistory.orderId, orderId))
      .orderBy(asc(orderStatusHistory.seq)),
  ]);
  return { lines, parcels, history };
};

/**
 * The catalogue's titles of the SKUs given (case-insensitively, as the catalogue keys them): a line sent with a SKU
 * and no title reads as the product, not as its code.
 */
export const catalogueTitles = async (db: DbOrTx, clientId: string, skus: readonly string[]) => {
  if (skus.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ sku: products.sku, title: products.title })
    .from(products)
    .where(
      and(
        eq(products.clientId, clientId),
        inArray(
          sql`lower(${products.sku})`,
          skus.map((sku) => sku.toLowerCase()),
        ),
      ),
    );
  return new Map(rows.map((row) => [row.sku.toLowerCase(), row.title]));
};

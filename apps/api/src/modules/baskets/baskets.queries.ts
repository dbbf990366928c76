import { COUNT_CAP } from '@laurel/contract';
import { and, eq, gte, inArray, like, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { containsPattern, startOfDay, startOfNextDay } from '../../db/filters';
import { baskets, branches } from '../../db/schema';
import { type PageSpec, pageIds } from '../orders';

export type BasketFilter = {
  clientId: string;
  /** null: every branch; otherwise only these branches' baskets. */
  branchIds: string[] | null;
  customerId?: string | undefined;
  status?: string | undefined;
  type?: string | undefined;
  fromDate?: string | undefined;
  toDate?: string | undefined;
  /** The business's zone, in which those days begin (zoneForDays); UTC without one. */
  timeZone?: string | undefined;
  minMinor?: number | undefined;
  maxMinor?: number | undefined;
  search?: string | undefined;
};

/** The list's conditions but the branch scope, which pageIds applies per branch. */
const basketWhere = (filter: BasketFilter, withBranches = true): SQL => {
  const conditions: SQL[] = [eq(baskets.clientId, filter.clientId)];
  if (withBranches && filter.branchIds !== null) conditions.push(inArray(baskets.branchId, filter.branchIds));
  if (filter.customerId) conditions.push(eq(baskets.customerId, filter.customerId));
  if (filter.status && filter.status !== 'ALL') conditions.push(eq(baskets.status, filter.status));
  if (filter.type && filter.type !== 'BOTH') conditions.push(eq(baskets.type, filter.type));
  if (filter.fromDate) conditions.push(gte(baskets.updatedAt, startOfDay(filter.fromDate, filter.timeZone)));
  if (filter.toDate) conditions.push(lt(baskets.updatedAt, startOfNextDay(filter.toDate, filter.timeZone)));
  if (filter.minMinor !== undefined) conditions.push(gte(baskets.totalMinor, filter.minMinor));
  if (filter.maxMinor !== undefined) conditions.push(lte(baskets.totalMinor, filter.maxMinor));
  if (filter.search) conditions.push(like(baskets.searchText, containsPattern(filter.search.toLowerCase())));
  return and(...conditions) as SQL;
};

/** Newest change first, straight from the index of the filter in use. */
export const basketPageSpec = (filter: BasketFilter, page: number, size: number): PageSpec => ({
  table: baskets,
  id: baskets.id,
  where: basketWhere(filter, false),
  branchColumn: baskets.branchId,
  branchIds: filter.branchIds,
  order: [baskets.updatedAt, baskets.id],
  direction: 'desc',
  page,
  size,
});

export const listBasketRows = async (
  db: DbOrTx,
  filter: BasketFilter,
  page: number,
  size: number,
  options: { capCount: boolean },
) => {
  if (filter.branchIds !== null && filter.branchIds.length === 0)
    return { rows: [], count: 0, capped: false };
  const where = basketWhere(filter);
  const countQuery = options.capCount
    ? sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${baskets} WHERE ${where} LIMIT ${COUNT_CAP + 1}) AS capped`
    : sql`SELECT count(*)::int AS n FROM ${baskets} WHERE ${where}`;
  const [ids, counted] = await Promise.all([
    pageIds(db, basketPageSpec(filter, page, size)),
    db.execute<{ n: number }>(countQuery),
  ]);
  const n = Number((counted as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
  const count = options.capCount ? Math.min(n, COUNT_CAP + 1) : n;
  const capped = options.capCount && n > COUNT_CAP;
  if (ids.length === 0) return { rows: [], count, capped };
  const rows = await db
    .select({ basket: baskets, branchName: branches.displayName })
    .from(baskets)
    .leftJoin(branches, eq(branches.id, baskets.branchId))
    .where(inArray(baskets.id, ids));
  const byId = new Map(rows.map((row) => [row.basket.id, row]));
  return { rows: ids.flatMap((id) => byId.get(id) ?? []), count, capped };
};
export type BasketRecord = Awaited<ReturnType<typeof listBasketRows>>['rows'][number];

export const findBasketByExternalId = async (db: DbOrTx, clientId: string, externalId: string) => {
  const [row] = await db
    .select({ basket: baskets, branchName: branches.displayName })
    .from(baskets)
    .leftJoin(branches, eq(branches.id, baskets.branchId))
    .where(and(eq(baskets.clientId, clientId), eq(baskets.externalId, externalId)));
  return row ?? null;
};

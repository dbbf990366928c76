import { and, asc, count, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { containsPattern } from '../../db/filters';
import { branches } from '../../db/schema';

export type BranchFilter = {
  clientId: string;
  /** null: every branch of the client. */
  branchIds: string[] | null;
  search?: string | undefined;
  page: number;
  size: number;
};

const whereOf = (filter: BranchFilter) => {
  const conditions: SQL[] = [eq(branches.clientId, filter.clientId)];
  if (filter.branchIds !== null) conditions.push(inArray(branches.id, filter.branchIds));
  if (filter.search) conditions.push(ilike(branches.displayName, containsPattern(filter.search)));
  return and(...conditions);
};

export const listBranchRows = async (db: DbOrTx, filter: BranchFilter) => {
  // A manager with no branches sees none (inArray of [] would be invalid SQL).
  if (filter.branchIds !== null && filter.branchIds.length === 0) return { rows: [], count: 0 };
  const where = whereOf(filter);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(branches)
      .where(where)
      .orderBy(asc(branches.displayName), asc(branches.id))
      .limit(filter.size)
      .offset((filter.page - 1) * filter.size),
    db.select({ n: count() }).from(branches).where(where),
  ]);
  return { rows, count: total?.n ?? 0 };
};

export const findBranch = async (db: DbOrTx, clientId: string, id: string) => {
  const [row] = await db
    .select()
    .from(branches)
    .where(and(eq(branches.clientId, clientId), eq(branches.id, id)));
  return row ?? null;
};

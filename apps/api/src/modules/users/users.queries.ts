import { and, asc, count, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { containsPattern } from '../../db/filters';
import { branches, clientUsers, staffMfa } from '../../db/schema';

export type UserFilter = {
  clientId: string;
  userId?: string;
  search?: string;
  role?: string;
  status?: string;
  page: number;
  size: number;
};

const whereOf = (filter: UserFilter) => {
  const conditions: SQL[] = [eq(clientUsers.clientId, filter.clientId)];
  if (filter.userId) conditions.push(eq(clientUsers.id, filter.userId));
  if (filter.role) conditions.push(eq(clientUsers.role, filter.role));
  if (filter.status) conditions.push(eq(clientUsers.status, filter.status));
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    const match = or(
      ilike(clientUsers.name, pattern),
      ilike(clientUsers.surname, pattern),
      ilike(clientUsers.email, pattern),
      ilike(clientUsers.userName, pattern),
      ilike(sql`${clientUsers.name} || ' ' || ${clientUsers.surname}`, pattern),
    );
    if (match) conditions.push(match);
  }
  return and(...conditions);
};

export const listUsers = async (db: DbOrTx, filter: UserFilter) => {
  const where = whereOf(filter);
  const [rows, [total]] = await Promise.all([
    db
      .select({ user: clientUsers, mfaEnabled: sql<boolean>`${staffMfa.secret} IS NOT NULL` })
      .from(clientUsers)
      // A pending (unconfirmed) secret is not two-factor on.
      .leftJoin(staffMfa, eq(staffMfa.userId, clientUsers.id))
      .where(where)
      .orderBy(asc(clientUsers.name), asc(clientUsers.surname), asc(clientUsers.id))
      .limit(filter.size)
      .offset((filter.page - 1) * filter.size),
    db.select({ n: count() }).from(clientUsers).where(where),
  ]);
  return { rows, count: total?.n ?? 0 };
};

export const findUser = async (db: DbOrTx, clientId: string, userId: string) => {
  const [row] = await db
    .select()
    .from(clientUsers)
    .where(and(eq(clientUsers.clientId, clientId), eq(clientUsers.id, userId)));
  return row ?? null;
};

/** Advisory-lock namespace of a client's admins (the second key is a hash of the client's id). */
const ADMINS_LOCK_NAMESPACE = 7_702;

/**
 * The client's active admins but `userId`, counted under a lock on the client's admins held until the transaction
 * ends: two admins demoting each other at once are counted one after the other, so one of them is refused.
 */
export const otherActiveAdmins = async (db: DbOrTx, clientId: string, userId: string) => {
  await db.execute(sql`SELECT pg_advisory_xact_lock(${ADMINS_LOCK_NAMESPACE}, hashtext(${clientId}))`);
  const [row] = await db
    .select({ n: count() })
    .from(clientUsers)
    .where(
      and(
        eq(clientUsers.clientId, clientId),
        ne(clientUsers.id, userId),
        eq(clientUsers.role, 'ADMIN'),
        eq(clientUsers.status, 'ACTIVE'),
      ),
    );
  return row?.n ?? 0;
};

/** The ids among `ids` that are this client's branches. */
export const existingBranchIds = async (db: DbOrTx, clientId: string, ids: string[]) => {
  if (ids.length === 0) return new Set<string>();
  const rows = await db
    .select({ id: branches.id })
    .from(branches)
    .where(and(eq(branches.clientId, clientId), inArray(branches.id, ids)));
  return new Set(rows.map((row) => row.id));
};

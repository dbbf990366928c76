import { CUSTOMER_COUNT_CAP, customerSearchCountCap } from '@laurel/contract';
import { and, desc, eq, gte, inArray, like, lt, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/database';
import { containsPattern, startOfDay, startOfNextDay } from '../../db/filters';
import { preparedQuery } from '../../db/prepared';
import { branches, customers } from '../../db/schema';
import { customerListColumns } from './customer-dto';

export type CustomerFilter = {
  clientId: string;
  /** null: every customer of the client; otherwise only these branches' customers. */
  branchIds: string[] | null;
  status?: string | undefined;
  startDate?: string | undefined;
  endDate?: string | undefined;
  /** The business's zone, in which the days above begin (zoneForDays); UTC without one. */
  timeZone?: string | undefined;
  search?: string | undefined;
};

/** The search text a typed fragment is matched against: lower case; a local cell number matches +27 too. */
export const searchPattern = (search: string) => containsPattern(search.trim().toLowerCase());

/**
 * A fragment of name, email or cell number (trigram index), or the client's own id whole (its unique index):
 * an external id is typed or pasted as one value, never searched by a part.
 */
const searchCondition = (pattern: Placeholder | string, externalId: Placeholder | string) =>
  or(like(customers.searchText, pattern), eq(customers.externalId, externalId)) as SQL;

export const customerWhere = (filter: CustomerFilter): SQL => {
  const conditions: SQL[] = [eq(customers.clientId, filter.clientId)];
  if (filter.branchIds !== null) conditions.push(inArray(customers.memberBranchId, filter.branchIds));
  if (filter.status && filter.status !== 'ALL') conditions.push(eq(customers.status, filter.status));
  if (filter.startDate)
    conditions.push(gte(customers.createdAt, startOfDay(filter.startDate, filter.timeZone)));
  if (filter.endDate)
    conditions.push(lt(customers.createdAt, startOfNextDay(filter.endDate, filter.timeZone)));
  if (filter.search) conditions.push(searchCondition(searchPattern(filter.search), filter.search.trim()));
  return and(...conditions) as SQL;
};

/** The filters `customerWhere` applies with placeholders for their values, and those values. */
const WHERE_PLACEHOLDERS = {
  branchIds: () => sql`${customers.memberBranchId} = ANY(${sql.placeholder('branchIds')}::text[])`,
  status: () => eq(customers.status, sql.placeholder('status')),
  from: () => sql`${customers.createdAt} >= ${sql.placeholder('from')}::timestamptz`,
  until: () => sql`${customers.createdAt} < ${sql.placeholder('until')}::timestamptz`,
  query: () => searchCondition(sql.placeholder('query'), sql.placeholder('externalId')),
} as const;

/**
 * `customerWhere` with placeholders, so that the page query can be prepared once per combination of filters (its
 * shape) and then only executed: neither the query builder nor PostgreSQL's planner runs again for each request.
 */
const customerWhereShape = (filter: CustomerFilter) => {
  const values: Record<string, unknown> = { clientId: filter.clientId };
  if (filter.branchIds !== null) values.branchIds = filter.branchIds;
  if (filter.status && filter.status !== 'ALL') values.status = filter.status;
  if (filter.startDate) values.from = startOfDay(filter.startDate, filter.timeZone).toISOString();
  if (filter.endDate) values.until = startOfNextDay(filter.endDate, filter.timeZone).toISOString();
  if (filter.search) {
    values.query = searchPattern(filter.search);
    values.externalId = filter.search.trim();
  }
  const present = Object.keys(WHERE_PLACEHOLDERS).filter(
    (key) => key in values,
  ) as (keyof typeof WHERE_PLACEHOLDERS)[];
  return {
    shape: present.join('_') || 'all',
    values,
    where: () =>
      and(
        eq(customers.clientId, sql.placeholder('clientId')),
        ...present.map((key) => WHERE_PLACEHOLDERS[key]()),
      ) as SQL,
  };
};

const pageQuery = (db: Db, where: SQL) => {
  // A deferred join: skip and pick the page's ids from the index alone, then read just those rows, in one
  // statement. A deep page (page 10,000 skips 150k customers) then never reads the skipped rows themselves.
  const ids = db
    .select({ id: customers.id })
    .from(customers)
    .where(where)
    .orderBy(desc(customers.createdAt), desc(customers.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .as('page');
  return db
    .select(customerListColumns)
    .from(ids)
    .innerJoin(customers, eq(customers.id, ids.id))
    .orderBy(desc(customers.createdAt), desc(customers.id));
};

/**
 * The first page, the console's landing view: a plain index scan with its size written into the statement, which
 * PostgreSQL plans once for the connection (with LIMIT and OFFSET as parameters it plans every execution anew).
 */
const firstPageQuery = (db: Db, where: SQL, size: number) =>
  db
    .select(customerListColumns)
    .from(customers)
    .where(where)
    .orderBy(desc(customers.createdAt), desc(customers.id))
    .limit(size);

const pageOfCustomers = async (db: Db, filter: CustomerFilter, page: number, size: number) => {
  const { shape, where, values } = customerWhereShape(filter);
  // A search is planned for its own pattern each time: a generic plan cannot tell a rare fragment from a common one.
  if (filter.search)
    return pageQuery(db, where()).execute({ ...values, limit: size, offset: (page - 1) * size });
  if (page === 1) {
    return preparedQuery(db, `customers_first_${shape}_${size}`, (name) =>
      firstPageQuery(db, where(), size).prepare(name),
    ).execute(values);
  }
  return preparedQuery(db, `customers_page_${shape}`, (name) => pageQuery(db, where()).prepare(name)).execute(
    {
      ...values,
      limit: size,
      offset: (page - 1) * size,
    },
  );
};

/** How many customers match, counting no further than cap + 1. */
const countCustomers = async (db: DbOrTx, where: SQL, cap: number) => {
  const counted = await db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${customers} WHERE ${where} LIMIT ${cap + 1}) AS capped`,
  );
  return Number((counted as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
};

/** Counts at least this large are reused for a second (see `recentCounts`); smaller ones are cheap and exact. */
export const RECENT_COUNT_FLOOR = 1_000;

/**
 * One page, newest first, and a count that stops at the cap (an exact count of millions would be slow): for a
 * free-text search, ten pages past this one. A capped count is cap + 1. `recentCounts` (recentResults) lets a
 * large count be reused: counting 10,000 rows costs more than everything else the request does.
 */
export const listCustomerRows = async (
  db: Db,
  filter: CustomerFilter,
  page: number,
  size: number,
  recentCounts?: (key: string, read: () => Promise<number>) => Promise<number>,
) => {
  if (filter.branchIds !== null && filter.branchIds.length === 0)
    return { rows: [], count: 0, capped: false };
  const cap = filter.search ? customerSearchCountCap(page, size) : CUSTOMER_COUNT_CAP;
  const count = () => countCustomers(db, customerWhere(filter), cap);
  const [rows, n] = await Promise.all([
    pageOfCustomers(db, filter, page, size),
    recentCounts ? recentCounts(JSON.stringify([filter, cap]), count) : count(),
  ]);
  return { rows, count: Math.min(n, cap + 1), capped: n > cap };
};

/** One customer of the client with their branch's name (prepared: the profile page reads it often). */
export const findCustomer = async (db: Db, clientId: string, id: string) => {
  const query = preparedQuery(db, 'customer_by_id', (name) =>
    db
      .select({ customer: customers, branchName: branches.displayName })
      .from(customers)
      .leftJoin(branches, eq(branches.id, customers.memberBranchId))
      .where(
        and(eq(customers.clientId, sql.placeholder('clientId')), eq(customers.id, sql.placeholder('id'))),
      )
      .prepare(name),
  );
  const [row] = await query.execute({ clientId, id });
  return row ?? null;
};

/** Which of email, cell number and card number another customer of the client already holds. */
export const takenIdentifiers = async (
  db: DbOrTx,
  clientId: string,
  values: { email: string | null; cellNumber: string | null; cardNumber: string | null },
  exceptId?: string,
) => {
  const checks: { field: 'email' | 'cell_number' | 'member_card_number'; where: SQL }[] = [];
  if (values.email)
    checks.push({ field: 'email', where: sql`lower(${customers.email}) = ${values.email.toLowerCase()}` });
  if (values.cellNumber)
    checks.push({ field: 'cell_number', where: eq(customers.cellNumber, values.cellNumber) });
  if (values.cardNumber) {
    checks.push({ field: 'member_card_number', where: eq(customers.memberCardNumber, values.cardNumber) });
  }
  const taken: ('email' | 'cell_number' | 'member_card_number')[] = [];
  for (const check of checks) {
    const conditions = [eq(customers.clientId, clientId), check.where];
    if (exceptId) conditions.push(sql`${customers.id} <> ${exceptId}`);
    const [row] = await db
      .select({ id: customers.id })
      .from(customers)
      .where(and(...conditions))
      .limit(1);
    if (row) taken.push(check.field);
  }
  return taken;
};

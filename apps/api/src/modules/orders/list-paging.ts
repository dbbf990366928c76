import type { TSortDirection } from '@laurel/contract';
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/database';

export type PageSpec = {
  table: PgTable;
  id: AnyPgColumn;
  /** The list's conditions besides the branch. */
  where: SQL;
  branchColumn: AnyPgColumn;
  /** null: every branch; otherwise only these (never empty: the caller answers an empty scope itself). */
  branchIds: string[] | null;
  /** Sort columns, each backed by an index that starts (client_id[, filter column]); the last is the id. */
  order: AnyPgColumn[];
  direction: TSortDirection;
  page: number;
  size: number;
};

const dir = (direction: TSortDirection) => sql.raw(direction === 'asc' ? 'ASC' : 'DESC');

/**
 * The ids of one page, read from the sort's index alone (a deferred join: a deep page never reads the rows it
 * skips). A manager of several branches gets each branch's first rows from its own index, merged: an IN list
 * would make PostgreSQL sort every order of those branches instead.
 */
export const pageIdsQuery = (spec: PageSpec): SQL => {
  const direction = dir(spec.direction);
  const orderBy = sql.join(
    spec.order.map((column) => sql`${column} ${direction}`),
    sql`, `,
  );
  const offset = (spec.page - 1) * spec.size;
  const single = (branch: SQL | undefined, limit: number, skip: number) =>
    sql`SELECT ${sql.join(
      spec.order.map((column, index) => sql`${column} AS ${sql.raw(`k${index}`)}`),
      sql`, `,
    )} FROM ${spec.table} WHERE ${spec.where}${branch ? sql` AND ${branch}` : sql``}
        ORDER BY ${orderBy} LIMIT ${limit} OFFSET ${skip}`;
  let query: SQL;
  if (spec.branchIds === null) query = single(undefined, spec.size, offset);
  else if (spec.branchIds.length === 1)
    query = single(eq(spec.branchColumn, spec.branchIds[0] as string), spec.size, offset);
  else if (spec.branchIds.length > 50)
    query = single(inArray(spec.branchColumn, spec.branchIds), spec.size, offset);
  else {
    const parts = spec.branchIds.map(
      (branchId) => sql`(${single(eq(spec.branchColumn, branchId), offset + spec.size, 0)})`,
    );
    const outer = sql.join(
      spec.order.map((_, index) => sql`${sql.raw(`k${index}`)} ${direction}`),
      sql`, `,
    );
    query = sql`SELECT * FROM (${sql.join(parts, sql` UNION ALL `)}) AS merged ORDER BY ${outer} LIMIT ${spec.size} OFFSET ${offset}`;
  }
  return query;
};

export const pageIds = async (db: DbOrTx, spec: PageSpec): Promise<string[]> => {
  const result = (await db.execute(pageIdsQuery(spec))) as unknown as { rows: Record<string, unknown>[] };
  return result.rows.map((row) => String(row[`k${spec.order.length - 1}`]));
};

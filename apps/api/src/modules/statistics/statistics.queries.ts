import { SYSTEM_STATISTICS } from '@laurel/contract';
import { and, asc, count, desc, eq, like, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { containsPattern } from '../../db/filters';
import { statistics } from '../../db/schema';

export type StatisticRow = typeof statistics.$inferSelect;

const whereOf = (clientId: string, search?: string) =>
  search
    ? and(
        eq(statistics.clientId, clientId),
        like(sql`lower(${statistics.name})`, containsPattern(search.toLowerCase())),
      )
    : eq(statistics.clientId, clientId);

export const listStatisticRows = async (
  db: DbOrTx,
  clientId: string,
  page: number,
  size: number,
  search?: string,
) => {
  const where = whereOf(clientId, search);
  const rows = await db
    .select()
    .from(statistics)
    .where(where)
    .orderBy(
      asc(statistics.system),
      desc(statistics.createdAt),
      // System statistics share their creation time: list them in the engine's order.
      sql`array_position(${sql.param([...SYSTEM_STATISTICS])}::text[], ${statistics.name})`,
      desc(statistics.id),
    )
    .limit(size)
    .offset((page - 1) * size);
  const [total] = await db.select({ count: count() }).from(statistics).where(where);
  return { rows, count: Number(total?.count ?? 0) };
};

export const findStatisticRow = async (db: DbOrTx, clientId: string, id: string) => {
  const [row] = await db
    .select()
    .from(statistics)
    .where(and(eq(statistics.clientId, clientId), eq(statistics.id, id)));
  return row ?? null;
};

export { clientTimeZone } from '../../db/filters';

import type { TChallengeSortKey, TChallengeStatus, TSortDirection } from '@laurel/contract';
import { and, asc, count, desc, eq, like, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { containsPattern } from '../../db/filters';
import { arrayParam, rowsOf } from '../../db/raw-sql';
import { challengeSegments, challenges, segments } from '../../db/schema';

export type ChallengeRow = typeof challenges.$inferSelect;
export type ChallengeCounts = { granted: number; completed: number };
export type ChallengeListFilter = {
  clientId: string;
  search?: string;
  status?: TChallengeStatus;
  sort?: { key: TChallengeSortKey; direction: TSortDirection };
};

const where = (filter: ChallengeListFilter) =>
  and(
    eq(challenges.clientId, filter.clientId),
    filter.search
      ? like(sql`lower(${challenges.title})`, containsPattern(filter.search.toLowerCase()))
      : undefined,
    filter.status ? eq(challenges.status, filter.status) : undefined,
  );

/**
 * Players a challenge reaches: members of its segments and players granted it alone, once each; and players who
 * completed it. Counted when read, so no hot counter row is written by every completion.
 */
const grantedSql = sql`(SELECT count(*) FROM (
    SELECT m.customer_id FROM challenge_segments cs JOIN segment_members m ON m.segment_id = cs.segment_id
      WHERE cs.challenge_id = c.id
    UNION SELECT p.customer_id FROM challenge_players p WHERE p.challenge_id = c.id AND p.granted) g)::int`;
const completedSql = sql`(SELECT count(*) FROM challenge_players p
    WHERE p.challenge_id = c.id AND p.status = 'completed')::int`;

export const challengeCounts = async (db: DbOrTx, ids: readonly string[]) => {
  if (ids.length === 0) return new Map<string, ChallengeCounts>();
  const rows = await rowsOf<{ id: string; granted: number; completed: number }>(
    db,
    sql`SELECT c.id, ${grantedSql} AS granted, ${completedSql} AS completed
        FROM unnest(${arrayParam(ids)}::text[]) AS c(id)`,
  );
  return new Map(
    rows.map((row) => [row.id, { granted: Number(row.granted), completed: Number(row.completed) }]),
  );
};

const COLUMN_SORTS = {
  title: sql`lower(${challenges.title})`,
  status: challenges.status,
  visible: challenges.visible,
  start_date: challenges.startDate,
  end_date: challenges.endDate,
  created_at: challenges.createdAt,
  updated_at: challenges.updatedAt,
} as const;

/** A page of the client's challenges; the two counts sort in SQL over the client's challenges (a short list). */
export const listChallengeRows = async (
  db: DbOrTx,
  filter: ChallengeListFilter,
  page: number,
  size: number,
) => {
  const condition = where(filter);
  const sort = filter.sort;
  let ids: string[];
  if (sort && (sort.key === 'granted_quantity' || sort.key === 'completed_quantity')) {
    const measure = sort.key === 'granted_quantity' ? grantedSql : completedSql;
    const direction = sort.direction === 'asc' ? sql`ASC` : sql`DESC`;
    const rows = await rowsOf<{ id: string }>(
      db,
      sql`SELECT c.id FROM (SELECT ${challenges.id} AS id, ${challenges.createdAt} AS created_at
                            FROM ${challenges} WHERE ${condition}) c
          ORDER BY ${measure} ${direction}, c.created_at DESC, c.id DESC
          LIMIT ${size} OFFSET ${(page - 1) * size}`,
    );
    ids = rows.map((row) => row.id);
  } else {
    const order = sort ? COLUMN_SORTS[sort.key as keyof typeof COLUMN_SORTS] : undefined;
    const rows = await db
      .select({ id: challenges.id })
      .from(challenges)
      .where(condition)
      .orderBy(
        ...(order ? [sort?.direction === 'asc' ? asc(order) : desc(order)] : []),
        desc(challenges.createdAt),
        desc(challenges.id),
      )
      .limit(size)
      .offset((page - 1) * size);
    ids = rows.map((row) => row.id);
  }
  const found =
    ids.length > 0
      ? await db
          .select()
          .from(challenges)
          .where(sql`${challenges.id} = ANY(${arrayParam(ids)}::text[])`)
      : [];
  const byId = new Map(found.map((row) => [row.id, row]));
  const [total] = await db.select({ count: count() }).from(challenges).where(condition);
  return {
    rows: ids.flatMap((id) => byId.get(id) ?? []),
    count: Number(total?.count ?? 0),
  };
};

export const findChallengeRow = async (db: DbOrTx, clientId: string, id: string, lock = false) => {
  const query = db
    .select()
    .from(challenges)
    .where(and(eq(challenges.clientId, clientId), eq(challenges.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
};

/** The segments each challenge is granted to, by name. */
export const linkedSegments = async (db: DbOrTx, ids: readonly string[]) => {
  const result = new Map<string, { _id: string; name: string }[]>();
  if (ids.length === 0) return result;
  const rows = await db
    .select({ challengeId: challengeSegments.challengeId, id: segments.id, name: segments.name })
    .from(challengeSegments)
    .innerJoin(segments, eq(segments.id, challengeSegments.segmentId))
    .where(sql`${challengeSegments.challengeId} = ANY(${arrayParam(ids)}::text[])`)
    .orderBy(asc(challengeSegments.createdAt));
  for (const row of rows) {
    result.set(row.challengeId, [...(result.get(row.challengeId) ?? []), { _id: row.id, name: row.name }]);
  }
  return result;
};

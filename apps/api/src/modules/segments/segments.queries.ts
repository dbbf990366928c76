import { SYSTEM_SEGMENT_NAMES } from '@laurel/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { containsPattern } from '../../db/filters';
import { arrayParam, rowsOf } from '../../db/raw-sql';
import type { SegmentActionColumn, SegmentFilterColumn } from '../../db/schema';

export type SegmentRow = {
  id: string;
  client_id: string;
  name: string;
  description: string;
  filters: SegmentFilterColumn[] | string;
  actions: SegmentActionColumn[] | string;
  system: boolean;
  rebuild_requested_at: string | Date | null;
  created_at: string | Date;
  updated_at: string | Date;
  player_count: string | number;
};

const SELECT = sql`SELECT s.id, s.client_id, s.name, s.description, s.filters, s.actions, s.system, s.rebuild_requested_at,
  s.created_at, s.updated_at, (SELECT count(*) FROM segment_members m WHERE m.segment_id = s.id) AS player_count
  FROM segments s`;

export const listSegmentRows = async (
  db: DbOrTx,
  filter: { clientId: string; search?: string; ids?: string[] },
  page: number,
  size: number,
) => {
  const conditions: SQL[] = [sql`s.client_id = ${filter.clientId}`];
  if (filter.search) conditions.push(sql`lower(s.name) LIKE ${containsPattern(filter.search.toLowerCase())}`);
  if (filter.ids) conditions.push(sql`s.id = ANY(${arrayParam(filter.ids)}::text[])`);
  const where = sql.join(conditions, sql` AND `);
  const rows = await rowsOf<SegmentRow>(
    db,
    sql`${SELECT} WHERE ${where} ORDER BY s.system, s.created_at DESC, array_position(${arrayParam([...SYSTEM_SEGMENT_NAMES])}::text[], s.name), s.id DESC LIMIT ${size} OFFSET ${(page - 1) * size}`,
  );
  const [total] = await rowsOf<{ count: string | number }>(
    db,
    sql`SELECT count(*) AS count FROM segments s WHERE ${where}`,
  );
  return { rows, count: Number(total?.count ?? 0) };
};

export const findSegmentRow = async (db: DbOrTx, clientId: string, id: string) => {
  const [row] = await rowsOf<SegmentRow>(db, sql`${SELECT} WHERE s.client_id = ${clientId} AND s.id = ${id}`);
  return row ?? null;
};

export type SegmentPlayerRow = {
  customer_id: string;
  display_name: string | null;
  entered_at: string | Date;
  last_login: string | Date | null;
};

/**
 * Which slice of the members a page is: newest first, or, past the middle of `count` members, counted from the
 * oldest, so that the last page of a large segment reads as few index entries as the first (an OFFSET reads every
 * entry it skips).
 */
export const memberSlice = (count: number, page: number, size: number) => {
  const offset = (page - 1) * size;
  if (offset < count / 2) return { newestFirst: true, offset, limit: size };
  const fromOldest = count - offset - size;
  return {
    newestFirst: false,
    offset: Math.max(0, fromOldest),
    limit: Math.max(0, fromOldest < 0 ? size + fromOldest : size),
  };
};

const PLAYER_COLUMNS = sql`m.customer_id, m.entered_at,
  nullif(trim(coalesce(c.name, '') || ' ' || coalesce(c.surname, '')), '') AS display_name`;
const lastLoginOf = (clientId: string) =>
  sql`(SELECT ps.last_occurred_at FROM player_statistics ps JOIN statistics st ON st.id = ps.statistic_id
        WHERE st.client_id = ${clientId} AND st.name = 'numberOfLogins' AND ps.customer_id = m.customer_id
        ORDER BY ps.version DESC LIMIT 1) AS last_login`;

/** Segment members (`m`) joined to their customers (`c`) at `branches` only: what a branch or area manager sees. */
const membersAt = (clientId: string, branches: string[]) =>
  sql`segment_members m JOIN customers c ON c.client_id = ${clientId} AND c.id = m.customer_id
      AND c.member_branch_id = ANY (${arrayParam(branches)}::text[])`;

/** How many members of each segment are at `branches`: what a branch or area manager is shown as its size. */
export const memberCountsAt = async (
  db: DbOrTx,
  clientId: string,
  segmentIds: readonly string[],
  branches: string[],
) => {
  if (segmentIds.length === 0) return new Map<string, number>();
  const rows = await rowsOf<{ segment_id: string; n: number }>(
    db,
    sql`SELECT m.segment_id, count(*)::int AS n FROM ${membersAt(clientId, branches)}
        WHERE m.segment_id = ANY (${arrayParam([...segmentIds])}::text[])
        GROUP BY m.segment_id`,
  );
  return new Map(rows.map((row) => [row.segment_id, row.n]));
};

/**
 * A page of the members at `branches` (a branch or area manager's), newest first, with their count: a manager sees
 * their own branches' members only, as in every other list.
 */
export const segmentPlayerRowsAt = async (
  db: DbOrTx,
  clientId: string,
  segmentId: string,
  branches: string[],
  page: { offset: number; limit: number },
) => {
  const [rows, counts] = await Promise.all([
    rowsOf<SegmentPlayerRow>(
      db,
      sql`SELECT ${PLAYER_COLUMNS}, ${lastLoginOf(clientId)} FROM ${membersAt(clientId, branches)}
          WHERE m.segment_id = ${segmentId}
          ORDER BY m.entered_at DESC, m.customer_id DESC LIMIT ${page.limit} OFFSET ${page.offset}`,
    ),
    memberCountsAt(db, clientId, [segmentId], branches),
  ]);
  return { rows, count: counts.get(segmentId) ?? 0 };
};

/** A page of members, newest first, read from the (segment, entered_at) index from whichever end is nearer. */
export const segmentPlayerRows = (
  db: DbOrTx,
  clientId: string,
  segmentId: string,
  slice: ReturnType<typeof memberSlice>,
) =>
  rowsOf<SegmentPlayerRow>(
    db,
    sql`SELECT ${PLAYER_COLUMNS}, ${lastLoginOf(clientId)}
        FROM (SELECT customer_id, entered_at FROM segment_members WHERE segment_id = ${segmentId}
              ORDER BY ${slice.newestFirst ? sql`entered_at DESC, customer_id DESC` : sql`entered_at, customer_id`}
              LIMIT ${slice.limit} OFFSET ${slice.offset}) m
        JOIN customers c ON c.id = m.customer_id
        ORDER BY m.entered_at DESC, m.customer_id DESC`,
  );

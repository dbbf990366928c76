import { COMPARISON_OPERATORS, type TComparisonOperator } from '@laurel/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Database, DbOrTx, Tx } from '../../db/database';
import { jsonColumn } from '../../db/raw-sql';
import type { SegmentActionColumn, SegmentFilterColumn } from '../../db/schema';
import { lockClientExclusively } from '../core/locks';
import { rowsOf } from '../core/sql';
import { currentVersion, loadStatisticCatalogue } from '../statistics/statistic-definitions';
import { type MembershipChange, runSegmentActions } from './segment-actions';

const SQL_OPERATORS: Record<TComparisonOperator, string> = {
  EqualTo: '=',
  GreaterThan: '>',
  LessThan: '<',
  GreaterThanOrEqual: '>=',
  LessThanOrEqual: '<=',
  NotEqualTo: '<>',
};

type PendingSegment = {
  id: string;
  client_id: string;
  name: string;
  filters: SegmentFilterColumn[] | string;
  actions: SegmentActionColumn[] | string;
  /** As text, to the microsecond: compared back exactly when the request is cleared. */
  requested_at: string;
  time_zone: string;
};

/**
 * A statistic that starts again (a manual reset, a new reset interval) changes whom the rules on it select: every
 * segment of the client with such a rule is recomputed by the worker, as after a rule change (DESIGN §5: a player
 * with no value for a statistic matches no rule on it).
 */
export const requestRebuildOfSegmentsReading = (db: DbOrTx, clientId: string, statisticName: string) =>
  db.execute(sql`UPDATE segments SET rebuild_requested_at = now()
    WHERE client_id = ${clientId} AND filters @> ${JSON.stringify([{ statistic_name: statisticName }])}::jsonb`);

/** The players a segment's rules select now, as one SQL select (rules OR-ed; suspended customers never). */
const matchingPlayers = async (
  tx: Tx,
  clientId: string,
  filters: SegmentFilterColumn[],
  timeZone: string,
): Promise<SQL | null> => {
  const catalogue = await loadStatisticCatalogue(tx, [clientId]);
  const parts: SQL[] = [];
  for (const filter of filters) {
    if (filter.type === 'all_players') {
      parts.push(sql`SELECT DISTINCT customer_id FROM player_statistics WHERE client_id = ${clientId}`);
      continue;
    }
    const definition = filter.statistic_name ? catalogue.find(clientId, filter.statistic_name) : undefined;
    const operator = filter.comparison as TComparisonOperator | null;
    if (!definition || !operator || !COMPARISON_OPERATORS.includes(operator) || filter.filter_value === null)
      continue;
    parts.push(sql`SELECT customer_id FROM player_statistics
      WHERE statistic_id = ${definition.id} AND version = ${currentVersion(definition, timeZone)}
        AND value ${sql.raw(SQL_OPERATORS[operator])} ${String(filter.filter_value)}::numeric`);
  }
  if (parts.length === 0) return null;
  return sql`SELECT m.customer_id FROM (${sql.join(parts, sql` UNION `)}) m
             JOIN customers c ON c.id = m.customer_id AND c.status <> 'SUSPENDED'`;
};

/**
 * Recomputes one segment whose rules changed, in one transaction: members who no longer match leave, players
 * who now match enter, and only they run the segment's actions (DESIGN §5). It holds the client's lock
 * exclusively, so no event batch of that client is half-way through while membership is rewritten.
 */
const rebuildSegment = async (tx: Tx, segment: PendingSegment) => {
  await lockClientExclusively(tx, segment.client_id);
  const filters = jsonColumn<SegmentFilterColumn[]>(segment.filters);
  const actions = jsonColumn<SegmentActionColumn[]>(segment.actions);
  const matched = await matchingPlayers(tx, segment.client_id, filters, segment.time_zone);
  const rows = await rowsOf<{ kind: 'entered' | 'left'; customer_id: string }>(
    tx,
    matched
      ? sql`WITH matched AS (${matched}),
            ins AS (
              INSERT INTO segment_members (client_id, segment_id, customer_id)
              SELECT ${segment.client_id}, ${segment.id}, customer_id FROM matched ORDER BY customer_id
              ON CONFLICT DO NOTHING RETURNING customer_id),
            del AS (
              DELETE FROM segment_members sm WHERE sm.segment_id = ${segment.id}
                AND NOT EXISTS (SELECT 1 FROM matched WHERE matched.customer_id = sm.customer_id)
              RETURNING customer_id)
            SELECT 'entered' AS kind, customer_id FROM ins UNION ALL SELECT 'left', customer_id FROM del`
      : sql`DELETE FROM segment_members WHERE segment_id = ${segment.id} RETURNING 'left' AS kind, customer_id`,
  );
  const definition = { id: segment.id, clientId: segment.client_id, name: segment.name, filters, actions };
  const changes: MembershipChange[] = rows.map((row) => ({
    segment: definition,
    customerId: row.customer_id,
    kind: row.kind,
    eventId: null,
    branchId: null,
  }));
  await runSegmentActions(tx, changes);
  // A rule change that arrived meanwhile keeps its request: the next round rebuilds again.
  await tx.execute(sql`UPDATE segments SET rebuild_requested_at = NULL
                       WHERE id = ${segment.id} AND rebuild_requested_at = ${segment.requested_at}::timestamptz`);
  return rows.length;
};

/** One waiting rebuild, if any; resolves to whether one was done. Workers share the queue (SKIP LOCKED). */
export const rebuildNextSegment = async (database: Database) =>
  database.db.transaction(async (tx) => {
    const [segment] = await rowsOf<PendingSegment>(
      tx,
      sql`SELECT s.id, s.client_id, s.name, s.filters, s.actions, s.rebuild_requested_at::text AS requested_at, cl.time_zone
          FROM segments s JOIN clients cl ON cl.id = s.client_id
          WHERE s.rebuild_requested_at IS NOT NULL
          ORDER BY s.rebuild_requested_at LIMIT 1 FOR UPDATE OF s SKIP LOCKED`,
    );
    if (!segment) return false;
    await rebuildSegment(tx, segment);
    return true;
  });

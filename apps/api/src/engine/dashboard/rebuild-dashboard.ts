import { ORDER_REVERSAL_STATUSES } from '@laurel/contract';
import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/database';
import { lockClientExclusively } from '../core/locks';
import { arrayParam, rowsOf } from '../core/sql';
import { ALL_BRANCHES } from './dashboard-rollups';
import { DISTINCT_WINDOW_MAX_DAYS } from './day-gaps';

/** An event's, or a ledger row's, scopes: all branches, and its branch when it has one. */
const scopes = (branchColumn: string) =>
  sql.raw(`CROSS JOIN LATERAL (VALUES ('${ALL_BRANCHES}'), (${branchColumn})) AS s(scope)`);

/**
 * The order moves of the event log, as the orders step made them: following each order's processed order events
 * in processing order (batch, then occurred_at, then arrival), every time it starts or stops counting is a move
 * of its total, on that event's local day, at the order's branch; a counted order.created is a purchase.
 */
const collectOrderMoves = async (tx: Tx, clientId: string, timeZone: string) => {
  await tx.execute(sql`
    CREATE TEMP TABLE dashboard_rebuild_moves ON COMMIT DROP AS
    WITH steps AS (
      SELECT e.customer_id, e.type, e.occurred_at, e.processed_at, e.seq, o.id AS order_id, o.branch_id,
             o.total_minor,
             COALESCE(e.data->>'status', 'ORDERED') <> ALL(${arrayParam([...ORDER_REVERSAL_STATUSES])}::text[]) AS counted
      FROM events e
      JOIN orders o ON o.client_id = e.client_id AND o.external_id = e.data->>'order_id'
      WHERE e.client_id = ${clientId} AND e.status = 'processed'
        AND e.type IN ('order.created', 'order.status-change')
    ), flips AS (
      SELECT *, lag(counted, 1, false) OVER (PARTITION BY order_id ORDER BY processed_at, occurred_at, seq) AS was
      FROM steps
    )
    SELECT customer_id, branch_id, (occurred_at AT TIME ZONE ${timeZone})::date AS day,
           CASE WHEN counted THEN total_minor ELSE -total_minor END AS amount,
           type = 'order.created' AND counted AS purchase
    FROM flips WHERE counted <> was`);
};

const rebuildPlayerDays = async (tx: Tx, clientId: string, timeZone: string) => {
  await tx.execute(sql`
    INSERT INTO dashboard_player_days (client_id, scope, kind, customer_id, day)
    SELECT DISTINCT ${clientId}, s.scope, 'active', e.customer_id, (e.occurred_at AT TIME ZONE ${timeZone})::date
    FROM events e ${scopes('e.branch_id')}
    WHERE e.client_id = ${clientId} AND e.status = 'processed' AND s.scope IS NOT NULL
    UNION
    SELECT ${clientId}, s.scope, 'paying', m.customer_id, m.day
    FROM dashboard_rebuild_moves m ${scopes('m.branch_id')}
    WHERE m.purchase AND s.scope IS NOT NULL`);
  await tx.execute(sql`
    INSERT INTO dashboard_gaps (client_id, scope, kind, day, gap, players)
    SELECT ${clientId}, scope, kind, day,
           CASE WHEN previous IS NULL OR day - previous > ${DISTINCT_WINDOW_MAX_DAYS} THEN 0 ELSE day - previous END,
           count(*)
    FROM (SELECT scope, kind, day, lag(day) OVER (PARTITION BY scope, kind, customer_id ORDER BY day) AS previous
          FROM dashboard_player_days WHERE client_id = ${clientId}) p
    GROUP BY 1, 2, 3, 4, 5`);
};

/**
 * Each active player-day under the tier the player held after the event that first counted them active that day
 * (processing order: batch, then occurred_at, then arrival; a batch runs a player's events one after another): the
 * last tier milestone the reward-track ledger says they reached by then — in an earlier batch, or in the same batch
 * by that event or one before it (a batch's ledger rows and its events' processed_at are both the transaction's
 * time). A tier lowered without a milestone (a tier review, a year-end, an edited track) is not in the ledger: there
 * the rebuild can place a player-day in a higher tier than the step did. No tier counts as Bronze, as in the step.
 */
const rebuildTierDays = async (tx: Tx, clientId: string, timeZone: string) => {
  await tx.execute(sql`
    INSERT INTO dashboard_tier_days (client_id, scope, day, tier, players)
    WITH days AS (
      SELECT s.scope, e.customer_id, (e.occurred_at AT TIME ZONE ${timeZone})::date AS day,
             e.processed_at, e.occurred_at, e.seq
      FROM events e ${scopes('e.branch_id')}
      WHERE e.client_id = ${clientId} AND e.status = 'processed' AND s.scope IS NOT NULL
    ), firsts AS (
      SELECT DISTINCT ON (scope, customer_id, day)
             scope, customer_id, day, processed_at AS first_at, occurred_at AS first_occurred, seq AS first_seq
      FROM days
      ORDER BY scope, customer_id, day, processed_at, occurred_at, seq
    )
    SELECT ${clientId}, f.scope, f.day, COALESCE(t.tier, 1), count(*)
    FROM firsts f
    LEFT JOIN LATERAL (
      SELECT least(greatest(trunc(r.reward_value)::int, 1), 5) AS tier
      FROM reward_track_transactions r LEFT JOIN events c ON c.id = r.event_id
      WHERE r.client_id = ${clientId} AND r.customer_id = f.customer_id AND r.reward_track_type = 'TIER_PROGRESSION'
        AND r.status = 'Reward Claimed'
        AND (r.created_at < f.first_at
             OR (r.created_at = f.first_at
                 AND (c.id IS NULL OR (c.occurred_at, c.seq) <= (f.first_occurred, f.first_seq))))
      ORDER BY r.created_at DESC, c.occurred_at DESC NULLS FIRST, c.seq DESC NULLS FIRST, r.milestone_index DESC
      LIMIT 1
    ) t ON true
    GROUP BY 1, 2, 3, 4`);
};

/** Revenue from the order moves; completions and grants as the ledgers' triggers count them (0016 migration). */
const rebuildDailySums = async (tx: Tx, clientId: string, timeZone: string) => {
  await tx.execute(sql`
    INSERT INTO dashboard_days AS d (client_id, scope, day, stripe, revenue_minor, challenges_completed, badges_earned)
    SELECT ${clientId}, scope, day, 0, sum(revenue), sum(challenges), sum(badges)
    FROM (
      SELECT s.scope, m.day, m.amount AS revenue, 0 AS challenges, 0 AS badges
      FROM dashboard_rebuild_moves m ${scopes('m.branch_id')}
      WHERE s.scope IS NOT NULL
      UNION ALL
      SELECT s.scope, (c.occurred_at AT TIME ZONE ${timeZone})::date, 0, 1, 0
      FROM challenge_transactions c ${scopes('c.branch_id')}
      WHERE c.client_id = ${clientId} AND c.challenge_status = 'Completed' AND s.scope IS NOT NULL
      UNION ALL
      SELECT s.scope, (COALESCE(e.occurred_at, b.created_at) AT TIME ZONE ${timeZone})::date, 0, 0, b.quantity
      FROM badge_transactions b LEFT JOIN events e ON e.id = b.event_id ${scopes('b.branch_id')}
      WHERE b.client_id = ${clientId} AND s.scope IS NOT NULL
    ) sums
    GROUP BY 1, 2, 3, 4`);
};

/**
 * Recomputes one client's dashboard rollups from the event log and the ledgers, in one transaction that holds the
 * client's engine lock exclusively (as a segment rebuild does), so no batch of that client runs meanwhile and the
 * rollups are never seen half-built. Gives what the step and the ledger triggers kept, up to the tier caveat above.
 */
export const rebuildDashboard = async (database: Database, clientId: string) =>
  database.db.transaction(async (tx) => {
    await lockClientExclusively(tx, clientId);
    const [client] = await rowsOf<{ time_zone: string }>(
      tx,
      sql`SELECT time_zone FROM clients WHERE id = ${clientId}`,
    );
    if (!client) return false;
    for (const table of [
      'dashboard_player_days',
      'dashboard_gaps',
      'dashboard_tier_days',
      'dashboard_days',
    ]) {
      await tx.execute(sql`DELETE FROM ${sql.identifier(table)} WHERE client_id = ${clientId}`);
    }
    await collectOrderMoves(tx, clientId, client.time_zone);
    await rebuildPlayerDays(tx, clientId, client.time_zone);
    await rebuildTierDays(tx, clientId, client.time_zone);
    await rebuildDailySums(tx, clientId, client.time_zone);
    return true;
  });

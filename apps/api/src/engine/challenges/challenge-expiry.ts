import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { CLIENT_LOCK_NAMESPACE } from '../core/locks';
import { rowsOf } from '../core/sql';

/** Players expired per run: a big challenge ending is worked through over a few runs, between batches. */
const EXPIRE_PER_RUN = 1000;

/**
 * Expires open progress of released challenges whose end date has passed (spec 3 §3 Expired): each started,
 * unfinished player gets an Expired challenge transaction and their standing and progress entry become expired. Events that
 * occurred after the end never count (the step checks the schedule), so this only closes what was left open.
 * Each client's expiry holds that client's engine lock exclusively (batches hold it shared, as for a segment
 * rebuild), so a completion and an expiry of one player's challenge never both happen. Returns whether it did
 * anything (the worker runs it again at once).
 */
export const expireEndedChallenges = async (database: Database, now = new Date()) => {
  const due = await rowsOf<{ client_id: string }>(
    database.db,
    sql`SELECT DISTINCT c.client_id FROM challenges c
        WHERE c.status = 'released' AND c.end_date < ${now.toISOString()}::timestamptz
          AND EXISTS (SELECT 1 FROM challenge_players p
                       WHERE p.challenge_id = c.id AND p.status = 'active' AND p.started_at IS NOT NULL)
        LIMIT 20`,
  );
  let expired = 0;
  for (const { client_id: clientId } of due) {
    expired += await database.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${CLIENT_LOCK_NAMESPACE}, hashtext(${clientId}))`);
      const rows = await rowsOf<{ challenge_id: string }>(
        tx,
        sql`WITH due AS (
              SELECT p.challenge_id, p.customer_id FROM challenges c
                JOIN challenge_players p ON p.challenge_id = c.id AND p.status = 'active' AND p.started_at IS NOT NULL
               WHERE c.client_id = ${clientId} AND c.status = 'released'
                 AND c.end_date < ${now.toISOString()}::timestamptz
               ORDER BY p.challenge_id, p.customer_id
               LIMIT ${EXPIRE_PER_RUN}),
            ended AS (
              UPDATE challenge_players p SET status = 'expired', ended_at = ${now.toISOString()}::timestamptz,
                                             updated_at = now()
                FROM due WHERE p.challenge_id = due.challenge_id AND p.customer_id = due.customer_id
                           AND p.status = 'active'
              RETURNING p.client_id, p.challenge_id, p.customer_id),
            -- The players' progress entries are marked too: the batches read only those.
            marked AS (
              UPDATE challenge_progress d
                 SET challenges = d.challenges || (
                       SELECT jsonb_object_agg(e.challenge_id, coalesce(d.challenges -> e.challenge_id, '{"o":{}}') || '{"x":1}')
                         FROM ended e WHERE e.client_id = d.client_id AND e.customer_id = d.customer_id),
                     updated_at = now()
               WHERE d.client_id = ${clientId} AND d.customer_id IN (SELECT customer_id FROM ended))
            INSERT INTO challenge_transactions (id, client_id, customer_id, branch_id, challenge_id, challenge_name,
                                                challenge_start_date, challenge_end_date, challenge_status, occurred_at)
            SELECT substr(md5(random()::text || e.challenge_id || e.customer_id), 1, 24), e.client_id, e.customer_id,
                   (SELECT t.branch_id FROM challenge_transactions t
                     WHERE t.challenge_id = e.challenge_id AND t.customer_id = e.customer_id
                     ORDER BY t.occurred_at DESC LIMIT 1),
                   e.challenge_id, c.title, c.start_date, c.end_date, 'Expired', c.end_date
              FROM ended e JOIN challenges c ON c.id = e.challenge_id
            ON CONFLICT DO NOTHING
            RETURNING challenge_id`,
      );
      return rows.length;
    });
  }
  return expired > 0;
};

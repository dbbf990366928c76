import { sql } from 'drizzle-orm';
import { type Clock, systemClock } from '../../clock';
import type { Database } from '../../db/database';
import type { EngineTask } from '../core/engine';
import { lockClientExclusively } from '../core/locks';
import { rowsOf } from '../core/sql';

/** Players expired per challenge and run: a big challenge ending is worked through over a few runs, between batches. */
const EXPIRE_PER_RUN = 1000;

/**
 * Expires open progress of released challenges whose end date has passed (spec 3 §3 Expired): each player who
 * started (an Active transaction) and neither completed nor expired gets an Expired challenge transaction, an
 * expired standing and an expired progress entry. Once none is left the challenge is closed (`expired_at`): the
 * engine reads it no more, so a late event cannot start it again, and this task no longer looks at it. Events that
 * occurred after the end never count (the step checks the schedule). Each client's expiry holds that client's
 * engine lock exclusively (batches hold it shared, as for a segment rebuild), so a completion and an expiry of one
 * player's challenge never both happen. Returns whether it did anything (the worker runs it again at once).
 */
export const expireEndedChallenges = async (database: Database, now = new Date()) => {
  const due = await rowsOf<{ id: string; client_id: string }>(
    database.db,
    sql`SELECT id, client_id FROM challenges
        WHERE status = 'released' AND expired_at IS NULL AND end_date < ${now.toISOString()}::timestamptz
        ORDER BY end_date, id
        LIMIT 20`,
  );
  const at = now.toISOString();
  for (const clientId of new Set(due.map((row) => row.client_id))) {
    await database.db.transaction(async (tx) => {
      await lockClientExclusively(tx, clientId);
      for (const { id } of due.filter((row) => row.client_id === clientId)) {
        const [counted] = await rowsOf<{ due: number }>(
          tx,
          sql`WITH due AS (
                SELECT t.client_id, t.challenge_id, t.customer_id FROM challenge_transactions t
                 WHERE t.challenge_id = ${id} AND t.challenge_status = 'Active'
                   AND NOT EXISTS (SELECT 1 FROM challenge_players p
                                    WHERE p.challenge_id = t.challenge_id AND p.customer_id = t.customer_id
                                      AND p.status <> 'active')
                 ORDER BY t.customer_id
                 LIMIT ${EXPIRE_PER_RUN}),
              ended AS (
                INSERT INTO challenge_players AS p (client_id, challenge_id, customer_id, status, ended_at, updated_at)
                SELECT client_id, challenge_id, customer_id, 'expired', ${at}::timestamptz, now() FROM due
                ON CONFLICT (challenge_id, customer_id) DO UPDATE
                  SET status = 'expired', ended_at = EXCLUDED.ended_at, updated_at = now()
                  WHERE p.status = 'active'
                RETURNING p.client_id, p.challenge_id, p.customer_id),
              -- The players' progress entries are marked too: a batch reads only those.
              marked AS (
                UPDATE challenge_progress d
                   SET challenges = d.challenges || jsonb_build_object(${id}::text,
                         coalesce(d.challenges -> ${id}::text, '{"o":{}}'::jsonb) || '{"x":1}'::jsonb),
                       updated_at = now()
                  FROM ended e WHERE d.client_id = e.client_id AND d.customer_id = e.customer_id),
              written AS (
                INSERT INTO challenge_transactions (id, client_id, customer_id, branch_id, challenge_id, challenge_name,
                                                    challenge_start_date, challenge_end_date, challenge_status, occurred_at)
                SELECT substr(md5(random()::text || e.challenge_id || e.customer_id), 1, 24), e.client_id, e.customer_id,
                       (SELECT t.branch_id FROM challenge_transactions t
                         WHERE t.challenge_id = e.challenge_id AND t.customer_id = e.customer_id
                         ORDER BY t.occurred_at DESC LIMIT 1),
                       e.challenge_id, c.title, c.start_date, c.end_date, 'Expired', c.end_date
                  FROM ended e JOIN challenges c ON c.id = e.challenge_id
                ON CONFLICT DO NOTHING
                RETURNING 1)
            SELECT count(*)::int AS due FROM due`,
        );
        if (Number(counted?.due ?? 0) < EXPIRE_PER_RUN)
          await tx.execute(sql`UPDATE challenges SET expired_at = ${at}::timestamptz WHERE id = ${id}`);
      }
    });
  }
  return due.length > 0;
};

/**
 * The expiry as an engine task, due just after the first released challenge that is still open ends; `clock` is
 * the process's business clock (CLOCK_START).
 */
export const createChallengeExpiryTask = (clock: Clock = systemClock): EngineTask => ({
  run: (database) => expireEndedChallenges(database, clock()),
  nextDueIn: async (database) => {
    const [row] = await database.query<{ at: Date | string | null }>(
      `SELECT min(end_date) AS at FROM challenges WHERE status = 'released' AND expired_at IS NULL`,
    );
    // An end is passed once the clock is beyond it.
    return row?.at ? new Date(row.at).getTime() + 1 - clock().getTime() : null;
  },
});

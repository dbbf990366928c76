import type { TPlayerChallenge } from '@laurel/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { arrayParam, jsonColumn, rowsOf } from '../../db/raw-sql';
import type { ChallengeObjectiveColumn, PlayerChallengesColumn } from '../../db/schema';
import { objectiveTarget } from '../../engine/challenges/objective-rules';

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

/**
 * A player's challenges (DESIGN §3 `challenges`): every challenge they have worked on or were granted alone, and
 * every released challenge granted to a segment they are in now, with each objective's progress and target.
 */
export const playerChallenges = async (
  db: DbOrTx,
  clientId: string,
  customerId: string,
): Promise<TPlayerChallenge[]> => {
  const [doc] = await rowsOf<{ challenges: PlayerChallengesColumn | string }>(
    db,
    sql`SELECT challenges FROM challenge_progress WHERE client_id = ${clientId} AND customer_id = ${customerId}`,
  );
  const progress: PlayerChallengesColumn = doc ? jsonColumn(doc.challenges) : {};
  const rows = await rowsOf<{
    id: string;
    title: string;
    objectives: ChallengeObjectiveColumn[] | string;
    status: string | null;
    started_at: string | Date | null;
    completed_at: string | Date | null;
  }>(
    db,
    // A start is the Active transaction (rows of players who started before it was so keep their started_at).
    sql`SELECT c.id, c.title, c.objectives, p.status, p.completed_at,
               coalesce(p.started_at, (SELECT t.occurred_at FROM challenge_transactions t
                                        WHERE t.challenge_id = c.id AND t.customer_id = ${customerId}
                                          AND t.challenge_status = 'Active')) AS started_at
        FROM challenges c
        LEFT JOIN challenge_players p ON p.challenge_id = c.id AND p.customer_id = ${customerId}
        WHERE c.client_id = ${clientId}
          AND (p.customer_id IS NOT NULL OR c.id = ANY(${arrayParam(Object.keys(progress))}::text[])
               OR (c.status = 'released' AND EXISTS (
                     SELECT 1 FROM challenge_segments cs
                       JOIN segment_members m ON m.segment_id = cs.segment_id AND m.customer_id = ${customerId}
                      WHERE cs.challenge_id = c.id)))
        ORDER BY c.created_at, c.id`,
  );
  return rows.map((row) => ({
    challenge_id: row.id,
    title: row.title,
    status: (row.status ?? 'active') as TPlayerChallenge['status'],
    started_at: iso(row.started_at),
    completed_at: iso(row.completed_at),
    objectives: jsonColumn(row.objectives).map((objective) => {
      const done = progress[row.id]?.o[objective._id];
      return {
        objective_id: objective._id,
        title: objective.title,
        event_type: objective.event_type,
        progress: done?.p ?? 0,
        target: objectiveTarget(objective),
        completed_at: iso(done?.c ?? null),
      };
    }),
  }));
};

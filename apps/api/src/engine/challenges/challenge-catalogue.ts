import type { TChallengeReward } from '@laurel/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { jsonColumn } from '../../db/raw-sql';
import type { ChallengeObjectiveColumn } from '../../db/schema';
import { arrayParam, rowsOf } from '../core/sql';

export type LoadedChallenge = {
  id: string;
  clientId: string;
  title: string;
  startDate: Date;
  endDate: Date | null;
  objectives: ChallengeObjectiveColumn[];
  rewards: TChallengeReward[];
};

/**
 * The released challenges of the batch's clients whose schedule overlaps the batch's events (a draft or staging
 * challenge never advances), by client.
 */
export const loadReleasedChallenges = async (
  tx: DbOrTx,
  clientIds: readonly string[],
  from: Date,
  to: Date,
) => {
  const rows = await rowsOf<{
    id: string;
    client_id: string;
    title: string;
    start_date: string | Date;
    end_date: string | Date | null;
    objectives: ChallengeObjectiveColumn[] | string;
    rewards: TChallengeReward[] | string;
  }>(
    tx,
    sql`SELECT id, client_id, title, start_date, end_date, objectives, rewards FROM challenges
        WHERE client_id = ANY(${arrayParam(clientIds)}::text[]) AND status = 'released'
          AND start_date <= ${to.toISOString()}::timestamptz
          AND (end_date IS NULL OR end_date >= ${from.toISOString()}::timestamptz)
        ORDER BY created_at, id`,
  );
  const byClient = new Map<string, LoadedChallenge[]>();
  for (const row of rows) {
    const challenge: LoadedChallenge = {
      id: row.id,
      clientId: row.client_id,
      title: row.title,
      startDate: new Date(row.start_date),
      endDate: row.end_date === null ? null : new Date(row.end_date),
      objectives: jsonColumn(row.objectives),
      rewards: jsonColumn(row.rewards),
    };
    if (challenge.objectives.length === 0) continue;
    byClient.set(row.client_id, [...(byClient.get(row.client_id) ?? []), challenge]);
  }
  return byClient;
};

/**
 * Which of `challengeIds` each player may work on: those granted to a segment the player is in now, and those
 * granted to the player alone by a segment's grant_mission action. One query for the batch.
 */
export const grantedChallenges = async (
  tx: DbOrTx,
  challengeIds: readonly string[],
  customerIds: readonly string[],
) => {
  const rows = await rowsOf<{ challenge_id: string; customer_id: string }>(
    tx,
    sql`SELECT cs.challenge_id, m.customer_id
          FROM challenge_segments cs
          JOIN segment_members m ON m.segment_id = cs.segment_id
                                AND m.customer_id = ANY(${arrayParam(customerIds)}::text[])
         WHERE cs.challenge_id = ANY(${arrayParam(challengeIds)}::text[])
        UNION
        SELECT challenge_id, customer_id FROM challenge_players
         WHERE granted AND challenge_id = ANY(${arrayParam(challengeIds)}::text[])
           AND customer_id = ANY(${arrayParam(customerIds)}::text[])`,
  );
  const granted = new Map<string, Set<string>>();
  for (const row of rows) {
    const set = granted.get(row.customer_id) ?? new Set<string>();
    set.add(row.challenge_id);
    granted.set(row.customer_id, set);
  }
  return granted;
};

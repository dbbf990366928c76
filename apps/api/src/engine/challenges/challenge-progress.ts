import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { jsonColumn } from '../../db/raw-sql';
import type { ObjectiveStateColumn } from '../../db/schema';
import { arrayParam, rowsOf } from '../core/sql';

export type PlayerChallengeState = {
  clientId: string;
  challengeId: string;
  customerId: string;
  status: 'active' | 'completed' | 'expired';
  startedAt: Date | null;
  completedAt: Date | null;
  dirty: boolean;
};

export type ObjectiveState = {
  challengeId: string;
  customerId: string;
  objectiveId: string;
  progress: number;
  state: ObjectiveStateColumn;
  completedAt: Date | null;
  dirty: boolean;
};

export const playerKey = (challengeId: string, customerId: string) => `${challengeId}\u0000${customerId}`;
export const objectiveKey = (challengeId: string, customerId: string, objectiveId: string) =>
  `${challengeId}\u0000${customerId}\u0000${objectiveId}`;

/**
 * The players' standing in the challenges the batch can move, and their objectives the batch's events feed (not
 * every objective of every granted challenge: a batch reads only what it may change). The expiry task, which updates the same rows, holds the client's
 * exclusive engine lock (batches hold it shared), so a completion and an expiry never overlap.
 */
export const loadProgress = async (
  tx: DbOrTx,
  players: readonly { challengeId: string; customerId: string }[],
  objectives: readonly { challengeId: string; customerId: string; objectiveId: string }[],
) => {
  const [playerRows, objectiveRows] = await Promise.all([
    rowsOf<{
      client_id: string;
      challenge_id: string;
      customer_id: string;
      status: string;
      started_at: string | Date | null;
      completed_at: string | Date | null;
    }>(
      tx,
      sql`SELECT p.client_id, p.challenge_id, p.customer_id, p.status, p.started_at, p.completed_at
          FROM unnest(${arrayParam(players.map((p) => p.challengeId))}::text[],
                      ${arrayParam(players.map((p) => p.customerId))}::text[]) AS w(challenge_id, customer_id)
          JOIN challenge_players p ON p.challenge_id = w.challenge_id AND p.customer_id = w.customer_id`,
    ),
    rowsOf<{
      challenge_id: string;
      customer_id: string;
      objective_id: string;
      progress: string;
      state: ObjectiveStateColumn | string;
      completed_at: string | Date | null;
    }>(
      tx,
      sql`SELECT o.challenge_id, o.customer_id, o.objective_id, o.progress::text AS progress, o.state, o.completed_at
          FROM unnest(${arrayParam(objectives.map((o) => o.challengeId))}::text[],
                      ${arrayParam(objectives.map((o) => o.customerId))}::text[],
                      ${arrayParam(objectives.map((o) => o.objectiveId))}::text[]) AS w(challenge_id, customer_id, objective_id)
          JOIN challenge_objective_progress o ON o.challenge_id = w.challenge_id AND o.customer_id = w.customer_id
                                              AND o.objective_id = w.objective_id`,
    ),
  ]);
  const date = (value: string | Date | null) => (value === null ? null : new Date(value));
  return {
    players: new Map<string, PlayerChallengeState>(
      playerRows.map((row) => [
        playerKey(row.challenge_id, row.customer_id),
        {
          clientId: row.client_id,
          challengeId: row.challenge_id,
          customerId: row.customer_id,
          status: row.status as PlayerChallengeState['status'],
          startedAt: date(row.started_at),
          completedAt: date(row.completed_at),
          dirty: false,
        } satisfies PlayerChallengeState,
      ]),
    ),
    objectives: new Map<string, ObjectiveState>(
      objectiveRows.map((row) => [
        objectiveKey(row.challenge_id, row.customer_id, row.objective_id),
        {
          challengeId: row.challenge_id,
          customerId: row.customer_id,
          objectiveId: row.objective_id,
          progress: Number(row.progress),
          state: jsonColumn(row.state),
          completedAt: date(row.completed_at),
          dirty: false,
        } satisfies ObjectiveState,
      ]),
    ),
  };
};

const stamp = (value: Date | null) => value?.toISOString() ?? null;

/** Writes what changed: one upsert for the players' standing and one for their objectives. */
export const writeProgress = async (
  tx: DbOrTx,
  players: readonly PlayerChallengeState[],
  objectives: readonly (ObjectiveState & { clientId: string })[],
) => {
  if (players.length > 0) {
    const col = <T>(pick: (row: PlayerChallengeState) => T) => arrayParam(players.map(pick));
    await tx.execute(sql`
      INSERT INTO challenge_players AS p (client_id, challenge_id, customer_id, status, started_at, completed_at, updated_at)
      SELECT client_id, challenge_id, customer_id, status, started_at, completed_at, now()
      FROM unnest(${col((p) => p.clientId)}::text[], ${col((p) => p.challengeId)}::text[], ${col((p) => p.customerId)}::text[],
                  ${col((p) => p.status)}::text[], ${col((p) => stamp(p.startedAt))}::timestamptz[],
                  ${col((p) => stamp(p.completedAt))}::timestamptz[])
        AS x(client_id, challenge_id, customer_id, status, started_at, completed_at)
      ORDER BY challenge_id, customer_id
      ON CONFLICT (challenge_id, customer_id) DO UPDATE
        SET status = EXCLUDED.status, started_at = EXCLUDED.started_at, completed_at = EXCLUDED.completed_at,
            updated_at = now()`);
  }
  if (objectives.length > 0) {
    const col = <T>(pick: (row: ObjectiveState & { clientId: string }) => T) =>
      arrayParam(objectives.map(pick));
    await tx.execute(sql`
      INSERT INTO challenge_objective_progress AS o (client_id, challenge_id, customer_id, objective_id, progress, state,
                                                     completed_at, updated_at)
      SELECT client_id, challenge_id, customer_id, objective_id, progress, state::jsonb, completed_at, now()
      FROM unnest(${col((o) => o.clientId)}::text[], ${col((o) => o.challengeId)}::text[], ${col((o) => o.customerId)}::text[],
                  ${col((o) => o.objectiveId)}::text[], ${col((o) => o.progress)}::numeric[],
                  ${col((o) => JSON.stringify(o.state))}::text[], ${col((o) => stamp(o.completedAt))}::timestamptz[])
        AS x(client_id, challenge_id, customer_id, objective_id, progress, state, completed_at)
      ON CONFLICT (challenge_id, customer_id, objective_id) DO UPDATE
        SET progress = EXCLUDED.progress, state = EXCLUDED.state, completed_at = EXCLUDED.completed_at,
            updated_at = now()`);
  }
};

export type ChallengeTransactionRow = {
  clientId: string;
  customerId: string;
  branchId: string | null;
  challengeId: string;
  challengeName: string;
  start: Date | null;
  end: Date | null;
  status: 'Active' | 'Completed' | 'Expired' | 'Failed';
  rewardEarned: string;
  xpPointsEarned: number;
  eventId: string | null;
  occurredAt: Date;
};

/**
 * Appends challenge transactions; a status a player already has for a challenge is not written again (the unique
 * index). Returns the (challenge, customer, status) keys written, so a completion's rewards are paid only with it.
 */
export const appendChallengeTransactions = async (
  tx: DbOrTx,
  rows: readonly ChallengeTransactionRow[],
  newId: () => string,
) => {
  if (rows.length === 0) return new Set<string>();
  const col = <T>(pick: (row: ChallengeTransactionRow) => T) => arrayParam(rows.map(pick));
  const written = await rowsOf<{ challenge_id: string; customer_id: string; challenge_status: string }>(
    tx,
    sql`INSERT INTO challenge_transactions (id, client_id, customer_id, branch_id, challenge_id, challenge_name,
          challenge_start_date, challenge_end_date, challenge_status, reward_earned, xp_points_earned, event_id, occurred_at)
        SELECT * FROM unnest(${col(() => newId())}::text[], ${col((r) => r.clientId)}::text[], ${col((r) => r.customerId)}::text[],
                             ${col((r) => r.branchId)}::text[], ${col((r) => r.challengeId)}::text[], ${col((r) => r.challengeName)}::text[],
                             ${col((r) => stamp(r.start))}::timestamptz[], ${col((r) => stamp(r.end))}::timestamptz[],
                             ${col((r) => r.status)}::text[], ${col((r) => r.rewardEarned)}::text[], ${col((r) => r.xpPointsEarned)}::bigint[],
                             ${col((r) => r.eventId)}::text[], ${col((r) => r.occurredAt.toISOString())}::timestamptz[])
        ON CONFLICT DO NOTHING
        RETURNING challenge_id, customer_id, challenge_status`,
  );
  return new Set(
    written.map((row) => `${row.challenge_id}\u0000${row.customer_id}\u0000${row.challenge_status}`),
  );
};

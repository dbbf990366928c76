import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { jsonColumn } from '../../db/raw-sql';
import type { ChallengeEntryColumn, PlayerChallengesColumn } from '../../db/schema';
import { arrayParam, rowsOf } from '../core/sql';
import { outboxInsertSql, type WebhookMessage, wakeDispatchersSql } from '../webhooks/outbox';

export const playerKey = (clientId: string, customerId: string) => `${clientId}\u0000${customerId}`;

/** A player's progress document as a batch holds it: the objectives it changed, by challenge, are written back. */
export type PlayerProgress = {
  clientId: string;
  customerId: string;
  challenges: PlayerChallengesColumn;
  changed: Map<string, Set<string>>;
};

export const markChanged = (player: PlayerProgress, challengeId: string, objectiveId: string) => {
  const objectives = player.changed.get(challengeId) ?? new Set<string>();
  objectives.add(objectiveId);
  player.changed.set(challengeId, objectives);
};

/**
 * The progress documents of the batch's players, one statement whatever the number of challenges. The expiry task,
 * which marks entries expired, holds the client's exclusive engine lock (batches hold it shared), so a completion
 * and an expiry never overlap.
 */
export const loadPlayerProgress = async (
  tx: DbOrTx,
  players: readonly { clientId: string; customerId: string }[],
) => {
  const rows = await rowsOf<{
    client_id: string;
    customer_id: string;
    challenges: PlayerChallengesColumn | string;
  }>(
    tx,
    sql`SELECT d.client_id, d.customer_id, d.challenges
        FROM unnest(${arrayParam(players.map((p) => p.clientId))}::text[],
                    ${arrayParam(players.map((p) => p.customerId))}::text[]) AS w(client_id, customer_id)
        JOIN challenge_progress d ON d.client_id = w.client_id AND d.customer_id = w.customer_id`,
  );
  const loaded = new Map<string, PlayerProgress>();
  for (const row of rows) {
    loaded.set(playerKey(row.client_id, row.customer_id), {
      clientId: row.client_id,
      customerId: row.customer_id,
      challenges: jsonColumn(row.challenges),
      changed: new Map(),
    });
  }
  for (const { clientId, customerId } of players) {
    const key = playerKey(clientId, customerId);
    if (!loaded.has(key)) loaded.set(key, { clientId, customerId, challenges: {}, changed: new Map() });
  }
  return loaded;
};

/**
 * Writes back the entries the batch changed, one statement for the batch: each changed challenge's entry as the batch
 * holds it replaces the stored one (`||` on the document's top level), the others stay as stored. The batch holds its
 * players' locks and the expiry task the client's exclusive one, so no other write of these entries can come between
 * the read and this write but a console edit of the challenge, whose dropped objectives are ignored by every reader.
 * Merging objective by objective in SQL instead cost three times as much (jsonb_each and jsonb_object_agg per row).
 * The entries go as one JSON parameter (an array of [client, customer, entries]), which PostgreSQL parses once,
 * rather than as an array of JSON texts, which would be escaped element by element and parsed twice.
 */
export const writePlayerProgress = async (tx: DbOrTx, players: Iterable<PlayerProgress>) => {
  const changed = [...players].filter((player) => player.changed.size > 0);
  if (changed.length === 0) return;
  const entriesOf = (player: PlayerProgress) => {
    const entries: Record<string, ChallengeEntryColumn> = {};
    for (const challengeId of player.changed.keys()) {
      entries[challengeId] = player.challenges[challengeId] as ChallengeEntryColumn;
    }
    return entries;
  };
  const rows = changed.map((player) => [player.clientId, player.customerId, entriesOf(player)]);
  await tx.execute(sql`
    INSERT INTO challenge_progress AS d (client_id, customer_id, challenges, updated_at)
    SELECT x ->> 0, x ->> 1, x -> 2, now()
    FROM jsonb_array_elements(${JSON.stringify(rows)}::jsonb) AS x
    ORDER BY 1, 2
    ON CONFLICT (client_id, customer_id) DO UPDATE
      SET challenges = d.challenges || EXCLUDED.challenges, updated_at = now()`);
};

/** A player who completed a challenge in the batch. */
export type Completion = {
  clientId: string;
  challengeId: string;
  customerId: string;
  completedAt: Date;
  /** For the challenge.completed webhook. */
  challengeTitle?: string;
  eventId?: string | null;
};

/** Writes the completions' standing (`challenge_players`, what the console counts and the expiry task skips). */
export const writeCompletions = async (tx: DbOrTx, completions: readonly Completion[]) => {
  if (completions.length === 0) return;
  const col = <T>(pick: (row: Completion) => T) => arrayParam(completions.map(pick));
  const hooks = completions.map(
    (completion): WebhookMessage => ({
      clientId: completion.clientId,
      type: 'challenge.completed',
      customerId: completion.customerId,
      data: {
        customer_id: completion.customerId,
        challenge: { _id: completion.challengeId, title: completion.challengeTitle ?? null },
        completed_at: completion.completedAt.toISOString(),
        event_id: completion.eventId ?? null,
      },
    }),
  );
  await tx.execute(sql`
    WITH hooks AS (${outboxInsertSql(hooks)}), written AS (
    INSERT INTO challenge_players AS p (client_id, challenge_id, customer_id, status, completed_at, updated_at)
    SELECT client_id, challenge_id, customer_id, 'completed', completed_at, now()
    FROM unnest(${col((c) => c.clientId)}::text[], ${col((c) => c.challengeId)}::text[], ${col((c) => c.customerId)}::text[],
                ${col((c) => c.completedAt.toISOString())}::timestamptz[])
      AS x(client_id, challenge_id, customer_id, completed_at)
    ORDER BY challenge_id, customer_id
    ON CONFLICT (challenge_id, customer_id) DO UPDATE
      SET status = 'completed', completed_at = coalesce(p.completed_at, EXCLUDED.completed_at), updated_at = now()
    RETURNING 1)
    SELECT ${wakeDispatchersSql('hooks')}`);
};

export type ChallengeTransactionRow = {
  clientId: string;
  customerId: string;
  branchId: string | null;
  challengeId: string;
  status: 'Active' | 'Completed' | 'Expired' | 'Failed';
  rewardEarned: string;
  xpPointsEarned: number;
  eventId: string | null;
  occurredAt: Date;
};

/** Ids for `count` new rows (one call to the random source rather than one per row). */
const newIds = (count: number) => {
  const hex = randomBytes(12 * count).toString('hex');
  return Array.from({ length: count }, (_, index) => hex.slice(index * 24, index * 24 + 24));
};

/**
 * Appends challenge transactions; a status a player already has for a challenge is not written again (the unique
 * index). Returns the (challenge, customer, status) keys written, so a completion's rewards are paid only with it.
 * A batch of starts is hundreds of rows: they go as one JSON array of arrays, and the challenge's name and schedule,
 * which the ledger copies, are read from the challenge rather than sent with every row.
 */
export const appendChallengeTransactions = async (tx: DbOrTx, rows: readonly ChallengeTransactionRow[]) => {
  if (rows.length === 0) return new Set<string>();
  const ids = newIds(rows.length);
  const json = JSON.stringify(
    rows.map((r, index) => [
      ids[index],
      r.clientId,
      r.customerId,
      r.branchId,
      r.challengeId,
      r.status,
      r.rewardEarned,
      r.xpPointsEarned,
      r.eventId,
      r.occurredAt.toISOString(),
    ]),
  );
  const written = await rowsOf<{ challenge_id: string; customer_id: string; challenge_status: string }>(
    tx,
    sql`INSERT INTO challenge_transactions (id, client_id, customer_id, branch_id, challenge_id, challenge_name,
          challenge_start_date, challenge_end_date, challenge_status, reward_earned, xp_points_earned, event_id, occurred_at)
        SELECT x ->> 0, x ->> 1, x ->> 2, x ->> 3, c.id, c.title, c.start_date, c.end_date, x ->> 5, x ->> 6,
               (x ->> 7)::bigint, x ->> 8, (x ->> 9)::timestamptz
        FROM json_array_elements(${json}::json) AS x JOIN challenges c ON c.id = x ->> 4
        ON CONFLICT DO NOTHING
        RETURNING challenge_id, customer_id, challenge_status`,
  );
  return new Set(
    written.map((row) => `${row.challenge_id}\u0000${row.customer_id}\u0000${row.challenge_status}`),
  );
};

import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';

/**
 * How a reward's redemptions are counted. A limited reward counts them on its row (`rewards.redeemed`), under the
 * row's lock, so its stock is never oversold; an unlimited one in shards (`reward_redemption_counts`, one per
 * connection), so its redemptions do not queue on one row until each commits. Every redemption and cancellation
 * holds the reward's lock shared; the editor holds it alone while it reads the count and, when it sets a stock,
 * folds the shards into the row: no redemption can count on the wrong side of that change.
 */

// Advisory lock namespace of a reward (others: redeem.queries.ts, engine/core/locks.ts, exports, currencies).
const REWARD_LOCK_NAMESPACE = 7_602;

/** The reward's lock, shared, as SQL text for a script (`rewardIdLiteral` already a quoted literal). */
export const rewardSharedLockText = (rewardIdLiteral: string) =>
  `pg_advisory_xact_lock_shared(${REWARD_LOCK_NAMESPACE}, hashtext(${rewardIdLiteral}))`;

export const lockRewardShared = (tx: Tx, rewardId: string) =>
  tx.execute(sql`SELECT pg_advisory_xact_lock_shared(${REWARD_LOCK_NAMESPACE}, hashtext(${rewardId}))`);

/** The reward's lock, alone: waits for every redemption under way and holds back new ones until the commit. */
export const lockRewardAlone = (tx: Tx, rewardId: string) =>
  tx.execute(sql`SELECT pg_advisory_xact_lock(${REWARD_LOCK_NAMESPACE}, hashtext(${rewardId}))`);

/** This connection's shard of an unlimited reward's count. */
export const SHARD = sql.raw('pg_backend_pid() % 64');

/** The redemptions of reward `r` not cancelled: its row's count and its shards'. */
export const REDEEMED_TOTAL = sql`(r.redeemed + coalesce((SELECT sum(n.redeemed) FROM reward_redemption_counts n
  WHERE n.reward_id = r.id), 0))::int`;

/** A cancelled redemption leaves the count (the reward's lock held shared): on the row, or in a shard. */
export const uncountRedemption = async (tx: Tx, clientId: string, rewardId: string) => {
  await tx.execute(sql`WITH limited AS (
      UPDATE rewards SET redeemed = greatest(redeemed - 1, 0), updated_at = now()
      WHERE id = ${rewardId} AND stock IS NOT NULL RETURNING id)
    INSERT INTO reward_redemption_counts AS n (reward_id, shard, client_id, redeemed)
    SELECT id, ${SHARD}, ${clientId}, -1 FROM rewards WHERE id = ${rewardId} AND stock IS NULL
    ON CONFLICT (reward_id, shard) DO UPDATE SET redeemed = n.redeemed - 1`);
};

/** Setting a stock (the reward's lock held alone): the shards fold into the row, which counts from then on. */
export const foldShards = async (tx: Tx, rewardId: string) => {
  await tx.execute(sql`WITH gone AS (DELETE FROM reward_redemption_counts WHERE reward_id = ${rewardId} RETURNING redeemed)
    UPDATE rewards SET redeemed = redeemed + (SELECT coalesce(sum(redeemed), 0) FROM gone)::int
    WHERE id = ${rewardId}`);
};

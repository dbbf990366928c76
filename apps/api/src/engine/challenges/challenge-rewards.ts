import type { TChallengeReward } from '@laurel/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { type BadgeGrant, grantBadges } from '../badges/grant-badges';
import { arrayParam, rowsOf } from '../core/sql';
import type { EngineEvent, StepBatch } from '../core/types';
import { toCents } from '../economy/amounts';
import { applyWalletEffects, type WalletEffect } from '../economy/wallet-effects';
import { applyXpEffects, type XpEffect } from '../economy/xp';
import { currentValuesOf } from '../statistics/current-values';
import { loadStatisticCatalogue } from '../statistics/statistic-definitions';

/** Rewards to pay for one completion: an objective's (cause `challenge:objective`) or the challenge's own. */
export type RewardPayout = {
  event: EngineEvent;
  challengeId: string;
  causeId: string;
  rewards: readonly TChallengeReward[];
  /** The completing event's money value, what a percentage cashback is a share of. */
  eventValue: number | null;
};

const LEVEL_STATISTIC = 'level';
const amountOf = (reward: TChallengeReward) => Number(reward.value) || 0;
const cents = (value: number) => Math.round(value * 100) / 100;

/** A cashback reward's amount: a percentage of the completing event's value, or a fixed amount. */
export const cashbackAmount = (reward: TChallengeReward, eventValue: number | null) =>
  reward.currency_type === 'fixed'
    ? cents(amountOf(reward))
    : cents(((eventValue ?? 0) * amountOf(reward)) / 100);

/** The XP a set of rewards gives. */
export const xpOf = (rewards: readonly TChallengeReward[]) =>
  rewards.filter((reward) => reward.type === 'xp').reduce((sum, reward) => sum + amountOf(reward), 0);

/** The players' level now: what this run wrote last, else the stored current value. */
const currentLevels = async (batch: StepBatch, players: { clientId: string; customerId: string }[]) => {
  const levels = new Map<string, number>();
  const missing = new Map<string, Set<string>>();
  for (const { clientId, customerId } of players) {
    const written = batch.statisticChanges.findLast(
      (change) => change.customerId === customerId && change.name === LEVEL_STATISTIC,
    );
    if (written) levels.set(customerId, written.value);
    else missing.set(clientId, (missing.get(clientId) ?? new Set()).add(customerId));
  }
  if (missing.size === 0) return levels;
  const clientIds = [...missing.keys()];
  const catalogue = await batch.definitions('statistics', clientIds, () =>
    loadStatisticCatalogue(batch.tx, clientIds),
  );
  for (const [clientId, customers] of missing) {
    const values = await currentValuesOf(
      batch.tx,
      clientId,
      [...customers],
      catalogue,
      batch.timeZoneOf(clientId),
      { only: [LEVEL_STATISTIC] },
    );
    for (const customerId of customers)
      levels.set(customerId, values.get(customerId)?.get(LEVEL_STATISTIC) ?? 0);
  }
  return levels;
};

/**
 * Pays completions' rewards (DESIGN §5 step 5): badges through grantBadges (badge transactions), XP through the
 * economy's XP effects (an 'XP Points' ledger row and the xp statistic: awardXp's batch form), cashback through its
 * wallet effects (creditWallet's batch form), and levels by raising the `level` statistic. Each is idempotent on (cause, event) too. Statistics are contributed only: the
 * caller writes them once.
 */
export const payRewards = async (batch: StepBatch, payouts: readonly RewardPayout[]) => {
  const grants: BadgeGrant[] = [];
  const xpEffects: XpEffect[] = [];
  const walletEffects: WalletEffect[] = [];
  const levelRaises = new Map<string, { event: EngineEvent; levels: number }>();
  for (const payout of payouts) {
    const { event } = payout;
    const cause = { kind: 'challenge' as const, id: payout.causeId };
    const xp = xpOf(payout.rewards);
    if (xp > 0) xpEffects.push({ event, cents: toCents(xp), cause });
    const cashbackByCurrency = new Map<string, number>();
    for (const reward of payout.rewards) {
      if (reward.type === 'badges' && reward.value) {
        grants.push({
          clientId: event.clientId,
          customerId: event.customerId,
          badgeId: String(reward.value),
          quantity: 1,
          source: 'challenge',
          sourceId: payout.challengeId,
          eventId: event.id,
          externalEventId: event.externalId,
          branchId: event.branchId,
          occurredAt: event.occurredAt,
        });
      } else if (reward.type === 'level' && amountOf(reward) > 0) {
        const raise = levelRaises.get(event.customerId) ?? { event, levels: 0 };
        levelRaises.set(event.customerId, { event, levels: raise.levels + amountOf(reward) });
      } else if (reward.type === 'cashback' && reward.currency) {
        const amount = cashbackAmount(reward, payout.eventValue);
        if (amount > 0)
          cashbackByCurrency.set(reward.currency, (cashbackByCurrency.get(reward.currency) ?? 0) + amount);
      }
    }
    for (const [currencyId, amount] of cashbackByCurrency) {
      walletEffects.push({
        clientId: event.clientId,
        customerId: event.customerId,
        branchId: event.branchId,
        currencyId,
        cents: toCents(cents(amount)),
        transactionType: 'Cashback',
        cause,
        eventId: event.externalId,
        occurredAt: event.occurredAt,
        reference: event.externalId,
        reason: 'Challenge reward',
      });
    }
  }
  // One statement each for the whole batch: an 'XP Points' row per completion (and the xp statistic contributed),
  // and the cashback ledger rows with their balances; both skip an effect already in the ledger.
  if (xpEffects.length > 0) await applyXpEffects(batch, xpEffects);
  if (walletEffects.length > 0) await applyWalletEffects(batch.tx, walletEffects);
  if (grants.length > 0) await grantBadges(batch.tx, grants);
  if (levelRaises.size > 0) {
    const levels = await currentLevels(
      batch,
      [...levelRaises.values()].map(({ event }) => ({
        clientId: event.clientId,
        customerId: event.customerId,
      })),
    );
    // `level` keeps the last value set (Last): the new level is the current one raised.
    const raised: { clientId: string; customerId: string; level: number }[] = [];
    for (const [customerId, raise] of levelRaises) {
      const level = (levels.get(customerId) ?? 0) + raise.levels;
      raised.push({ clientId: raise.event.clientId, customerId, level });
      batch.contribute({
        event: raise.event,
        name: LEVEL_STATISTIC,
        value: level,
        // Raised from the current level, so it holds even when the completing event is older than the level's.
        derived: true,
      });
    }
    await raiseLevelFloors(batch.tx, raised);
  }
};

/**
 * A level a challenge gave is kept by every level track of the client as the player's floor there (as an imported
 * level is): otherwise the track, which maps XP to level, would take it back at the player's next XP.
 */
const raiseLevelFloors = async (
  tx: DbOrTx,
  raised: readonly { clientId: string; customerId: string; level: number }[],
) => {
  await tx.execute(sql`
    INSERT INTO reward_track_players AS p (client_id, reward_track_id, customer_id, floor_value)
    SELECT t.client_id, t.id, u.customer_id, u.level
    FROM unnest(${arrayParam(raised.map((r) => r.clientId))}::text[], ${arrayParam(raised.map((r) => r.customerId))}::text[],
                ${arrayParam(raised.map((r) => String(r.level)))}::numeric[]) AS u(client_id, customer_id, level)
    JOIN reward_tracks t ON t.client_id = u.client_id AND t.target = ${LEVEL_STATISTIC}
    ORDER BY t.id, u.customer_id
    ON CONFLICT (reward_track_id, customer_id) DO UPDATE SET floor_value = EXCLUDED.floor_value, updated_at = now()
      WHERE p.floor_value < EXCLUDED.floor_value`);
};

/** What completing a challenge paid, in words, for its transaction ('Badge: Regular, 50 XP, 5% cashback'). */
export const describeRewards = async (tx: DbOrTx, rewards: readonly TChallengeReward[]) => {
  const badgeIds = [...new Set(rewards.filter((r) => r.type === 'badges').map((r) => String(r.value)))];
  const currencyIds = [
    ...new Set(rewards.flatMap((r) => (r.type === 'cashback' && r.currency ? [r.currency] : []))),
  ];
  const [badgeNames, currencyCodes] = await Promise.all([
    badgeIds.length === 0
      ? new Map<string, string>()
      : rowsOf<{ id: string; name: string }>(
          tx,
          sql`SELECT id, name FROM badges WHERE id = ANY(${arrayParam(badgeIds)}::text[])`,
        ).then((rows) => new Map(rows.map((row) => [row.id, row.name]))),
    currencyIds.length === 0
      ? new Map<string, string>()
      : rowsOf<{ id: string; code: string }>(
          tx,
          sql`SELECT id, code FROM currencies WHERE id = ANY(${arrayParam(currencyIds)}::text[])`,
        ).then((rows) => new Map(rows.map((row) => [row.id, row.code]))),
  ]);
  return (reward: TChallengeReward) => {
    switch (reward.type) {
      case 'badges':
        return `Badge: ${badgeNames.get(String(reward.value)) ?? 'deleted badge'}`;
      case 'xp':
        return `${amountOf(reward)} XP`;
      case 'level':
        return `${amountOf(reward)} Level${amountOf(reward) === 1 ? '' : 's'}`;
      case 'cashback': {
        const code = currencyCodes.get(reward.currency ?? '') ?? '';
        return reward.currency_type === 'fixed'
          ? `${amountOf(reward).toFixed(2)} ${code} cashback`.replace('  ', ' ')
          : `${amountOf(reward)}% ${code} cashback`.replace('  ', ' ');
      }
    }
  };
};

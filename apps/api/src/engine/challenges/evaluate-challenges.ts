import { sql } from 'drizzle-orm';
import { newId } from '../../db/ids';
import type { ChallengeObjectiveColumn } from '../../db/schema';
import { arrayParam, rowsOf } from '../core/sql';
import type { EngineEvent, StepBatch } from '../core/types';
import { localParts } from '../reward-tracks/local-time';
import { orderMovesOf } from '../steps/orders.step';
import { grantedChallenges, type LoadedChallenge, loadReleasedChallenges } from './challenge-catalogue';
import {
  appendChallengeTransactions,
  type ChallengeTransactionRow,
  loadProgress,
  type ObjectiveState,
  objectiveKey,
  playerKey,
  writeProgress,
} from './challenge-progress';
import { describeRewards, payRewards, type RewardPayout, xpOf } from './challenge-rewards';
import { factsOf, OBJECTIVE_TYPES_BY_EVENT } from './event-facts';
import { advanceObjective, type RuleContext } from './objective-rules';

const DAY_MS = 86_400_000;
const pad = (value: number) => String(value).padStart(2, '0');

/** The event's local day, time, day index and month index in the client's time zone. */
const localClock = (at: Date, timeZone: string) => {
  const p = localParts(at, timeZone);
  return {
    localDay: `${p.year}-${pad(p.month)}-${pad(p.day)}`,
    localTime: `${pad(p.hour)}:${pad(p.minute)}`,
    dayIndex: Math.floor(Date.UTC(p.year, p.month - 1, p.day) / DAY_MS),
    monthIndex: p.year * 12 + (p.month - 1),
  };
};

const usesCondition = (challenges: LoadedChallenge[], type: string) =>
  challenges.some((c) => c.objectives.some((o) => o.conditions.some((condition) => condition.type === type)));
const usesEventType = (challenges: LoadedChallenge[], type: string) =>
  challenges.some((c) => c.objectives.some((o) => o.event_type === type));

/** Event types each player had processed before this batch (first_occurrence). */
const earlierEventTypes = async (batch: StepBatch, events: readonly EngineEvent[]) => {
  const rows = await rowsOf<{ customer_id: string; type: string }>(
    batch.tx,
    sql`SELECT DISTINCT customer_id, type FROM events
        WHERE client_id = ANY(${arrayParam([...new Set(events.map((e) => e.clientId))])}::text[])
          AND customer_id = ANY(${arrayParam([...new Set(events.map((e) => e.customerId))])}::text[])
          AND type = ANY(${arrayParam([...new Set(events.map((e) => e.type))])}::text[])
          AND status = 'processed'`,
  );
  return new Set(rows.map((row) => `${row.customer_id}\u0000${row.type}`));
};

/** Currency each event earned through earn configs, by event and currency (earn objectives). */
const earningsOf = async (batch: StepBatch, events: readonly EngineEvent[]) => {
  const rows = await rowsOf<{ client_id: string; event_id: string; currency_id: string; amount: string }>(
    batch.tx,
    sql`SELECT client_id, event_id, currency_id, sum(value)::text AS amount FROM economy_transactions
        WHERE client_id = ANY(${arrayParam([...new Set(events.map((e) => e.clientId))])}::text[])
          AND event_id = ANY(${arrayParam(events.map((e) => e.externalId))}::text[])
          AND cause_kind = 'earn_config' AND currency_id IS NOT NULL AND value > 0
        GROUP BY client_id, event_id, currency_id`,
  );
  const earned = new Map<string, Map<string, number>>();
  for (const row of rows) {
    const key = `${row.client_id}\u0000${row.event_id}`;
    const byCurrency = earned.get(key) ?? new Map<string, number>();
    byCurrency.set(row.currency_id, Number(row.amount));
    earned.set(key, byCurrency);
  }
  return earned;
};

/** Each player's place by totalOrderValue after this run, for players whose total moved (leaderboards). */
const leaderboardRanks = async (batch: StepBatch) => {
  const latest = new Map<string, { statisticId: string; version: number; value: number }>();
  for (const change of batch.statisticChanges) {
    if (change.name === 'totalOrderValue') latest.set(change.customerId, change);
  }
  if (latest.size === 0) return new Map<string, number>();
  const entries = [...latest.entries()];
  const rows = await rowsOf<{ customer_id: string; rank: number }>(
    batch.tx,
    sql`SELECT x.customer_id,
               (SELECT count(*) FROM player_statistics p
                 WHERE p.statistic_id = x.statistic_id AND p.version = x.version AND p.value > x.value)::int + 1 AS rank
        FROM unnest(${arrayParam(entries.map(([id]) => id))}::text[], ${arrayParam(entries.map(([, c]) => c.statisticId))}::text[],
                    ${arrayParam(entries.map(([, c]) => c.version))}::int[], ${arrayParam(entries.map(([, c]) => c.value))}::numeric[])
          AS x(customer_id, statistic_id, version, value)`,
  );
  return new Map(rows.map((row) => [row.customer_id, Number(row.rank)]));
};

const NO_EARNINGS: ReadonlyMap<string, number> = new Map();

/**
 * DESIGN §5 step 5 for one batch, set-based: the released challenges of the batch's clients, the ones granted
 * to each player (segments and grant_mission), and their progress are read in a few queries; every event then
 * moves the objectives it counts for; completions pay their rewards once and write challenge transactions
 * (Active on a player's first progress, Completed with what it paid). Returns whether any statistic was moved.
 */
export const evaluateChallenges = async (batch: StepBatch) => {
  if (batch.events.length === 0) return false;
  const clientIds = [...new Set(batch.events.map((event) => event.clientId))];
  const times = batch.events.map((event) => event.occurredAt.getTime());
  const byClient = await loadReleasedChallenges(
    batch.tx,
    clientIds,
    new Date(Math.min(...times)),
    new Date(Math.max(...times)),
  );
  if (byClient.size === 0) return false;
  const loaded = [...byClient.values()].flat();
  const loadedById = new Map(loaded.map((challenge) => [challenge.id, challenge]));
  const challengeIds = loaded.map((challenge) => challenge.id);
  const customerIds = [
    ...new Set(batch.events.filter((e) => byClient.has(e.clientId)).map((e) => e.customerId)),
  ];
  const granted = await grantedChallenges(batch.tx, challengeIds, customerIds);
  if (granted.size === 0) return false;
  const events = batch.events.filter((event) => granted.has(event.customerId));
  const purchases = new Set(
    orderMovesOf(batch)
      .filter((move) => move.purchase && move.sign === 1)
      .map((move) => move.event),
  );
  const objectivesByType = new Map<
    string,
    Map<string, { challenge: LoadedChallenge; objective: ChallengeObjectiveColumn }[]>
  >();
  for (const challenge of loaded) {
    const byType = objectivesByType.get(challenge.clientId) ?? new Map();
    for (const objective of challenge.objectives) {
      byType.set(objective.event_type, [
        ...(byType.get(objective.event_type) ?? []),
        { challenge, objective },
      ]);
    }
    objectivesByType.set(challenge.clientId, byType);
  }
  // What the batch can touch: each event's player, with the objectives of the types it feeds (earn: any event).
  const hasEarn = usesEventType(loaded, 'earn');
  const wantedPlayers = new Map<string, { challengeId: string; customerId: string }>();
  const wantedObjectives = new Map<
    string,
    { challengeId: string; customerId: string; objectiveId: string }
  >();
  for (const event of events) {
    if (event.type === 'order.created' && !purchases.has(event)) continue;
    const playerChallenges = granted.get(event.customerId);
    const byType = objectivesByType.get(event.clientId);
    if (!playerChallenges || !byType) continue;
    const feeds = [...(OBJECTIVE_TYPES_BY_EVENT[event.type] ?? []), ...(hasEarn ? (['earn'] as const) : [])];
    for (const feed of feeds) {
      for (const { challenge, objective } of byType.get(feed) ?? []) {
        if (!playerChallenges.has(challenge.id)) continue;
        wantedPlayers.set(playerKey(challenge.id, event.customerId), {
          challengeId: challenge.id,
          customerId: event.customerId,
        });
        wantedObjectives.set(objectiveKey(challenge.id, event.customerId, objective._id), {
          challengeId: challenge.id,
          customerId: event.customerId,
          objectiveId: objective._id,
        });
      }
    }
  }
  if (wantedObjectives.size === 0) return false;
  // Completing a challenge needs its other objectives' state too.
  for (const { challengeId, customerId } of wantedPlayers.values()) {
    const challenge = loadedById.get(challengeId);
    for (const objective of challenge?.objectives ?? []) {
      wantedObjectives.set(objectiveKey(challengeId, customerId, objective._id), {
        challengeId,
        customerId,
        objectiveId: objective._id,
      });
    }
  }
  const [progress, earlier, earnings, ranks] = await Promise.all([
    loadProgress(batch.tx, [...wantedPlayers.values()], [...wantedObjectives.values()]),
    usesCondition(loaded, 'first_occurrence') ? earlierEventTypes(batch, events) : new Set<string>(),
    usesEventType(loaded, 'earn') ? earningsOf(batch, events) : new Map<string, Map<string, number>>(),
    usesEventType(loaded, 'leaderboard') ? leaderboardRanks(batch) : new Map<string, number>(),
  ]);

  const seenTypes = new Set(earlier);
  const payouts: RewardPayout[] = [];
  const transactions: ChallengeTransactionRow[] = [];
  const completions: { challenge: LoadedChallenge; event: EngineEvent; value: number | null }[] = [];
  const ranked = new Set<string>();
  for (const event of events) {
    if (event.type === 'order.created' && !purchases.has(event)) continue;
    const typeKey = `${event.customerId}\u0000${event.type}`;
    const firstOfType = !seenTypes.has(typeKey);
    seenTypes.add(typeKey);
    const timeZone = batch.timeZoneOf(event.clientId);
    const clock = localClock(event.occurredAt, timeZone);
    const facts = factsOf(event, clock.localDay);
    // A leaderboard place is read once per player per batch, so it counts with the player's first order in it.
    const rank =
      event.type === 'order.created' && !ranked.has(event.customerId)
        ? (ranks.get(event.customerId) ?? null)
        : null;
    if (rank !== null) ranked.add(event.customerId);
    const playerChallenges = granted.get(event.customerId);
    if (!playerChallenges) continue;
    const earned = earnings.get(`${event.clientId}\u0000${event.externalId}`) ?? NO_EARNINGS;
    const feeds = earned.size > 0 ? [...facts.feeds, 'earn' as const] : facts.feeds;
    const byType = objectivesByType.get(event.clientId);
    const completedNow = new Set<LoadedChallenge>();
    const at = event.occurredAt.getTime();
    // Only the objectives of the event types this event feeds are looked at.
    for (const feed of feeds) {
      for (const { challenge, objective } of byType?.get(feed) ?? []) {
        if (!playerChallenges.has(challenge.id)) continue;
        if (at < challenge.startDate.getTime() || (challenge.endDate && at > challenge.endDate.getTime()))
          continue;
        const key = playerKey(challenge.id, event.customerId);
        let player = progress.players.get(key);
        if (!player) {
          player = {
            clientId: event.clientId,
            challengeId: challenge.id,
            customerId: event.customerId,
            status: 'active',
            startedAt: null,
            completedAt: null,
            dirty: false,
          };
          progress.players.set(key, player);
        }
        if (player.status !== 'active') continue;
        const oKey = objectiveKey(challenge.id, event.customerId, objective._id);
        const current: ObjectiveState = progress.objectives.get(oKey) ?? {
          challengeId: challenge.id,
          customerId: event.customerId,
          objectiveId: objective._id,
          progress: 0,
          state: {},
          completedAt: null,
          dirty: false,
        };
        if (current.completedAt) continue;
        const context: RuleContext = {
          occurredAt: event.occurredAt,
          ...clock,
          challengeStart: challenge.startDate,
          firstOfType,
          rank,
          earned,
        };
        const moved = advanceObjective(objective, facts, context, current);
        if (!moved) continue;
        Object.assign(current, { progress: moved.progress, state: moved.state, dirty: true });
        progress.objectives.set(oKey, current);
        // The player's row is written only when their standing changes (started, completed).
        if (!player.startedAt) {
          player.startedAt = event.occurredAt;
          player.dirty = true;
          transactions.push(transactionOf(challenge, event, 'Active'));
        }
        if (moved.done) {
          current.completedAt = event.occurredAt;
          completedNow.add(challenge);
          payouts.push({
            event,
            challengeId: challenge.id,
            causeId: `${challenge.id}:${objective._id}`,
            rewards: objective.rewards,
            eventValue: facts.value,
          });
        }
      }
    }
    for (const challenge of completedNow) {
      const done = challenge.objectives.every(
        (objective) =>
          progress.objectives.get(objectiveKey(challenge.id, event.customerId, objective._id))?.completedAt,
      );
      const player = progress.players.get(playerKey(challenge.id, event.customerId));
      if (!done || !player || player.completedAt) continue;
      player.status = 'completed';
      player.completedAt = event.occurredAt;
      player.dirty = true;
      completions.push({ challenge, event, value: facts.value });
    }
  }

  const dirtyPlayers = [...progress.players.values()].filter((player) => player.dirty);
  const dirtyObjectives = [...progress.objectives.values()].filter((objective) => objective.dirty);
  if (dirtyObjectives.length === 0) return false;
  const clientOf = new Map(loaded.map((challenge) => [challenge.id, challenge.clientId]));
  await writeProgress(
    batch.tx,
    dirtyPlayers,
    dirtyObjectives.map((objective) => ({
      ...objective,
      clientId: clientOf.get(objective.challengeId) ?? '',
    })),
  );
  if (completions.length > 0) {
    const describe = await describeRewards(
      batch.tx,
      completions.flatMap(({ challenge }) => [
        ...challenge.objectives.flatMap((o) => o.rewards),
        ...challenge.rewards,
      ]),
    );
    for (const { challenge, event } of completions) {
      const rewards = [...challenge.objectives.flatMap((o) => o.rewards), ...challenge.rewards];
      transactions.push({
        ...transactionOf(challenge, event, 'Completed'),
        rewardEarned: rewards.map(describe).join(', '),
        xpPointsEarned: xpOf(rewards),
      });
    }
  }
  const written = await appendChallengeTransactions(batch.tx, transactions, newId);
  // The challenge's own rewards go with its Completed transaction, which each player gets once.
  for (const { challenge, event, value } of completions) {
    if (challenge.rewards.length === 0) continue;
    if (!written.has(`${challenge.id}\u0000${event.customerId}\u0000Completed`)) continue;
    payouts.push({
      event,
      challengeId: challenge.id,
      causeId: challenge.id,
      rewards: challenge.rewards,
      eventValue: value,
    });
  }
  if (payouts.length === 0) return false;
  await payRewards(batch, payouts);
  return payouts.some((payout) => payout.rewards.some((r) => r.type === 'xp' || r.type === 'level'));
};

const transactionOf = (
  challenge: LoadedChallenge,
  event: EngineEvent,
  status: ChallengeTransactionRow['status'],
): ChallengeTransactionRow => ({
  clientId: event.clientId,
  customerId: event.customerId,
  branchId: event.branchId,
  challengeId: challenge.id,
  challengeName: challenge.title,
  start: challenge.startDate,
  end: challenge.endDate,
  status,
  rewardEarned: '',
  xpPointsEarned: 0,
  eventId: event.id,
  occurredAt: event.occurredAt,
});

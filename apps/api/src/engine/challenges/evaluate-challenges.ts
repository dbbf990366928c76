import type { TObjectiveEventType } from '@laurel/contract';
import type {
  ChallengeObjectiveColumn,
  ObjectiveProgressColumn,
  PlayerChallengesColumn,
} from '../../db/schema';
import { localParts } from '../../local-time';
import type { EngineEvent, StepBatch } from '../core/types';
import { type OrderMove, orderMovesOf } from '../orders/order-moves';
import { earlierEventTypes, earningsOf, eventKey, leaderboardRanks, typeKey } from './batch-lookups';
import {
  type ClientCatalogue,
  cataloguesFor,
  type FedObjective,
  grantedChallenges,
  type LoadedChallenge,
  loadReleasedChallenges,
} from './challenge-catalogue';
import {
  appendChallengeTransactions,
  type ChallengeTransactionRow,
  loadPlayerProgress,
  markChanged,
  type PlayerProgress,
  playerKey,
  writeCompletions,
  writePlayerProgress,
} from './challenge-progress';
import { describeRewards, payRewards, type RewardPayout, xpOf } from './challenge-rewards';
import { factsOf, OBJECTIVE_TYPES_BY_EVENT } from './event-facts';
import { advanceObjective, type ObjectiveProgress, type RuleContext, reachesTarget } from './objective-rules';
import {
  addContribution,
  contributionOf,
  giveBack,
  loadOrderContributions,
  type OrderContributions,
  orderKey,
  takeBack,
  writeOrderContributions,
} from './order-contributions';

const DAY_MS = 86_400_000;
const pad = (value: number) => String(value).padStart(2, '0');
const unique = <T>(values: readonly T[]) => [...new Set(values)];
const NO_EARNINGS: ReadonlyMap<string, number> = new Map();

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

/** An objective's stored progress as the rules read it, and back (short keys, nothing empty kept). */
const rulesView = (stored: ObjectiveProgressColumn): ObjectiveProgress => ({
  progress: stored.p,
  state: { unique: stored.u, period: stored.r, periodCount: stored.n, matched: stored.m },
});
const storedView = (moved: ObjectiveProgress, completedAt: string | undefined): ObjectiveProgressColumn => {
  const { unique: u, period: r, periodCount: n, matched: m } = moved.state;
  return {
    p: moved.progress,
    ...(completedAt ? { c: completedAt } : {}),
    ...(u?.length ? { u } : {}),
    ...(r ? { r, n } : {}),
    ...(m?.length ? { m } : {}),
  };
};

const inSchedule = (challenge: LoadedChallenge, at: number) =>
  at >= challenge.startDate.getTime() && (!challenge.endDate || at <= challenge.endDate.getTime());
const isOpen = (challenges: PlayerChallengesColumn, challengeId: string) => {
  const entry = challenges[challengeId];
  return !entry?.c && !entry?.x;
};

/**
 * DESIGN §5 step 5 for one batch, set-based: the released challenges of the batch's clients (indexed by the event
 * types their objectives count), the ones granted to each player, and the players' progress documents are read in
 * a few statements; each event then moves only the objectives of the types it feeds; completions pay their rewards
 * once and write challenge transactions (Active on a player's first progress, Completed with what it paid). A
 * refunded or cancelled order takes back the progress it made in objectives and challenges not completed yet, and
 * a recovered order gives it back. Returns whether any statistic was moved.
 */
export const evaluateChallenges = async (batch: StepBatch) => {
  if (batch.events.length === 0) return false;
  const times = batch.events.map((event) => event.occurredAt.getTime());
  const clientIds = unique(batch.events.map((event) => event.clientId));
  const released = await batch.definitions('challenges', clientIds, () =>
    loadReleasedChallenges(batch.tx, clientIds),
  );
  const catalogues = cataloguesFor(
    released,
    clientIds,
    new Date(Math.min(...times)),
    new Date(Math.max(...times)),
  );
  if (catalogues.size === 0) return false;
  // A purchase counts with its order.created; a refund, cancellation or recovery is its status change.
  const purchaseOf = new Map<EngineEvent, OrderMove>();
  const reversalOf = new Map<EngineEvent, OrderMove>();
  for (const move of orderMovesOf(batch)) {
    if (!move.purchase) reversalOf.set(move.event, move);
    else if (move.sign === 1) purchaseOf.set(move.event, move);
  }
  const events = batch.events.filter(
    (event) => catalogues.has(event.clientId) && (event.type !== 'order.created' || purchaseOf.has(event)),
  );
  if (events.length === 0) return false;
  const granted = await grantedChallenges(batch.tx, catalogues, unique(events.map((e) => e.customerId)));
  const all = [...catalogues.values()];
  const earnings = all.some((catalogue) => catalogue.byFeed.has('earn'))
    ? await earningsOf(
        batch,
        events.filter((event) => granted.has(event.customerId) && !reversalOf.has(event)),
      )
    : new Map<string, Map<string, number>>();

  // What each event can move: the objectives of the types it feeds, in challenges granted to its player. A
  // recovered order's earnings are not counted again (its refund's take-back is given back instead).
  const fedObjectives = (event: EngineEvent): FedObjective[] => {
    const mine = granted.get(event.customerId);
    const catalogue = catalogues.get(event.clientId) as ClientCatalogue;
    if (!mine) return [];
    const feeds: readonly TObjectiveEventType[] = OBJECTIVE_TYPES_BY_EVENT[event.type] ?? [];
    const withEarn = earnings.has(eventKey(event)) ? [...feeds, 'earn' as const] : feeds;
    return withEarn.flatMap((feed) =>
      (catalogue.byFeed.get(feed) ?? []).filter(({ challenge }) => mine.has(challenge.id)),
    );
  };
  const work = new Map<EngineEvent, FedObjective[]>();
  for (const event of events) {
    const fed = fedObjectives(event);
    if (fed.length > 0 || reversalOf.has(event)) work.set(event, fed);
  }
  if (work.size === 0) return false;

  const firstWanted = new Map<string, { clientId: string; customerId: string; type: string }>();
  for (const [event, fed] of work) {
    if (fed.some(({ objective }) => objective.conditions.some((c) => c.type === 'first_occurrence')))
      firstWanted.set(typeKey(event.customerId, event.type), {
        clientId: event.clientId,
        customerId: event.customerId,
        type: event.type,
      });
  }
  const earlier = await earlierEventTypes(batch, [...firstWanted.values()]);
  const ranks = all.some((catalogue) => catalogue.byFeed.has('leaderboard'))
    ? await leaderboardRanks(batch)
    : new Map<string, number>();
  const orders = await loadOrderContributions(
    batch.tx,
    [...reversalOf.values()].map((move) => ({ clientId: move.event.clientId, orderRef: move.orderRef })),
  );
  const players = await loadPlayerProgress(
    batch.tx,
    unique([...work.keys()].map((e) => playerKey(e.clientId, e.customerId))).map((key) => {
      const [clientId, customerId] = key.split('\u0000') as [string, string];
      return { clientId, customerId };
    }),
  );

  const transactions: ChallengeTransactionRow[] = [];
  const payouts: RewardPayout[] = [];
  const completions: { challenge: LoadedChallenge; event: EngineEvent; value: number | null }[] = [];

  /** Writes an objective's new progress; a player's first progress in a challenge starts it (Active). */
  const setObjective = (
    player: PlayerProgress,
    challenge: LoadedChallenge,
    event: EngineEvent,
    objectiveId: string,
    stored: ObjectiveProgressColumn,
  ) => {
    let entry = player.challenges[challenge.id];
    if (!entry) {
      // The start is the entry and the Active transaction; the standing row waits for a completion.
      entry = { o: {} };
      player.challenges[challenge.id] = entry;
      transactions.push(transactionOf(challenge, event, 'Active'));
    }
    entry.o[objectiveId] = stored;
    markChanged(player, challenge.id, objectiveId);
  };

  /** An objective completed: its rewards are paid; the challenge completes once every objective has. */
  const objectiveDone = (
    player: PlayerProgress,
    challenge: LoadedChallenge,
    objective: ChallengeObjectiveColumn,
    event: EngineEvent,
    value: number | null,
  ) => {
    payouts.push({
      event,
      challengeId: challenge.id,
      causeId: `${challenge.id}:${objective._id}`,
      rewards: objective.rewards,
      eventValue: value,
    });
    const entry = player.challenges[challenge.id];
    if (!entry || entry.c || !challenge.objectives.every((o) => entry.o[o._id]?.c)) return;
    entry.c = 1;
    completions.push({ challenge, event, value });
  };

  const recordOf = (move: OrderMove) => {
    const key = orderKey(move.event.clientId, move.orderRef);
    let record = orders.get(key);
    if (!record) {
      record = {
        clientId: move.event.clientId,
        orderRef: move.orderRef,
        customerId: move.event.customerId,
        added: {},
        takenBack: null,
        changed: false,
      };
      orders.set(key, record);
    }
    return record;
  };

  /**
   * A refund or cancellation takes back what the order added to objectives still open in challenges still open (a
   * completed objective keeps its progress and rewards); a recovery gives back what was taken, which may complete.
   */
  const reverseOrder = (player: PlayerProgress, catalogue: ClientCatalogue, move: OrderMove) => {
    const record: OrderContributions | undefined = orders.get(orderKey(move.event.clientId, move.orderRef));
    if (!record) return;
    const source = move.sign < 0 ? record.added : record.takenBack;
    if (!source) return;
    const taken: typeof record.added = {};
    for (const [challengeId, byObjective] of Object.entries(source)) {
      const challenge = catalogue.byId.get(challengeId);
      const entry = player.challenges[challengeId];
      if (!challenge || !entry || !isOpen(player.challenges, challengeId)) continue;
      for (const [objectiveId, contribution] of Object.entries(byObjective)) {
        const objective = challenge.objectives.find((o) => o._id === objectiveId);
        const current = entry.o[objectiveId];
        if (!objective || !current || current.c) continue;
        if (move.sign < 0) {
          setObjective(player, challenge, move.event, objectiveId, takeBack(current, contribution));
          taken[challengeId] = { ...taken[challengeId], [objectiveId]: contribution };
          continue;
        }
        const restored = giveBack(current, contribution);
        const done = reachesTarget(objective, restored.p, restored.m);
        if (done) restored.c = move.event.occurredAt.toISOString();
        setObjective(player, challenge, move.event, objectiveId, restored);
        if (done) objectiveDone(player, challenge, objective, move.event, move.totalMinor / 100);
      }
    }
    record.takenBack = move.sign < 0 && Object.keys(taken).length > 0 ? taken : null;
    record.changed = true;
  };

  // The local clock of an event's minute, worked out once per minute (a batch's events are close in time).
  const clocks = new Map<string, ReturnType<typeof localClock>>();
  const clockOf = (at: Date, timeZone: string) => {
    const minute = Math.floor(at.getTime() / 60_000);
    const key = `${timeZone}\u0000${minute}`;
    let clock = clocks.get(key);
    if (!clock) {
      clock = localClock(new Date(minute * 60_000), timeZone);
      clocks.set(key, clock);
    }
    return clock;
  };
  const seenTypes = new Set(earlier);
  const ranked = new Set<string>();
  for (const event of events) {
    const seenKey = typeKey(event.customerId, event.type);
    const firstOfType = !seenTypes.has(seenKey);
    seenTypes.add(seenKey);
    const fed = work.get(event);
    if (!fed) continue;
    const player = players.get(playerKey(event.clientId, event.customerId)) as PlayerProgress;
    const catalogue = catalogues.get(event.clientId) as ClientCatalogue;
    const reversal = reversalOf.get(event);
    if (reversal) reverseOrder(player, catalogue, reversal);
    if (fed.length === 0) continue;
    const clock = clockOf(event.occurredAt, batch.timeZoneOf(event.clientId));
    const facts = factsOf(event, clock.localDay);
    // A leaderboard place is read once per player per batch, so it counts with the player's first order in it.
    const rank =
      event.type === 'order.created' && !ranked.has(event.customerId)
        ? (ranks.get(event.customerId) ?? null)
        : null;
    if (rank !== null) ranked.add(event.customerId);
    // One context per event; only the challenge's start changes from objective to objective.
    const context: RuleContext = {
      occurredAt: event.occurredAt,
      ...clock,
      challengeStart: event.occurredAt,
      firstOfType,
      rank,
      earned: earnings.get(eventKey(event)) ?? NO_EARNINGS,
    };
    const purchase = purchaseOf.get(event);
    const at = event.occurredAt.getTime();
    for (const { challenge, objective } of fed) {
      if (!inSchedule(challenge, at) || !isOpen(player.challenges, challenge.id)) continue;
      const entry = player.challenges[challenge.id];
      const before = entry?.o[objective._id] ?? { p: 0 };
      if (before.c) {
        // An edit may have removed the last objective still open: the next event for the challenge completes it.
        if (entry && !entry.c && challenge.objectives.every((o) => entry.o[o._id]?.c)) {
          entry.c = 1;
          markChanged(player, challenge.id, objective._id);
          completions.push({ challenge, event, value: facts.value });
        }
        continue;
      }
      context.challengeStart = challenge.startDate;
      const moved = advanceObjective(objective, facts, context, rulesView(before));
      if (!moved) continue;
      const after = storedView(moved, moved.done ? event.occurredAt.toISOString() : undefined);
      setObjective(player, challenge, event, objective._id, after);
      const contribution = purchase ? contributionOf(before, after) : null;
      if (purchase && contribution)
        addContribution(recordOf(purchase), challenge.id, objective._id, contribution);
      if (moved.done) objectiveDone(player, challenge, objective, event, facts.value);
    }
  }

  if (![...players.values()].some((player) => player.changed.size > 0)) return false;
  await writePlayerProgress(batch.tx, players.values());
  await writeCompletions(
    batch.tx,
    completions.map(({ challenge, event }) => ({
      clientId: event.clientId,
      challengeId: challenge.id,
      challengeTitle: challenge.title,
      customerId: event.customerId,
      completedAt: event.occurredAt,
      // The id the client sent (as every other webhook's event_id), not Laurel's row id.
      eventId: event.externalId,
    })),
  );
  await writeOrderContributions(batch.tx, orders.values());
  if (completions.length > 0) {
    const rewardsOf = (challenge: LoadedChallenge) => [
      ...challenge.objectives.flatMap((o) => o.rewards),
      ...challenge.rewards,
    ];
    const describe = await describeRewards(
      batch.tx,
      completions.flatMap(({ challenge }) => rewardsOf(challenge)),
    );
    for (const { challenge, event } of completions) {
      transactions.push({
        ...transactionOf(challenge, event, 'Completed'),
        rewardEarned: rewardsOf(challenge).map(describe).join(', '),
        xpPointsEarned: xpOf(rewardsOf(challenge)),
      });
    }
  }
  const written = await appendChallengeTransactions(batch.tx, transactions);
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
  const paid = payouts.filter((payout) => payout.rewards.length > 0);
  if (paid.length === 0) return false;
  await payRewards(batch, paid);
  return paid.some((payout) => payout.rewards.some((r) => r.type === 'xp' || r.type === 'level'));
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
  status,
  rewardEarned: '',
  xpPointsEarned: 0,
  eventId: event.id,
  occurredAt: event.occurredAt,
});

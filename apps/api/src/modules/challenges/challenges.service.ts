import {
  CHALLENGE_MESSAGES,
  makeNodeId,
  SEGMENT_MESSAGES,
  type TChallenge,
  type TChallengeListItem,
  type TChallengeReward,
  type TChallengeSortKey,
  type TChallengeStatus,
  type TFieldError,
  type TSaveChallenge,
  type TSortDirection,
} from '@laurel/contract';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { newId } from '../../db/ids';
import { jsonColumn } from '../../db/raw-sql';
import {
  badges,
  type ChallengeObjectiveColumn,
  challengeSegments,
  challenges,
  currencies,
  segments,
} from '../../db/schema';
import { lockClientExclusively } from '../../engine';
import { scheduleBounds } from '../../engine/challenges/challenge-schedule';
import { badRequest, conflict, notFound } from '../../http/errors';
import { type Actor, diffFields, recordAudit } from '../audit/audit';
import { clientTimeZone } from '../statistics/statistics.queries';
import {
  type ChallengeCounts,
  type ChallengeRow,
  challengeCounts,
  findChallengeRow,
  linkedSegments,
  listChallengeRows,
} from './challenges.queries';

const iso = (value: Date | null) => value?.toISOString() ?? null;

const toListItem = (
  row: ChallengeRow,
  counts: ChallengeCounts | undefined,
  linked: { _id: string; name: string }[] | undefined,
): TChallengeListItem => ({
  _id: row.id,
  title: row.title,
  description: row.description,
  image: jsonColumn(row.image),
  schedule: { start_date: row.startDate.toISOString(), end_date: iso(row.endDate) },
  status: row.status as TChallengeStatus,
  visible: row.visible,
  objectives: jsonColumn(row.objectives),
  rewards: jsonColumn(row.rewards),
  granted_quantity: counts?.granted ?? 0,
  completed_quantity: counts?.completed ?? 0,
  segments: linked ?? [],
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/** Objectives as stored: each keeps its id (the objective node's), or gets one, unique within the challenge. */
const objectivesOf = (input: TSaveChallenge): ChallengeObjectiveColumn[] => {
  const seen = new Set<string>();
  return (input.objectives ?? []).map((objective) => {
    let id = objective._id && !seen.has(objective._id) ? objective._id : makeNodeId('objective');
    while (seen.has(id)) id = makeNodeId('objective');
    seen.add(id);
    return { ...objective, _id: id };
  });
};

/** Reward badges and cashback currencies must be the client's (400 naming the field otherwise). */
const checkReferences = async (db: DbOrTx, clientId: string, input: TSaveChallenge) => {
  const located: { field: string; reward: TChallengeReward }[] = [
    ...(input.objectives ?? []).flatMap((objective, index) =>
      objective.rewards.map((reward, rewardIndex) => ({
        field: `objectives.${index}.rewards.${rewardIndex}`,
        reward,
      })),
    ),
    ...(input.rewards ?? []).map((reward, index) => ({ field: `rewards.${index}`, reward })),
  ];
  const badgeIds = [
    ...new Set(located.flatMap(({ reward }) => (reward.type === 'badges' ? [String(reward.value)] : []))),
  ];
  const currencyIds = [
    ...new Set(
      located.flatMap(({ reward }) =>
        reward.type === 'cashback' && reward.currency ? [reward.currency] : [],
      ),
    ),
  ];
  const [knownBadges, knownCurrencies] = await Promise.all([
    badgeIds.length === 0
      ? []
      : db
          .select({ id: badges.id })
          .from(badges)
          .where(and(eq(badges.clientId, clientId), inArray(badges.id, badgeIds))),
    currencyIds.length === 0
      ? []
      : db
          .select({ id: currencies.id })
          .from(currencies)
          .where(
            and(
              eq(currencies.clientId, clientId),
              inArray(currencies.id, currencyIds),
              isNull(currencies.deletedAt),
            ),
          ),
  ]);
  const badgeSet = new Set(knownBadges.map((row) => row.id));
  const currencySet = new Set(knownCurrencies.map((row) => row.id));
  const errors: TFieldError[] = [];
  for (const { field, reward } of located) {
    if (reward.type === 'badges' && !badgeSet.has(String(reward.value)))
      errors.push({ field: `${field}.value`, message: CHALLENGE_MESSAGES.badgeNotFound });
    if (reward.type === 'cashback' && reward.currency && !currencySet.has(reward.currency))
      errors.push({ field: `${field}.currency`, message: CHALLENGE_MESSAGES.currencyNotFound });
  }
  if (errors.length > 0) throw badRequest(errors);
};

const columnsOf = (input: TSaveChallenge, timeZone: string) => {
  const { start, end } = scheduleBounds(input.schedule.start_date, input.schedule.end_date, timeZone);
  return {
    title: input.title,
    description: input.description,
    image: {
      url: input.image?.url || null,
      etag: input.image?.etag || null,
      file_name: input.image?.file_name || null,
    },
    startDate: start,
    endDate: end,
    status: input.status,
    visible: input.visible,
    objectives: objectivesOf(input),
    rewards: input.rewards ?? [],
    flow: input.flow ?? EMPTY_FLOW,
    // A save reopens a challenge the expiry task closed: it closes it again if it has still ended.
    expiredAt: null,
  };
};

/**
 * Removes a challenge's progress from its players' progress rows: the objectives not `kept`, or the whole entry
 * (null). Only the rows of players who started it are touched (each has an Active transaction).
 */
const dropProgress = async (tx: DbOrTx, challengeId: string, kept: readonly string[] | null) => {
  const entry =
    kept === null
      ? sql`d.challenges - ${challengeId}::text`
      : sql`jsonb_set(d.challenges, ARRAY[${challengeId}::text, 'o'],
              (SELECT coalesce(jsonb_object_agg(o.key, o.value), '{}'::jsonb)
                 FROM jsonb_each(d.challenges -> ${challengeId}::text -> 'o') AS o(key, value)
                WHERE o.key = ANY(${sql.param(kept)}::text[])))`;
  await tx.execute(sql`
    UPDATE challenge_progress d SET challenges = ${entry}, updated_at = now()
      FROM challenge_transactions t
     WHERE t.challenge_id = ${challengeId} AND t.challenge_status = 'Active'
       AND d.client_id = t.client_id AND d.customer_id = t.customer_id AND d.challenges ? ${challengeId}::text`);
};

const AUDITED = ['title', 'status', 'visible', 'startDate', 'endDate'] as const;

export type ChallengeListQuery = {
  page: number;
  size: number;
  search?: string;
  status?: TChallengeStatus;
  sortKey?: TChallengeSortKey;
  sortDirection?: TSortDirection;
};

const EMPTY_FLOW = { nodes: [], edges: [] };

/**
 * What an update leaves out stays as stored: the console sends its flow and never the challenge's own rewards, and
 * a challenge made through the API has objectives but no flow, so an empty flow from the console clears objectives
 * only where the stored flow had drawn them.
 */
const withStoredParts = (body: TSaveChallenge, stored: ChallengeRow): TSaveChallenge => {
  const storedFlow = jsonColumn<TSaveChallenge['flow']>(stored.flow);
  const drawn = (storedFlow?.nodes.length ?? 0) > 0;
  return {
    ...body,
    flow: body.flow ?? storedFlow ?? EMPTY_FLOW,
    objectives:
      body.objectives ??
      (body.flow && drawn ? [] : jsonColumn<ChallengeObjectiveColumn[]>(stored.objectives)),
    rewards: body.rewards ?? jsonColumn<NonNullable<TSaveChallenge['rewards']>>(stored.rewards),
  };
};

/** Challenges (spec 2 §2-§5, §7): the editor's saves, the list, and the irreversible segment grant. */
export const createChallengesService = (db: Db) => {
  const load = async (tx: DbOrTx, clientId: string, id: string, lock = false) => {
    const row = await findChallengeRow(tx, clientId, id, lock);
    if (!row) throw notFound(CHALLENGE_MESSAGES.notFound);
    return row;
  };

  const present = async (tx: DbOrTx, row: ChallengeRow): Promise<TChallenge> => {
    const [counts, linked] = await Promise.all([challengeCounts(tx, [row.id]), linkedSegments(tx, [row.id])]);
    return { ...toListItem(row, counts.get(row.id), linked.get(row.id)), flow: jsonColumn(row.flow) };
  };

  return {
    list: async (clientId: string, query: ChallengeListQuery) => {
      const { rows, count } = await listChallengeRows(
        db,
        {
          clientId,
          search: query.search,
          status: query.status,
          sort: query.sortKey ? { key: query.sortKey, direction: query.sortDirection ?? 'desc' } : undefined,
        },
        query.page,
        query.size,
      );
      const ids = rows.map((row) => row.id);
      const [counts, linked] = await Promise.all([challengeCounts(db, ids), linkedSegments(db, ids)]);
      return { items: rows.map((row) => toListItem(row, counts.get(row.id), linked.get(row.id))), count };
    },

    get: async (clientId: string, id: string) => present(db, await load(db, clientId, id)),

    create: async (actor: Actor, input: TSaveChallenge) => {
      await checkReferences(db, actor.clientId, input);
      const columns = columnsOf(input, await clientTimeZone(db, actor.clientId));
      return db.transaction(async (tx) => {
        const [created] = await tx
          .insert(challenges)
          .values({ id: newId(), clientId: actor.clientId, ...columns })
          .returning();
        if (!created) throw new Error('insert returned nothing');
        await recordAudit(tx, actor, {
          action: 'challenge.created',
          entity: 'challenge',
          entityId: created.id,
          summary: `Created challenge '${created.title}'`,
        });
        return present(tx, created);
      });
    },

    /** Objectives keep their progress by id; progress of an objective no longer in the challenge is dropped. */
    update: async (actor: Actor, id: string, body: TSaveChallenge) => {
      await checkReferences(db, actor.clientId, body);
      const timeZone = await clientTimeZone(db, actor.clientId);
      return db.transaction(async (tx) => {
        // A batch in flight holds entries it read before this edit and writes them back whole: let it finish first.
        await lockClientExclusively(tx, actor.clientId);
        const before = await load(tx, actor.clientId, id, true);
        const columns = columnsOf(withStoredParts(body, before), timeZone);
        const [updated] = await tx
          .update(challenges)
          .set({ ...columns, updatedAt: new Date() })
          .where(and(eq(challenges.clientId, actor.clientId), eq(challenges.id, id)))
          .returning();
        if (!updated) throw notFound(CHALLENGE_MESSAGES.notFound);
        const kept = columns.objectives.map((objective) => objective._id);
        await dropProgress(tx, id, kept);
        await recordAudit(tx, actor, {
          action: 'challenge.updated',
          entity: 'challenge',
          entityId: id,
          summary: `Updated challenge '${updated.title}'`,
          changes: diffFields(before, updated, [...AUDITED]),
        });
        return present(tx, updated);
      });
    },

    /**
     * Deleting removes the challenge, its segment links and all player progress (spec 2 §2's warning); players
     * who had started and not finished get a Failed transaction, and the ledger keeps every earlier row.
     */
    remove: async (actor: Actor, id: string) =>
      db.transaction(async (tx) => {
        await lockClientExclusively(tx, actor.clientId);
        const before = await load(tx, actor.clientId, id, true);
        const shown = await present(tx, before);
        await tx.execute(sql`
          INSERT INTO challenge_transactions (id, client_id, customer_id, branch_id, challenge_id, challenge_name,
                                              challenge_start_date, challenge_end_date, challenge_status, occurred_at)
          SELECT substr(md5(random()::text || a.customer_id), 1, 24), a.client_id, a.customer_id,
                 (SELECT t.branch_id FROM challenge_transactions t
                   WHERE t.challenge_id = a.challenge_id AND t.customer_id = a.customer_id
                   ORDER BY t.occurred_at DESC LIMIT 1),
                 a.challenge_id, ${before.title}, ${before.startDate}, ${before.endDate}, 'Failed', now()
          FROM challenge_transactions a
          WHERE a.challenge_id = ${id} AND a.challenge_status = 'Active'
            AND NOT EXISTS (SELECT 1 FROM challenge_players p
                             WHERE p.challenge_id = a.challenge_id AND p.customer_id = a.customer_id
                               AND p.status <> 'active')
          ON CONFLICT DO NOTHING`);
        await dropProgress(tx, id, null);
        await tx
          .delete(challenges)
          .where(and(eq(challenges.clientId, actor.clientId), eq(challenges.id, id)));
        await recordAudit(tx, actor, {
          action: 'challenge.deleted',
          entity: 'challenge',
          entityId: id,
          summary: `Deleted challenge '${before.title}'`,
        });
        return shown;
      }),

    /** Grants the challenge to a segment's members (spec 2 §2): irreversible, once per segment. */
    link: async (actor: Actor, challengeId: string, segmentId: string) =>
      db.transaction(async (tx) => {
        const challenge = await load(tx, actor.clientId, challengeId);
        const [segment] = await tx
          .select({ id: segments.id, name: segments.name })
          .from(segments)
          .where(and(eq(segments.clientId, actor.clientId), eq(segments.id, segmentId)));
        if (!segment) throw notFound(SEGMENT_MESSAGES.notFound);
        let created: Date;
        try {
          const [row] = await tx
            .insert(challengeSegments)
            .values({ clientId: actor.clientId, challengeId, segmentId })
            .onConflictDoNothing()
            .returning({ createdAt: challengeSegments.createdAt });
          if (!row) throw conflict(CHALLENGE_MESSAGES.alreadyLinked);
          created = row.createdAt;
        } catch (error) {
          if (isUniqueViolation(error)) throw conflict(CHALLENGE_MESSAGES.alreadyLinked);
          throw error;
        }
        await recordAudit(tx, actor, {
          action: 'challenge.segment-linked',
          entity: 'challenge',
          entityId: challengeId,
          summary: `Granted challenge '${challenge.title}' to segment '${segment.name}'`,
        });
        return {
          challenge_id: challengeId,
          segment_id: segmentId,
          segment_name: segment.name,
          created_at: created.toISOString(),
        };
      }),
  };
};

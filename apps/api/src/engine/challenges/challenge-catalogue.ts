import type { TChallengeReward, TObjectiveEventType } from '@laurel/contract';
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
  /** The segments it is granted to. */
  segmentIds: string[];
};

export type FedObjective = { challenge: LoadedChallenge; objective: ChallengeObjectiveColumn };

/** One client's released challenges, and their objectives by the event type they count. */
export type ClientCatalogue = {
  challenges: LoadedChallenge[];
  byId: Map<string, LoadedChallenge>;
  byFeed: Map<TObjectiveEventType, FedObjective[]>;
  /** Condition kinds any objective uses (what the batch must look up: first occurrence…). */
  conditions: Set<string>;
};

const catalogueOf = (challenges: LoadedChallenge[]): ClientCatalogue => {
  const byFeed = new Map<TObjectiveEventType, FedObjective[]>();
  const conditions = new Set<string>();
  for (const challenge of challenges) {
    for (const objective of challenge.objectives) {
      const list = byFeed.get(objective.event_type) ?? [];
      list.push({ challenge, objective });
      byFeed.set(objective.event_type, list);
      for (const condition of objective.conditions) conditions.add(condition.type);
    }
  }
  return { challenges, byId: new Map(challenges.map((c) => [c.id, c])), byFeed, conditions };
};

/**
 * The released challenges of the clients (a draft or staging challenge never advances, nor one the expiry task has
 * closed), with the segments each is granted to, oldest first. A batch reads them once (the definitions cache), and
 * each round keeps those whose schedule overlaps its events (`cataloguesFor`): a round of one event costs no read.
 */
export const loadReleasedChallenges = async (tx: DbOrTx, clientIds: readonly string[]) => {
  const rows = await rowsOf<{
    id: string;
    client_id: string;
    title: string;
    start_date: string | Date;
    end_date: string | Date | null;
    objectives: ChallengeObjectiveColumn[] | string;
    rewards: TChallengeReward[] | string;
    segment_ids: string[] | string | null;
  }>(
    tx,
    sql`SELECT c.id, c.client_id, c.title, c.start_date, c.end_date, c.objectives, c.rewards,
               (SELECT coalesce(json_agg(cs.segment_id), '[]') FROM challenge_segments cs WHERE cs.challenge_id = c.id)
                 AS segment_ids
        FROM challenges c
        WHERE c.client_id = ANY(${arrayParam(clientIds)}::text[]) AND c.status = 'released' AND c.expired_at IS NULL
        ORDER BY c.created_at, c.id`,
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
      segmentIds: jsonColumn(row.segment_ids ?? []),
    };
    if (challenge.objectives.length === 0) continue;
    byClient.set(row.client_id, [...(byClient.get(row.client_id) ?? []), challenge]);
  }
  return byClient;
};

/**
 * Of `released`, the challenges of `clientIds` whose schedule overlaps [from, to] (started by `to`, not ended before
 * `from`), indexed by the event types their objectives count: an event only ever looks at the objectives it can move.
 */
export const cataloguesFor = (
  released: ReadonlyMap<string, LoadedChallenge[]>,
  clientIds: readonly string[],
  from: Date,
  to: Date,
) => {
  const catalogues = new Map<string, ClientCatalogue>();
  for (const clientId of clientIds) {
    const live = (released.get(clientId) ?? []).filter(
      (challenge) => challenge.startDate <= to && (challenge.endDate === null || challenge.endDate >= from),
    );
    if (live.length > 0) catalogues.set(clientId, catalogueOf(live));
  }
  return catalogues;
};

/**
 * Which of the catalogue's challenges each player may work on: those granted to a segment the player is in now, and
 * those granted to the player alone by a segment's grant_mission action. One statement for the batch: each player's
 * memberships of the granting segments (not one probe per challenge), and their own grants.
 */
export const grantedChallenges = async (
  tx: DbOrTx,
  catalogues: ReadonlyMap<string, ClientCatalogue>,
  customerIds: readonly string[],
) => {
  const challenges = [...catalogues.values()].flatMap((catalogue) => catalogue.challenges);
  const bySegment = new Map<string, string[]>();
  for (const challenge of challenges) {
    for (const segmentId of challenge.segmentIds)
      bySegment.set(segmentId, [...(bySegment.get(segmentId) ?? []), challenge.id]);
  }
  const rows = await rowsOf<{ segment_id: string | null; challenge_id: string | null; customer_id: string }>(
    tx,
    sql`SELECT m.segment_id, NULL AS challenge_id, m.customer_id FROM segment_members m
         WHERE m.segment_id = ANY(${arrayParam([...bySegment.keys()])}::text[])
           AND m.customer_id = ANY(${arrayParam(customerIds)}::text[])
        UNION ALL
        SELECT NULL, p.challenge_id, p.customer_id FROM challenge_players p
         WHERE p.granted AND p.customer_id = ANY(${arrayParam(customerIds)}::text[])
           AND p.challenge_id = ANY(${arrayParam(challenges.map((c) => c.id))}::text[])`,
  );
  const granted = new Map<string, Set<string>>();
  for (const row of rows) {
    const set = granted.get(row.customer_id) ?? new Set<string>();
    if (row.challenge_id) set.add(row.challenge_id);
    for (const id of row.segment_id ? (bySegment.get(row.segment_id) ?? []) : []) set.add(id);
    granted.set(row.customer_id, set);
  }
  return granted;
};

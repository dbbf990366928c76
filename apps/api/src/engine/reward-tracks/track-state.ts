import { tierByNumber } from '@laurel/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { newId } from '../../db/ids';
import { localMonthIndex, localYear, startOfLocalMonth, startOfLocalYear } from '../../local-time';
import { arrayParam, rowsOf } from '../core/sql';
import { outboxInsertSql, wakeDispatchersSql } from '../webhooks/outbox';
import type { MilestoneReached, SourceSeen } from './evaluate';
import { type TrackDefinition, windowMonths } from './track-definitions';
import { milestoneWebhooks, roundedXp } from './track-webhooks';

/** Each player's floors (target values kept through a year-end) by track id. */
export const loadFloors = async (db: DbOrTx, clientId: string, customerIds: readonly string[]) => {
  const floors = new Map<string, Map<string, number>>(customerIds.map((id) => [id, new Map()]));
  if (customerIds.length === 0) return floors;
  const rows = await rowsOf<{ customer_id: string; reward_track_id: string; floor_value: string }>(
    db,
    sql`SELECT customer_id, reward_track_id, floor_value::text AS floor_value FROM reward_track_players
        WHERE client_id = ${clientId} AND customer_id = ANY(${arrayParam([...customerIds])}::text[])
          AND floor_value <> 0`,
  );
  for (const row of rows) floors.get(row.customer_id)?.set(row.reward_track_id, Number(row.floor_value));
  return floors;
};

/** A milestone's reward in words, for the ledger's reward_claimed. */
export const rewardText = (track: TrackDefinition, targetValue: number) => {
  if (track.type === 'LEVEL_PROGRESSION') return `Level ${targetValue}`;
  if (track.type === 'TIER_PROGRESSION') return tierByNumber(targetValue) ?? `Tier ${targetValue}`;
  return `${track.target} ${targetValue}`;
};

/**
 * A track whose points reset every year lets its milestones be reached again after each year-end: its rows are
 * keyed by the year-end last closed (a cycle); other tracks have one cycle.
 */
export const cycleOf = (track: TrackDefinition) => (track.resetPointsAnnually ? track.yearClosed : 0);

export type ReachedContext = { eventId: string | null; branchId: string | null; occurredAt: Date };

/**
 * Writes one ledger row per milestone reached that has none yet for the player and cycle: one read of what
 * exists, one insert of the rest (the unique key still guards a race). Never updates or deletes a row.
 * A row of another cycle still counts when it was written since the track's points last started (the source's
 * epoch: its creation or last year-end reset; written, not occurred: a back-dated event's row is as recent as any):
 * switching `reset_points_annually` changes the cycle key, not the points, so what was reached under the old key
 * must not be reached (and announced) again.
 */
export const writeMilestonesReached = async (
  db: DbOrTx,
  clientId: string,
  reached: readonly MilestoneReached[],
  contextOf: (customerId: string) => ReachedContext,
) => {
  if (reached.length === 0) return 0;
  const rows = reached.map((item) => {
    const context = contextOf(item.customerId);
    return { item, context, cycle: cycleOf(item.track) };
  });
  const existing = await rowsOf<{
    reward_track_id: string;
    customer_id: string;
    cycle: number;
    milestone_index: number;
    since_points_started: boolean;
  }>(
    db,
    sql`SELECT t.reward_track_id, t.customer_id, t.cycle, t.milestone_index,
               coalesce(t.created_at >= s.epoch_start, false) AS since_points_started
        FROM reward_track_transactions t
        LEFT JOIN reward_tracks rt ON rt.client_id = t.client_id AND rt.id = t.reward_track_id
        LEFT JOIN statistics s ON s.client_id = t.client_id AND lower(s.name) = lower(rt.source)
        WHERE t.client_id = ${clientId}
          AND t.customer_id = ANY(${arrayParam([...new Set(rows.map((r) => r.item.customerId))])}::text[])
          AND t.reward_track_id = ANY(${arrayParam([...new Set(rows.map((r) => r.item.track.id))])}::text[])`,
  );
  const known = new Set(
    existing.map((r) =>
      r.since_points_started
        ? `${r.reward_track_id}:${r.customer_id}:current:${r.milestone_index}`
        : `${r.reward_track_id}:${r.customer_id}:${r.cycle}:${r.milestone_index}`,
    ),
  );
  const fresh = rows.filter(
    ({ item, cycle }) =>
      !known.has(`${item.track.id}:${item.customerId}:${cycle}:${item.milestone.index}`) &&
      !known.has(`${item.track.id}:${item.customerId}:current:${item.milestone.index}`),
  );
  if (fresh.length === 0) return 0;
  const column = <T>(pick: (row: (typeof fresh)[number]) => T) => arrayParam(fresh.map(pick));
  const hooks = milestoneWebhooks(
    clientId,
    fresh.map((row) => row.item),
  );
  await db.execute(sql`
    WITH hooks AS (${outboxInsertSql(hooks)}), written AS (
    INSERT INTO reward_track_transactions (id, client_id, customer_id, branch_id, reward_track_id, reward_track_name,
      reward_track_type, milestone_index, milestone_reached, reward_claimed, reward_value, xp_points_earned, status,
      cycle, event_id, occurred_at)
    SELECT * FROM unnest(
      ${column(() => newId())}::text[], ${column(() => clientId)}::text[], ${column((r) => r.item.customerId)}::text[],
      ${column((r) => r.context.branchId)}::text[], ${column((r) => r.item.track.id)}::text[],
      ${column((r) => r.item.track.name)}::text[], ${column((r) => r.item.track.type)}::text[],
      ${column((r) => r.item.milestone.index)}::int[], ${column((r) => r.item.milestone.name)}::text[],
      ${column((r) => rewardText(r.item.track, r.item.milestone.target_value))}::text[],
      ${column((r) => String(r.item.milestone.target_value))}::numeric[],
      ${column((r) => roundedXp(r.item.xp))}::numeric[], ${column((r) => r.item.status)}::text[],
      ${column((r) => r.cycle)}::int[], ${column((r) => r.context.eventId)}::text[],
      ${column((r) => r.context.occurredAt.toISOString())}::timestamptz[])
    ON CONFLICT DO NOTHING RETURNING 1)
    SELECT ${wakeDispatchersSql('hooks')}`);
  return fresh.length;
};

/** Keeps the monthly record of a windowed tier track's source (highest and latest value per local month). */
export const recordSourceMonths = async (
  db: DbOrTx,
  clientId: string,
  seen: readonly SourceSeen[],
  at: (customerId: string) => Date,
  timeZone: string,
) => {
  if (seen.length === 0) return;
  // One row per track, player and month (an upsert may not touch a row twice): the highest and the latest.
  const folded = new Map<
    string,
    { track: string; customer: string; month: number; max: number; last: number }
  >();
  for (const item of seen) {
    const month = localMonthIndex(at(item.customerId), timeZone);
    const key = `${item.track.id}:${item.customerId}:${month}`;
    const before = folded.get(key);
    folded.set(key, {
      track: item.track.id,
      customer: item.customerId,
      month,
      max: Math.max(before?.max ?? item.value, item.value),
      last: item.value,
    });
  }
  const rows = [...folded.values()];
  await db.execute(sql`
    INSERT INTO reward_track_source_months AS m (client_id, reward_track_id, customer_id, month, max_value, last_value)
    SELECT ${clientId}, t, c, mo, mx, l FROM unnest(
      ${arrayParam(rows.map((r) => r.track))}::text[], ${arrayParam(rows.map((r) => r.customer))}::text[],
      ${arrayParam(rows.map((r) => r.month))}::int[], ${arrayParam(rows.map((r) => String(r.max)))}::numeric[],
      ${arrayParam(rows.map((r) => String(r.last)))}::numeric[]) AS u(t, c, mo, mx, l)
    ON CONFLICT (reward_track_id, customer_id, month) DO UPDATE SET
      max_value = GREATEST(m.max_value, EXCLUDED.max_value), last_value = EXCLUDED.last_value`);
};

/**
 * When a windowed tier is next reviewed after it was reached at `at`: N months after the start of that local
 * month (rolling), or the next local new year (calendar year). The window then still holds the month reached.
 */
export const nextReviewAt = (track: TrackDefinition, at: Date, timeZone: string) =>
  track.qualificationWindow === 'CALENDAR_YEAR'
    ? startOfLocalYear(localYear(at, timeZone) + 1, timeZone)
    : startOfLocalMonth(localMonthIndex(at, timeZone) + windowMonths(track), timeZone);

/** A tier that went up is next reviewed no earlier than a full window after this month. */
export const scheduleReviews = async (
  db: DbOrTx,
  clientId: string,
  upgraded: readonly { customerId: string; track: TrackDefinition }[],
  at: (customerId: string) => Date,
  timeZone: string,
) => {
  if (upgraded.length === 0) return;
  const unique = [...new Map(upgraded.map((u) => [`${u.track.id}:${u.customerId}`, u])).values()];
  await db.execute(sql`
    INSERT INTO reward_track_players AS p (client_id, reward_track_id, customer_id, review_at)
    SELECT ${clientId}, t, c, r FROM unnest(
      ${arrayParam(unique.map((u) => u.track.id))}::text[], ${arrayParam(unique.map((u) => u.customerId))}::text[],
      ${arrayParam(unique.map((u) => nextReviewAt(u.track, at(u.customerId), timeZone).toISOString()))}::timestamptz[]
    ) AS u(t, c, r)
    ON CONFLICT (reward_track_id, customer_id) DO UPDATE SET
      review_at = GREATEST(COALESCE(p.review_at, EXCLUDED.review_at), EXCLUDED.review_at), updated_at = now()`);
};

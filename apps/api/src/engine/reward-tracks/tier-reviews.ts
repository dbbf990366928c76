import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/database';
import { localMonthIndex, localYear, startOfLocalMonth, startOfLocalYear } from '../../local-time';
import { lockClientExclusively } from '../core/locks';
import { arrayParam, rowsOf } from '../core/sql';
import { currentValuesOf } from '../statistics/current-values';
import { loadStatisticCatalogue } from '../statistics/statistic-definitions';
import type { TargetChange } from './evaluate';
import { mappedTarget } from './milestones';
import { settlePlayers, writeTargetsDirectly } from './settle-players';
import { isWindowed, loadTracks, type TrackDefinition, windowMonths } from './track-definitions';
import { loadFloors } from './track-state';

/** Reviews done per transaction; the task runs again while more are due. */
const REVIEWS_PER_ROUND = 1_000;

type DueReview = { customer_id: string; review_at: Date };

/** The review after `reviewAt`, and after `now` (a worker that was down skips the periods it missed). */
const followingReview = (track: TrackDefinition, reviewAt: Date, now: Date, timeZone: string) => {
  let next = reviewAt;
  do {
    next =
      track.qualificationWindow === 'CALENDAR_YEAR'
        ? startOfLocalYear(localYear(next, timeZone) + 1, timeZone)
        : startOfLocalMonth(localMonthIndex(next, timeZone) + windowMonths(track), timeZone);
  } while (next <= now);
  return next;
};

/** The next tier down: the highest milestone target below the current one (0 below the first). */
const oneTierDown = (track: TrackDefinition, current: number) =>
  Math.max(0, ...track.milestones.map((m) => m.target_value).filter((value) => value < current));

/**
 * Reviews the due players of one windowed tier track (docs/architecture.md "Tier qualification"): the tier they
 * qualify for is the one their highest level of the window reaches (the N whole local months before the review,
 * or the calendar year just ended, plus the level held now and the level carried into the window). A player
 * below their tier drops to it, or one tier only when `downgrade_one_tier_per_review`; a kept floor
 * (persist_tier_levels_annually) still holds. The next review is a window later; with no tier left, none.
 */
const reviewTrack = async (tx: Tx, track: TrackDefinition, timeZone: string, now: Date) => {
  const due = await rowsOf<DueReview>(
    tx,
    sql`SELECT customer_id, review_at FROM reward_track_players
        WHERE reward_track_id = ${track.id} AND review_at <= ${now.toISOString()}::timestamptz
        ORDER BY review_at, customer_id LIMIT ${REVIEWS_PER_ROUND} FOR UPDATE`,
  );
  if (due.length === 0) return false;
  const customerIds = due.map((row) => row.customer_id);
  const catalogue = await loadStatisticCatalogue(tx, [track.clientId]);
  const [values, floors, months] = await Promise.all([
    currentValuesOf(tx, track.clientId, customerIds, catalogue, timeZone, { now }),
    loadFloors(tx, track.clientId, customerIds),
    rowsOf<{ customer_id: string; month: number; max_value: string; last_value: string }>(
      tx,
      sql`SELECT customer_id, month, max_value::text AS max_value, last_value::text AS last_value
          FROM reward_track_source_months
          WHERE reward_track_id = ${track.id} AND customer_id = ANY(${arrayParam(customerIds)}::text[])
          ORDER BY customer_id, month`,
    ),
  ]);
  const changes: TargetChange[] = [];
  const nextReviews: { customerId: string; reviewAt: string | null }[] = [];
  for (const row of due) {
    const reviewAt = new Date(row.review_at);
    const last = localMonthIndex(new Date(reviewAt.getTime() - 1), timeZone);
    const first = last - windowMonths(track) + 1;
    const playerValues = values.get(row.customer_id) ?? new Map<string, number>();
    let best = playerValues.get(track.source) ?? 0;
    let carried = 0;
    for (const month of months) {
      if (month.customer_id !== row.customer_id) continue;
      if (month.month < first) carried = Number(month.last_value);
      else if (month.month <= last) best = Math.max(best, Number(month.max_value));
    }
    const floor = floors.get(row.customer_id)?.get(track.id) ?? 0;
    const qualified = Math.max(mappedTarget(track.milestones, Math.max(best, carried)), floor);
    const current = playerValues.get(track.target) ?? 0;
    let tier = current;
    if (qualified < current)
      tier = track.downgradeOneTierPerReview ? Math.max(qualified, oneTierDown(track, current)) : qualified;
    if (tier !== current)
      changes.push({
        customerId: row.customer_id,
        name: track.target,
        from: current,
        to: tier,
        hadValue: true,
      });
    nextReviews.push({
      customerId: row.customer_id,
      reviewAt: tier > 0 ? followingReview(track, reviewAt, now, timeZone).toISOString() : null,
    });
  }
  await writeTargetsDirectly(tx, track.clientId, changes, catalogue, timeZone, now);
  await tx.execute(sql`
    UPDATE reward_track_players p SET review_at = u.r, updated_at = now()
    FROM unnest(${arrayParam(nextReviews.map((n) => n.customerId))}::text[],
                ${arrayParam(nextReviews.map((n) => n.reviewAt))}::timestamptz[]) AS u(c, r)
    WHERE p.reward_track_id = ${track.id} AND p.customer_id = u.c`);
  // A tier that moved moves what is built on it (generic tracks on 'tier').
  const moved = changes.map((change) => change.customerId);
  if (moved.length > 0) await settlePlayers(tx, track.clientId, moved, [track.target], timeZone, now);
  return true;
};

/** When the first tier review falls due, or null when no player has one. */
export const nextTierReviewAt = async (database: Database) => {
  const [row] = await rowsOf<{ at: Date | string | null }>(
    database.db,
    sql`SELECT min(review_at) AS at FROM reward_track_players WHERE review_at IS NOT NULL`,
  );
  return row?.at ? new Date(row.at) : null;
};

/** Runs the tier reviews that are due, one client transaction at a time; resolves whether any was done. */
export const runTierReviews = async (database: Database, now = new Date()) => {
  const pending = await rowsOf<{ reward_track_id: string; client_id: string; time_zone: string }>(
    database.db,
    sql`SELECT DISTINCT p.reward_track_id, p.client_id, cl.time_zone FROM reward_track_players p
        JOIN clients cl ON cl.id = p.client_id
        WHERE p.review_at IS NOT NULL AND p.review_at <= ${now.toISOString()}::timestamptz`,
  );
  let worked = false;
  for (const item of pending) {
    worked =
      (await database.db.transaction(async (tx) => {
        await lockClientExclusively(tx, item.client_id);
        const track = (await loadTracks(tx, [item.client_id]))
          .get(item.client_id)
          ?.find((candidate) => candidate.id === item.reward_track_id);
        if (!track || !isWindowed(track)) {
          await tx.execute(
            sql`UPDATE reward_track_players SET review_at = NULL WHERE reward_track_id = ${item.reward_track_id}`,
          );
          return false;
        }
        return reviewTrack(tx, track, item.time_zone, now);
      })) || worked;
  }
  return worked;
};

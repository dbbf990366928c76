import type { TMilestone, TRewardTrack, TRewardTrackType } from '@laurel/contract';
import { and, asc, count, desc, eq, like, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { containsPattern } from '../../db/filters';
import { jsonColumn } from '../../db/raw-sql';
import { rewardTracks } from '../../db/schema';

export type RewardTrackRow = typeof rewardTracks.$inferSelect;

/** The spec's 'xr' object: the milestones as parallel lists. */
const xrOf = (milestones: TMilestone[]) => ({
  source: { mapping: milestones.map((m) => m.source_value) },
  target: { milestoneName: milestones.map((m) => m.name), mapping: milestones.map((m) => m.target_value) },
});

export const toRewardTrack = (row: RewardTrackRow): TRewardTrack => {
  const milestones = jsonColumn<TMilestone[]>(row.milestones);
  return {
    _id: row.id,
    name: row.name,
    reward_track_type: row.type as TRewardTrackType,
    source: row.source,
    target: row.target,
    start_date: row.startDate,
    end_date: row.endDate,
    reset_points_annually: row.resetPointsAnnually,
    persist_tier_levels_annually: row.persistTierLevelsAnnually,
    milestone_count: Math.max(1, milestones.length),
    milestones,
    xr: xrOf(milestones),
    qualification_window: row.qualificationWindow as TRewardTrack['qualification_window'],
    qualification_months: row.qualificationMonths,
    downgrade_one_tier_per_review: row.downgradeOneTierPerReview,
    rebuilding: row.rebuildRequestedAt !== null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
};

export type TrackListFilter = { search?: string; type?: TRewardTrackType };

const whereOf = (clientId: string, filter: TrackListFilter) => {
  const parts: SQL[] = [eq(rewardTracks.clientId, clientId)];
  if (filter.search)
    parts.push(like(sql`lower(${rewardTracks.name})`, containsPattern(filter.search.toLowerCase())));
  if (filter.type) parts.push(eq(rewardTracks.type, filter.type));
  return and(...parts);
};

/** A client's tracks, newest first; a page of them when `paging` is given, else all. */
export const listTracks = async (
  db: DbOrTx,
  clientId: string,
  filter: TrackListFilter,
  paging?: { page: number; size: number },
) => {
  const where = whereOf(clientId, filter);
  const query = db
    .select()
    .from(rewardTracks)
    .where(where)
    .orderBy(desc(rewardTracks.createdAt), desc(rewardTracks.id));
  const rows = paging ? await query.limit(paging.size).offset((paging.page - 1) * paging.size) : await query;
  const [total] = await db.select({ count: count() }).from(rewardTracks).where(where);
  return { rows, count: Number(total?.count ?? 0) };
};

export const findTrack = async (db: DbOrTx, clientId: string, id: string, lock = false) => {
  const query = db
    .select()
    .from(rewardTracks)
    .where(and(eq(rewardTracks.clientId, clientId), eq(rewardTracks.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
};

/** The client's progression of a type (at most one each). */
export const findProgression = async (db: DbOrTx, clientId: string, type: TRewardTrackType) => {
  const [row] = await db
    .select()
    .from(rewardTracks)
    .where(and(eq(rewardTracks.clientId, clientId), eq(rewardTracks.type, type)))
    .orderBy(asc(rewardTracks.createdAt))
    .limit(1);
  return row;
};

import type { TMilestone, TQualificationWindow, TRewardTrackType } from '@laurel/contract';
import { asc, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { jsonColumn } from '../../db/raw-sql';
import { rewardTracks } from '../../db/schema';
import { localDate } from '../../local-time';

export type TrackDefinition = {
  id: string;
  clientId: string;
  name: string;
  type: TRewardTrackType;
  source: string;
  target: string;
  startDate: string | null;
  endDate: string | null;
  resetPointsAnnually: boolean;
  persistTierLevelsAnnually: boolean;
  milestones: TMilestone[];
  qualificationWindow: TQualificationWindow;
  qualificationMonths: number;
  downgradeOneTierPerReview: boolean;
  /** The last local year whose year-end ran: a track whose points reset counts its cycles by it. */
  yearClosed: number;
};

type TrackRow = typeof rewardTracks.$inferSelect;

/** Level first (XP -> level), then tier (level -> tier), then generic tracks oldest first. */
const ORDER: Record<TRewardTrackType, number> = { LEVEL_PROGRESSION: 0, TIER_PROGRESSION: 1, GENERIC: 2 };

export const toTrackDefinition = (row: TrackRow): TrackDefinition => ({
  id: row.id,
  clientId: row.clientId,
  name: row.name,
  type: row.type as TRewardTrackType,
  source: row.source,
  target: row.target,
  startDate: row.startDate,
  endDate: row.endDate,
  resetPointsAnnually: row.resetPointsAnnually,
  persistTierLevelsAnnually: row.persistTierLevelsAnnually,
  milestones: jsonColumn<TMilestone[]>(row.milestones),
  qualificationWindow: row.qualificationWindow as TQualificationWindow,
  qualificationMonths: row.qualificationMonths,
  downgradeOneTierPerReview: row.downgradeOneTierPerReview,
  yearClosed: row.yearClosed,
});

export const sortTracks = (tracks: TrackDefinition[]) => tracks.sort((a, b) => ORDER[a.type] - ORDER[b.type]);

/** Each client's tracks, in evaluation order. */
export const loadTracks = async (db: DbOrTx, clientIds: readonly string[]) => {
  const byClient = new Map<string, TrackDefinition[]>();
  if (clientIds.length === 0) return byClient;
  const rows = await db
    .select()
    .from(rewardTracks)
    .where(inArray(rewardTracks.clientId, [...clientIds]))
    .orderBy(asc(rewardTracks.createdAt), asc(rewardTracks.id));
  for (const row of rows) {
    const list = byClient.get(row.clientId) ?? [];
    list.push(toTrackDefinition(row));
    byClient.set(row.clientId, list);
  }
  for (const list of byClient.values()) sortTracks(list);
  return byClient;
};

/** A track advances players only between its start and end dates (local days, both included; null: open). */
export const isTrackActive = (track: TrackDefinition, at: Date, timeZone: string) => {
  if (!track.startDate && !track.endDate) return true;
  const day = localDate(at, timeZone);
  return (!track.startDate || day >= track.startDate) && (!track.endDate || day <= track.endDate);
};

/** Tier tracks with a qualification window only move down at reviews. */
export const isWindowed = (track: TrackDefinition) =>
  track.type === 'TIER_PROGRESSION' && track.qualificationWindow !== 'NONE';

/** The window's length in months: N for a rolling window, 12 for a calendar year. */
export const windowMonths = (track: TrackDefinition) =>
  track.qualificationWindow === 'CALENDAR_YEAR' ? 12 : track.qualificationMonths;

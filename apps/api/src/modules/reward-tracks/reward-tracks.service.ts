import {
  isSystemStatistic,
  REWARD_TRACK_API_MESSAGES,
  REWARD_TRACK_TYPE_LABELS,
  type TProgressionConfig,
  type TRewardTrackType,
  type TSaveRewardTrack,
} from '@laurel/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { type Clock, systemClock } from '../../clock';
import type { Db, DbOrTx } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { newId } from '../../db/ids';
import { rewardTracks, statistics } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import { localYear } from '../../local-time';
import { type Actor, diffFields, recordAudit } from '../audit/audit';
import { clientTimeZone } from '../statistics/statistics.queries';
import {
  findProgression,
  findTrack,
  listTracks,
  type RewardTrackRow,
  type TrackListFilter,
  toRewardTrack,
} from './reward-tracks.queries';

const onlyOne = (type: TRewardTrackType) =>
  conflict(REWARD_TRACK_API_MESSAGES.onePerClient(REWARD_TRACK_TYPE_LABELS[type].toLowerCase()));

/** A generic track maps the client's statistics: both must exist, and the engine's own cannot be a target. */
const checkStatistics = async (db: DbOrTx, clientId: string, input: TSaveRewardTrack) => {
  if (input.reward_track_type !== 'GENERIC') return;
  const names = [input.source, input.target];
  const rows = await db
    .select({ name: statistics.name })
    .from(statistics)
    .where(and(eq(statistics.clientId, clientId), inArray(statistics.name, names)));
  const known = new Set(rows.map((row) => row.name));
  const errors = (['source', 'target'] as const).flatMap((field) =>
    known.has(input[field])
      ? []
      : [{ field, message: REWARD_TRACK_API_MESSAGES.unknownStatistic(input[field]) }],
  );
  if (errors.length === 0 && isSystemStatistic(input.target))
    errors.push({ field: 'target', message: REWARD_TRACK_API_MESSAGES.systemTarget(input.target) });
  if (errors.length > 0) throw badRequest(errors);
};

/** Qualification fields left out are undefined: the column default on insert, unchanged on update. */
const columnsOf = (input: TSaveRewardTrack) => ({
  name: input.name,
  type: input.reward_track_type,
  source: input.source,
  target: input.target,
  startDate: input.start_date,
  endDate: input.end_date,
  resetPointsAnnually: input.reset_points_annually,
  persistTierLevelsAnnually: input.persist_tier_levels_annually,
  milestones: input.milestones,
  qualificationWindow: input.qualification_window,
  qualificationMonths: input.qualification_months,
  downgradeOneTierPerReview: input.downgrade_one_tier_per_review,
});

/** What players' values depend on: a change asks the engine to re-evaluate them. */
const evaluationChanged = (before: RewardTrackRow, after: ReturnType<typeof columnsOf>) =>
  JSON.stringify(before.milestones) !== JSON.stringify(after.milestones) ||
  before.source !== after.source ||
  before.target !== after.target ||
  before.startDate !== after.startDate ||
  before.endDate !== after.endDate ||
  (after.qualificationWindow !== undefined && before.qualificationWindow !== after.qualificationWindow);

const AUDITED = [
  'name',
  'source',
  'target',
  'startDate',
  'endDate',
  'resetPointsAnnually',
  'persistTierLevelsAnnually',
  'qualificationWindow',
  'qualificationMonths',
  'downgradeOneTierPerReview',
] as const;

const progressionConfig = (row: RewardTrackRow | undefined): TProgressionConfig | null => {
  if (!row) return null;
  const track = toRewardTrack(row);
  return {
    _id: track._id,
    name: track.name,
    source: { name: track.source, mapping: track.xr.source.mapping },
    target: { name: track.target, ...track.xr.target },
  };
};

/** Reward tracks (spec 3 §2-§5, DESIGN §5 step 3); `clock` dates a new track's first year (CLOCK_START). */
export const createRewardTracksService = (db: Db, clock: Clock = systemClock) => {
  const load = async (tx: DbOrTx, clientId: string, id: string, lock = false) => {
    const row = await findTrack(tx, clientId, id, lock);
    if (!row) throw notFound(REWARD_TRACK_API_MESSAGES.notFound);
    return row;
  };

  return {
    list: async (clientId: string, filter: TrackListFilter, paging?: { page: number; size: number }) => {
      const { rows, count } = await listTracks(db, clientId, filter, paging);
      return { items: rows.map(toRewardTrack), count };
    },

    get: async (clientId: string, id: string) => toRewardTrack(await load(db, clientId, id)),

    progressions: async (clientId: string) => {
      const [tier, level] = await Promise.all([
        findProgression(db, clientId, 'TIER_PROGRESSION'),
        findProgression(db, clientId, 'LEVEL_PROGRESSION'),
      ]);
      return { tierProgression: progressionConfig(tier), levelProgression: progressionConfig(level) };
    },

    create: async (actor: Actor, input: TSaveRewardTrack) => {
      await checkStatistics(db, actor.clientId, input);
      const type = input.reward_track_type;
      if (type !== 'GENERIC' && (await findProgression(db, actor.clientId, type))) throw onlyOne(type);
      const timeZone = await clientTimeZone(db, actor.clientId);
      try {
        const row = await db.transaction(async (tx) => {
          const [created] = await tx
            .insert(rewardTracks)
            .values({
              id: newId(),
              clientId: actor.clientId,
              ...columnsOf(input),
              // Its first year-end is the end of the current local year.
              yearClosed: localYear(clock(), timeZone),
              // Players who already have the source are placed on the new track in the background.
              rebuildRequestedAt: new Date(),
            })
            .returning();
          if (!created) throw new Error('insert returned nothing');
          await recordAudit(tx, actor, {
            action: 'reward_track.created',
            entity: 'reward_track',
            entityId: created.id,
            summary: `Created ${REWARD_TRACK_TYPE_LABELS[type].toLowerCase()} '${created.name}'`,
          });
          return created;
        });
        return toRewardTrack(row);
      } catch (error) {
        // Two creates at once: the partial unique index lets one through.
        if (isUniqueViolation(error)) throw onlyOne(type);
        throw error;
      }
    },

    update: async (actor: Actor, id: string, input: TSaveRewardTrack) => {
      await checkStatistics(db, actor.clientId, input);
      const row = await db.transaction(async (tx) => {
        const before = await load(tx, actor.clientId, id, true);
        if (before.type !== input.reward_track_type)
          throw badRequest([{ field: 'reward_track_type', message: REWARD_TRACK_API_MESSAGES.typeChanged }]);
        const columns = columnsOf(input);
        const [updated] = await tx
          .update(rewardTracks)
          .set({
            ...columns,
            updatedAt: new Date(),
            ...(evaluationChanged(before, columns) ? { rebuildRequestedAt: new Date() } : {}),
          })
          .where(and(eq(rewardTracks.clientId, actor.clientId), eq(rewardTracks.id, id)))
          .returning();
        if (!updated) throw notFound(REWARD_TRACK_API_MESSAGES.notFound);
        await recordAudit(tx, actor, {
          action: 'reward_track.updated',
          entity: 'reward_track',
          entityId: id,
          summary: `Updated reward track '${updated.name}'`,
          changes: diffFields(before, updated, [...AUDITED]),
        });
        return updated;
      });
      return toRewardTrack(row);
    },

    remove: async (actor: Actor, id: string) => {
      const row = await db.transaction(async (tx) => {
        const before = await load(tx, actor.clientId, id, true);
        await tx
          .delete(rewardTracks)
          .where(and(eq(rewardTracks.clientId, actor.clientId), eq(rewardTracks.id, id)));
        await recordAudit(tx, actor, {
          action: 'reward_track.deleted',
          entity: 'reward_track',
          entityId: id,
          summary: `Deleted reward track '${before.name}'`,
        });
        return before;
      });
      return toRewardTrack(row);
    },
  };
};

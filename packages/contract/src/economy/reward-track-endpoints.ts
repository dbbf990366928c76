import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint';
import { envelopeOf } from '../http/envelope';
import { ZPageNumber, ZPageSize } from '../http/fields';
import { REWARD_TRACK_API_MESSAGES, REWARD_TRACK_MESSAGES } from '../messages/reward-tracks';
import { DATE_MESSAGES, dayOrDateTimeProblem } from '../shared/dates';
import { ZId } from '../shared/ids';
import { readNumber } from '../shared/numbers';
import {
  MILESTONE_LIMITS,
  PROGRESSION_SOURCE_TARGET,
  QUALIFICATION_MONTHS,
  ZQualificationWindow,
  ZRewardTrackType,
} from './reward-tracks';

export const REWARD_TRACK_NAME_MAX_LENGTH = 120;
export const MILESTONE_NAME_MAX_LENGTH = 120;
/** Milestone thresholds and targets are whole numbers; the top keeps them inside a PostgreSQL bigint. */
export const MILESTONE_VALUE_MAX = 1_000_000_000_000;

export const ZMilestone = z.object({
  /** 0-based position in the track. */
  index: z.number().int(),
  name: z.string(),
  colour: z.string(),
  /** The threshold of the source statistic (DESIGN §5). */
  source_value: z.number().int(),
  /** What the target statistic becomes: level n, tier n (the n-th of Bronze..Diamond), or a statistic value. */
  target_value: z.number().int(),
  image_url: z.string(),
});
export type TMilestone = z.infer<typeof ZMilestone>;

/** The spec's 'xr' object: the milestones as parallel lists, for the console and integrators that read them. */
export const ZRewardTrackXr = z.object({
  source: z.object({ mapping: z.array(z.number().int()) }),
  target: z.object({ milestoneName: z.array(z.string()), mapping: z.array(z.number().int()) }),
});
export type TRewardTrackXr = z.infer<typeof ZRewardTrackXr>;

export const ZRewardTrack = z.object({
  _id: z.string(),
  name: z.string(),
  reward_track_type: ZRewardTrackType,
  /** Statistic names: 'xp' -> 'level' (level), 'level' -> 'tier' (tier), any -> any (generic). */
  source: z.string(),
  target: z.string(),
  /** YYYY-MM-DD, the first and last day the track advances players (client time zone); null: unbounded. */
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  reset_points_annually: z.boolean(),
  persist_tier_levels_annually: z.boolean(),
  /** The number of milestones, or 1 when there are none (spec 3 §3). */
  milestone_count: z.number().int(),
  milestones: z.array(ZMilestone),
  xr: ZRewardTrackXr,
  /** Tier tracks only (beyond the spec; docs/architecture.md): how a tier is qualified for and kept. */
  qualification_window: ZQualificationWindow,
  qualification_months: z.number().int(),
  downgrade_one_tier_per_review: z.boolean(),
  /** True while players are being re-evaluated after a milestone change. */
  rebuilding: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TRewardTrack = z.infer<typeof ZRewardTrack>;

/** A save answers the track and, as the generic page expects (spec 3 §2), its id as `itemId` too. */
export const ZSavedRewardTrack = ZRewardTrack.extend({ itemId: z.string() });
export type TSavedRewardTrack = z.infer<typeof ZSavedRewardTrack>;

/** A whole number as the console's number inputs send it (a number, a numeric string, or empty). */
const looseNumber = z
  .union([z.number(), z.string(), z.null()], { error: REWARD_TRACK_API_MESSAGES.wholeNumber })
  .optional();
/** Empty is 0 (the 'greater than 0' rules report it); text that is not a finite number is NaN. */
const toNumber = (value: number | string | null | undefined) =>
  value === null || value === undefined || value === '' ? 0 : (readNumber(value) ?? Number.NaN);

/** A day: 'YYYY-MM-DD', or an ISO date-time whose calendar date (as written) is taken. */
const ZTrackDate = z
  .union([z.string(), z.null()])
  .optional()
  .transform((value, ctx) => {
    if (value === null || value === undefined || value.trim() === '') return null;
    const problem = dayOrDateTimeProblem(value.trim(), {
      ...DATE_MESSAGES,
      format: REWARD_TRACK_API_MESSAGES.invalidDate,
    });
    if (problem) {
      ctx.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    }
    return value.trim().slice(0, 10);
  });

const ZMilestoneInput = z.object({
  index: z.number().int().optional(),
  name: z.string().trim().max(MILESTONE_NAME_MAX_LENGTH).nullable().optional(),
  colour: z.string().trim().max(40).nullable().optional(),
  source_value: looseNumber,
  target_value: looseNumber,
  image_url: z.string().trim().max(2000).nullable().optional(),
  /** Console-only fields the spec's body may still carry; ignored. */
  file: z.unknown().optional(),
  isFileEdited: z.unknown().optional(),
});

/**
 * The body of a reward track save (spec 3 §3), checked as the pages' Validation Error dialog checks it
 * (spec 3 §5); every message names its field (`milestones.1.colour`). Progression tracks get their fixed source
 * and target; a tier milestone's Tier is its position (1 to 5).
 */
export const ZSaveRewardTrackRequest = z
  .object({
    _id: ZId.optional(),
    name: z.string().trim().max(REWARD_TRACK_NAME_MAX_LENGTH).nullable().optional(),
    reward_track_type: ZRewardTrackType.default('GENERIC'),
    source: z.string().trim().max(64).nullable().optional(),
    target: z.string().trim().max(64).nullable().optional(),
    start_date: ZTrackDate,
    end_date: ZTrackDate,
    reset_points_annually: z.boolean().default(false),
    persist_tier_levels_annually: z.boolean().default(false),
    milestone_count: z.number().int().optional(),
    milestones: z
      .array(ZMilestoneInput)
      .max(MILESTONE_LIMITS.max, REWARD_TRACK_API_MESSAGES.tooManyMilestones)
      .default([]),
    /** Derived from the milestones; accepted and ignored so a loaded track can be sent back as it is. */
    xr: z.unknown().optional(),
    /** Left out on an update, the track keeps what it has (a console that does not show them changes nothing). */
    qualification_window: ZQualificationWindow.optional(),
    qualification_months: z
      .number()
      .int(REWARD_TRACK_API_MESSAGES.qualificationMonths)
      .min(QUALIFICATION_MONTHS.min, REWARD_TRACK_API_MESSAGES.qualificationMonths)
      .max(QUALIFICATION_MONTHS.max, REWARD_TRACK_API_MESSAGES.qualificationMonths)
      .optional(),
    downgrade_one_tier_per_review: z.boolean().optional(),
  })
  .superRefine((track, ctx) => {
    const issue = (path: (string | number)[], message: string) =>
      ctx.addIssue({ code: 'custom', path, message });
    const type = track.reward_track_type;
    if (!track.name) issue(['name'], REWARD_TRACK_MESSAGES.nameRequired);
    if (type === 'GENERIC') {
      if (!track.source) issue(['source'], REWARD_TRACK_MESSAGES.sourceRequired);
      if (!track.target) issue(['target'], REWARD_TRACK_MESSAGES.targetRequired);
      if (track.source && track.target && track.source === track.target)
        issue(['target'], REWARD_TRACK_API_MESSAGES.sameSourceAndTarget);
    }
    if (track.start_date && track.end_date && track.end_date < track.start_date)
      issue(['end_date'], REWARD_TRACK_API_MESSAGES.endBeforeStart);
    track.milestones.forEach((milestone, position) => {
      const at = (field: string) => ['milestones', position, field];
      if (!milestone.name) issue(at('name'), REWARD_TRACK_MESSAGES.nameRequired);
      const source = toNumber(milestone.source_value);
      const target = toNumber(milestone.target_value);
      // `<= 0` is false for NaN: text that is no number gets the whole-number message below, not these.
      if (type === 'GENERIC') {
        if (source <= 0) issue(at('source_value'), REWARD_TRACK_MESSAGES.sourceValueNotPositive);
        if (target <= 0) issue(at('target_value'), REWARD_TRACK_MESSAGES.targetValueNotPositive);
      } else {
        if (source <= 0) issue(at('source_value'), REWARD_TRACK_MESSAGES.valueRequired);
        if (type === 'LEVEL_PROGRESSION' && target <= 0)
          issue(at('target_value'), REWARD_TRACK_MESSAGES.levelRequired);
        if (type === 'TIER_PROGRESSION' && target <= 0)
          issue(at('target_value'), REWARD_TRACK_MESSAGES.tierRequired);
      }
      for (const [field, value] of [
        ['source_value', source],
        ['target_value', target],
      ] as const) {
        // NaN: text that is no finite number ('Infinity', '1e400', 'abc'), which the rules above do not name.
        if (Number.isNaN(value) || (value > 0 && (!Number.isInteger(value) || value > MILESTONE_VALUE_MAX)))
          issue(at(field), REWARD_TRACK_API_MESSAGES.wholeNumber);
      }
      if (!milestone.image_url) issue(at('image_url'), REWARD_TRACK_MESSAGES.imageRequired);
      if (!milestone.colour) issue(at('colour'), REWARD_TRACK_MESSAGES.colorRequired);
    });
  })
  .transform((track) => {
    const fixed =
      track.reward_track_type === 'GENERIC' ? null : PROGRESSION_SOURCE_TARGET[track.reward_track_type];
    const isTier = track.reward_track_type === 'TIER_PROGRESSION';
    return {
      _id: track._id,
      name: track.name ?? '',
      reward_track_type: track.reward_track_type,
      source: fixed?.source ?? track.source ?? '',
      target: fixed?.target ?? track.target ?? '',
      start_date: track.start_date,
      end_date: track.end_date,
      reset_points_annually: track.reset_points_annually,
      persist_tier_levels_annually: track.persist_tier_levels_annually,
      milestones: track.milestones.map(
        (milestone, position): TMilestone => ({
          index: position,
          name: milestone.name ?? '',
          colour: milestone.colour ?? '',
          source_value: toNumber(milestone.source_value),
          // Tier n is fixed by position (spec 3 §2): the n-th of Bronze..Diamond.
          target_value: isTier ? position + 1 : toNumber(milestone.target_value),
          image_url: milestone.image_url ?? '',
        }),
      ),
      qualification_window: isTier ? track.qualification_window : ('NONE' as const),
      // Undefined: the default on create (12 months, one tier per review), unchanged on update.
      qualification_months: track.qualification_months,
      downgrade_one_tier_per_review: track.downgrade_one_tier_per_review,
    };
  });
export type TSaveRewardTrackRequest = z.input<typeof ZSaveRewardTrackRequest>;
export type TSaveRewardTrack = z.output<typeof ZSaveRewardTrackRequest>;

/** `page`/`size` page the list; with neither, every track of the client comes back (spec 3 §7). */
export const ZRewardTrackListQuery = z.object({
  page: ZPageNumber.optional(),
  size: ZPageSize.optional(),
  search_string: z.string().trim().max(200, 'search_string must not be more than 200').optional(),
  reward_track_type: ZRewardTrackType.optional(),
});
export type TRewardTrackListQuery = z.input<typeof ZRewardTrackListQuery>;

/** One progression's fixed mapping (spec 3 §3 'Progression config'). */
export const ZProgressionConfig = z.object({
  _id: z.string(),
  name: z.string(),
  source: z.object({ name: z.string(), mapping: z.array(z.number().int()) }),
  target: z.object({
    name: z.string(),
    mapping: z.array(z.number().int()),
    milestoneName: z.array(z.string()),
  }),
});
export type TProgressionConfig = z.infer<typeof ZProgressionConfig>;

export const ZProgressionConfigs = z.object({
  tierProgression: ZProgressionConfig.nullable(),
  levelProgression: ZProgressionConfig.nullable(),
});
export type TProgressionConfigs = z.infer<typeof ZProgressionConfigs>;

const idParams = z.object({ id: ZId });

export const listRewardTracks = defineEndpoint({
  method: 'GET',
  path: '/reward-tracks',
  permission: 'REWARD_TRACKS:read',
  token: 'client',
  summary: 'Reward tracks of the client, newest first; without page and size, all of them',
  tags: ['reward-tracks'],
  query: ZRewardTrackListQuery,
  response: envelopeOf(z.array(ZRewardTrack)),
});

export const getProgressionConfigs = defineEndpoint({
  method: 'GET',
  path: '/reward-tracks/progression',
  permission: 'REWARD_TRACKS:read',
  token: 'client',
  summary: "The client's tier and level progressions (null when none exists), for the sidebar and profile",
  tags: ['reward-tracks'],
  response: envelopeOf(ZProgressionConfigs),
});

export const getRewardTrack = defineEndpoint({
  method: 'GET',
  path: '/reward-tracks/:id',
  permission: 'REWARD_TRACKS:read',
  token: 'client',
  summary: 'One reward track with its milestones',
  tags: ['reward-tracks'],
  params: idParams,
  response: envelopeOf(ZRewardTrack),
});

export const createRewardTrack = defineEndpoint({
  method: 'POST',
  path: '/reward-tracks',
  permission: 'REWARD_TRACKS:create',
  token: 'client',
  summary:
    'Create a reward track (a body with the _id of an existing track updates it); one tier and one level progression per client (409)',
  tags: ['reward-tracks'],
  body: ZSaveRewardTrackRequest,
  response: envelopeOf(ZSavedRewardTrack),
});

export const updateRewardTrack = defineEndpoint({
  method: 'PUT',
  path: '/reward-tracks/:id',
  permission: 'REWARD_TRACKS:update',
  token: 'client',
  summary: 'Update a reward track; changed milestones re-evaluate players in the background',
  tags: ['reward-tracks'],
  params: idParams,
  body: ZSaveRewardTrackRequest,
  response: envelopeOf(ZSavedRewardTrack),
});

export const deleteRewardTrack = defineEndpoint({
  method: 'DELETE',
  path: '/reward-tracks/:id',
  permission: 'REWARD_TRACKS:delete',
  token: 'client',
  summary: 'Delete a reward track; players keep their values, its transactions stay in the ledger',
  tags: ['reward-tracks'],
  params: idParams,
  response: envelopeOf(ZRewardTrack),
});

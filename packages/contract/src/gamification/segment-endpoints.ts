import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint';
import { envelopeOf } from '../http/envelope';
import { ZPageNumber, ZPageQuery, ZPageSize } from '../http/fields';
import { SEGMENT_MESSAGES } from '../messages/segments';
import { ZId } from '../shared/ids';
import { readNumber } from '../shared/numbers';
import {
  SEGMENT_ACTION_MAX_QUANTITY,
  ZComparisonOperator,
  ZSegmentActionTrigger,
  ZSegmentActionType,
  ZSegmentFilterType,
} from './segments';

export const SEGMENT_NAME_MAX_LENGTH = 120;
export const SEGMENT_MAX_FILTERS = 20;
export const SEGMENT_MAX_ACTIONS = 20;
/** The segments every client has, kept by the engine (DESIGN §4). */
export const SYSTEM_SEGMENTS = [
  'AllPlayers',
  'tierBronze',
  'tierSilver',
  'tierGold',
  'tierPlatinum',
  'tierDiamond',
] as const;

export const SEGMENT_API_MESSAGES = {
  systemSegment: 'System segments are kept by the engine and cannot be changed or deleted.',
  nameTaken: 'A segment with this name already exists.',
  unknownStatistic: (name: string) => `No statistic named '${name}' exists.`,
  unknownBadge: 'The badge of this action does not exist.',
  unknownMission: 'The challenge of this action does not exist.',
  nameImmutable: 'Name cannot be changed after creation.',
  created: 'Segment created successfully.',
  updated: 'Segment updated successfully.',
  deleted: 'Segment deleted successfully.',
} as const;

export const ZSegmentFilter = z.object({
  id: z.string().max(64),
  type: ZSegmentFilterType,
  statistic_name: z.string().nullable().optional(),
  comparison: ZComparisonOperator.nullable().optional(),
  filter_value: z.number().nullable().optional(),
});
export type TSegmentFilter = z.infer<typeof ZSegmentFilter>;

export const ZSegmentAction = z.object({
  id: z.string().max(64),
  type: ZSegmentActionType,
  trigger: ZSegmentActionTrigger,
  item_id: z.string().nullable().optional(),
  quantity: z.number().int().nullable().optional(),
  mission_id: z.string().nullable().optional(),
});
export type TSegmentAction = z.infer<typeof ZSegmentAction>;

export const ZSegment = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  filters: z.array(ZSegmentFilter),
  actions: z.array(ZSegmentAction),
  /** The spec's provider segment id: Laurel is the provider, so it is the segment's own id. */
  playfab_segment_id: z.string(),
  player_count: z.number().int(),
  system: z.boolean(),
  /** True while the members are being recomputed after a rule change. */
  rebuilding: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TSegment = z.infer<typeof ZSegment>;

const ZFilterInput = z
  .object({
    id: z.string().trim().max(64).optional(),
    type: ZSegmentFilterType.default('statistic'),
    statistic_name: z.string().trim().max(64).nullable().optional(),
    comparison: z.union([ZComparisonOperator, z.literal(''), z.null()]).optional(),
    filter_value: z.union([z.number(), z.string(), z.null()]).optional(),
  })
  .superRefine((filter, ctx) => {
    if (filter.type !== 'statistic') return;
    if (!filter.statistic_name)
      ctx.addIssue({ code: 'custom', path: ['statistic_name'], message: SEGMENT_MESSAGES.statisticRequired });
    if (!filter.comparison)
      ctx.addIssue({ code: 'custom', path: ['comparison'], message: SEGMENT_MESSAGES.comparisonRequired });
    const value = filter.filter_value;
    if (value === null || value === undefined || value === '') {
      ctx.addIssue({ code: 'custom', path: ['filter_value'], message: SEGMENT_MESSAGES.filterValueRequired });
    } else if (readNumber(value) === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['filter_value'],
        message: SEGMENT_MESSAGES.filterValueNotNumber,
      });
    }
  })
  .transform((filter) => ({
    ...filter,
    filter_value: readNumber(filter.filter_value) ?? null,
  }));

const ZActionInput = z
  .object({
    id: z.string().trim().max(64).optional(),
    type: ZSegmentActionType,
    trigger: z.union([ZSegmentActionTrigger, z.literal(''), z.null()]).optional(),
    item_id: z.string().trim().max(64).nullable().optional(),
    quantity: z.number().nullable().optional(),
    mission_id: z.string().trim().max(64).nullable().optional(),
  })
  .superRefine((action, ctx) => {
    if (!action.trigger)
      ctx.addIssue({ code: 'custom', path: ['trigger'], message: SEGMENT_MESSAGES.triggerRequired });
    if (action.type === 'grant_item') {
      if (!action.item_id)
        ctx.addIssue({ code: 'custom', path: ['item_id'], message: SEGMENT_MESSAGES.itemRequired });
      if (action.quantity !== null && action.quantity !== undefined && !(action.quantity > 0)) {
        ctx.addIssue({ code: 'custom', path: ['quantity'], message: SEGMENT_MESSAGES.quantityNotPositive });
      } else if ((action.quantity ?? 0) > SEGMENT_ACTION_MAX_QUANTITY) {
        ctx.addIssue({ code: 'custom', path: ['quantity'], message: SEGMENT_MESSAGES.quantityTooLarge });
      }
    }
    if (action.type === 'grant_mission' && !action.mission_id) {
      ctx.addIssue({ code: 'custom', path: ['mission_id'], message: SEGMENT_MESSAGES.missionRequired });
    }
  });

/** The segment editor's body (spec 2 §5): rules are OR-ed; on update the name must be the one it has. */
export const ZSaveSegmentRequest = z.object({
  name: z
    .string({ error: SEGMENT_MESSAGES.nameRequired })
    .trim()
    .min(1, SEGMENT_MESSAGES.nameRequired)
    .max(SEGMENT_NAME_MAX_LENGTH, `Name must not be more than ${SEGMENT_NAME_MAX_LENGTH} characters`),
  description: z.string().trim().max(1000).nullable().optional(),
  filters: z.array(ZFilterInput).max(SEGMENT_MAX_FILTERS).default([]),
  actions: z.array(ZActionInput).max(SEGMENT_MAX_ACTIONS).default([]),
});
export type TSaveSegmentRequest = z.input<typeof ZSaveSegmentRequest>;

export const ZSegmentListQuery = ZPageQuery.extend({
  /** `GET segments?ids={id}` answers those segments (spec 2 §7). */
  ids: z.union([z.array(ZId), z.string().transform((value) => value.split(',').filter(Boolean))]).optional(),
});

const idParams = z.object({ id: ZId });

export const listSegments = defineEndpoint({
  method: 'GET',
  path: '/segments',
  permission: 'SEGMENTS:read',
  // A reward targets segments: whoever may read rewards may read what they pick from.
  openTo: ['REWARDS'],
  token: 'client',
  summary: 'Segments of the client with their real player counts (or the ones named by ids)',
  tags: ['segments'],
  query: ZSegmentListQuery,
  response: envelopeOf(z.array(ZSegment)),
});

export const createSegment = defineEndpoint({
  method: 'POST',
  path: '/segments',
  permission: 'SEGMENTS:create',
  token: 'client',
  summary: 'Create a segment; its members are computed in the background',
  tags: ['segments'],
  body: ZSaveSegmentRequest,
  response: envelopeOf(ZSegment),
});

export const updateSegment = defineEndpoint({
  method: 'PUT',
  path: '/segments/:id',
  permission: 'SEGMENTS:update',
  token: 'client',
  summary: 'Change a segment’s description, rules and actions; a rule change recomputes its members',
  tags: ['segments'],
  params: idParams,
  body: ZSaveSegmentRequest,
  response: envelopeOf(ZSegment),
});

export const deleteSegment = defineEndpoint({
  method: 'DELETE',
  path: '/segments/:id',
  permission: 'SEGMENTS:delete',
  token: 'client',
  summary: 'Delete a segment and remove all its players',
  tags: ['segments'],
  params: idParams,
  response: envelopeOf(ZSegment),
});

export const ZSegmentPlayer = z.object({
  customer_id: z.string(),
  display_name: z.string().nullable(),
  /** The values of the statistics the segment's rules use. */
  statistics: z.record(z.string(), z.number()),
  last_login: z.string().nullable(),
  entered_at: z.string(),
});
export type TSegmentPlayer = z.infer<typeof ZSegmentPlayer>;

export const listSegmentPlayers = defineEndpoint({
  method: 'GET',
  path: '/segments/:id/players',
  permission: 'SEGMENTS:read',
  token: 'client',
  summary: 'The players of a segment, newest members first',
  tags: ['segments'],
  params: idParams,
  query: z.object({
    page: ZPageNumber.default(1),
    size: ZPageSize.default(15),
  }),
  response: envelopeOf(z.array(ZSegmentPlayer)),
});

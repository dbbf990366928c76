import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint';
import { envelopeOf } from '../http/envelope';
import { ZPageQuery } from '../http/fields';
import { whenMissing } from '../http/issue-messages';
import { CHALLENGE_MESSAGES } from '../messages/challenges';
import { checkDayOrDateTime } from '../shared/dates';
import { ZId } from '../shared/ids';
import { LIMITS } from '../shared/limits';
import { SORT_DIRECTIONS } from '../shared/paging';
import {
  objectivesFromFlow,
  ZChallengeObjective,
  ZChallengeReward,
  ZFlowGraph,
  ZStoredObjective,
} from './challenge-flow';
import {
  CHALLENGE_DEFAULTS,
  ZChallengeProgressStatus,
  ZChallengeSortKey,
  ZChallengeStatus,
} from './challenges';
import { invalidFlowNodes } from './flow-rules';

const IMAGE_FILE = /\.(png|jpe?g|svg)$/i;

export const ZChallengeImage = z.object({
  url: z.string().nullable(),
  etag: z.string().nullable(),
  file_name: z.string().nullable(),
});

/** A challenge as the API returns it (spec 2 §3) with its flow graph and the segments it is granted to. */
export const ZChallenge = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  image: ZChallengeImage,
  /** ISO date-times: the start of the first day and the end of the last, in the client's time zone. */
  schedule: z.object({ start_date: z.string(), end_date: z.string().nullable() }),
  status: ZChallengeStatus,
  visible: z.boolean(),
  objectives: z.array(ZStoredObjective),
  /** Rewards paid when every objective is complete (each objective also pays its own). */
  rewards: z.array(ZStoredObjective.shape.rewards.element),
  flow: ZFlowGraph,
  /** Players the challenge is granted to (through its segments) and players who completed it. */
  granted_quantity: z.number().int(),
  completed_quantity: z.number().int(),
  segments: z.array(z.object({ _id: z.string(), name: z.string() })),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TChallenge = z.infer<typeof ZChallenge>;

const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();

/**
 * A day, as YYYY-MM-DD or an ISO date-time; compared at day granularity (spec 2 §5). Badly written is the field's
 * own message; an impossible day or one out of range gets the shared one.
 */
const ZScheduleDate = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { message, abort: true })
    .superRefine(checkDayOrDateTime({ format: message }));

/** A saved graph: each node must follow the one above it by the allow and disallow rules (spec 2 §4). */
const ZSavedFlowGraph = ZFlowGraph.superRefine((flow, ctx) => {
  for (const index of invalidFlowNodes(flow))
    ctx.addIssue({ code: 'custom', path: ['nodes', index], message: CHALLENGE_MESSAGES.flowInvalid });
});

/**
 * The challenge editor's body (spec 2 §3, §5). `objectives` is what the engine evaluates; `flow` is the graph the
 * editor re-opens. A body with a flow but no objectives gets the objectives collected from the flow.
 */
export const ZSaveChallengeRequest = z.preprocess(
  (body) => {
    if (!body || typeof body !== 'object') return body;
    const record = body as Record<string, unknown>;
    if (record.objectives !== undefined || !record.flow) return body;
    const flow = ZFlowGraph.safeParse(record.flow);
    // An empty flow says nothing of objectives: an update then keeps those made through the API (no flow).
    return flow.success && flow.data.nodes.length > 0
      ? { ...record, objectives: objectivesFromFlow(flow.data) }
      : body;
  },
  z.object({
    _id: ZId.optional(),
    title: z
      .string({ error: CHALLENGE_MESSAGES.titleRequired })
      .trim()
      .min(1, CHALLENGE_MESSAGES.titleRequired)
      .max(LIMITS.titleMaxLength, CHALLENGE_MESSAGES.titleTooLong),
    description: z
      .string({ error: whenMissing(CHALLENGE_MESSAGES.descriptionRequired) })
      .trim()
      .max(5000)
      .default(''),
    image: z
      .object({ url: optionalText(2000), etag: optionalText(200), file_name: optionalText(255) })
      .partial()
      .nullable()
      .optional()
      .refine((image) => !image?.file_name || IMAGE_FILE.test(image.file_name), CHALLENGE_MESSAGES.imageType),
    schedule: z
      .object(
        {
          start_date: ZScheduleDate(CHALLENGE_MESSAGES.startDateRequired),
          end_date: ZScheduleDate(CHALLENGE_MESSAGES.endDateRequired),
        },
        { error: CHALLENGE_MESSAGES.startDateRequired },
      )
      .refine((schedule) => schedule.end_date.slice(0, 10) >= schedule.start_date.slice(0, 10), {
        path: ['end_date'],
        message: CHALLENGE_MESSAGES.endDateBeforeStart,
      }),
    status: z
      .enum(ZChallengeStatus.options, { error: CHALLENGE_MESSAGES.statusRequired })
      .default(CHALLENGE_DEFAULTS.status),
    visible: z.boolean().default(CHALLENGE_DEFAULTS.visible),
    // Left out, each is none on create and unchanged on update (the console sends the flow alone).
    objectives: z.array(ZChallengeObjective).max(50).optional(),
    rewards: z.array(ZChallengeReward).max(20).optional(),
    flow: ZSavedFlowGraph.optional(),
  }),
);
export type TSaveChallengeRequest = z.input<typeof ZSaveChallengeRequest>;
export type TSaveChallenge = z.output<typeof ZSaveChallengeRequest>;

export const ZChallengeListQuery = ZPageQuery.extend({
  /** The console's search box; `search_string` (DESIGN §3) is accepted too. */
  search: z.string().trim().max(200).optional(),
  status: ZChallengeStatus.optional(),
  sort_key: ZChallengeSortKey.or(z.literal('')).optional(),
  sort_direction: z.enum(SORT_DIRECTIONS).optional(),
});
export type TChallengeListQuery = z.input<typeof ZChallengeListQuery>;

/** One row of the list: the challenge without its graph. */
export const ZChallengeListItem = ZChallenge.omit({ flow: true });
export type TChallengeListItem = z.infer<typeof ZChallengeListItem>;

export const ZChallengeSegmentLink = z.object({
  challenge_id: z.string(),
  segment_id: z.string(),
  segment_name: z.string(),
  created_at: z.string(),
});

const idParams = z.object({ id: ZId });
const tags = ['challenges'];

export const listChallenges = defineEndpoint({
  method: 'GET',
  path: '/challenges',
  permission: 'CHALLENGES:read',
  token: 'client',
  summary: 'Challenges of the client (search by title, status filter, sort by any column; newest first)',
  tags,
  query: ZChallengeListQuery,
  response: envelopeOf(z.array(ZChallengeListItem)),
});

export const getChallenge = defineEndpoint({
  method: 'GET',
  path: '/challenges/:id',
  permission: 'CHALLENGES:read',
  token: 'client',
  summary: 'One challenge with its objectives, flow graph and segments',
  tags,
  params: idParams,
  response: envelopeOf(ZChallenge),
});

export const createChallenge = defineEndpoint({
  method: 'POST',
  path: '/challenges',
  permission: 'CHALLENGES:create',
  token: 'client',
  summary: 'Create a challenge (spec 2 §5 save checks, each message naming its field)',
  tags,
  body: ZSaveChallengeRequest,
  response: envelopeOf(ZChallenge),
});

export const updateChallenge = defineEndpoint({
  method: 'PUT',
  path: '/challenges/:id',
  permission: 'CHALLENGES:update',
  token: 'client',
  summary: 'Update a challenge; objectives keep their progress by _id, a removed objective loses it',
  tags,
  params: idParams,
  body: ZSaveChallengeRequest,
  response: envelopeOf(ZChallenge),
});

export const deleteChallenge = defineEndpoint({
  method: 'DELETE',
  path: '/challenges/:id',
  permission: 'CHALLENGES:delete',
  token: 'client',
  summary:
    'Delete a challenge with its segment links and player progress; its transactions stay in the ledger',
  tags,
  params: idParams,
  response: envelopeOf(ZChallenge),
});

export const linkChallengeSegment = defineEndpoint({
  method: 'POST',
  path: '/challenges/:challenge_id/segments/:segment_id',
  permission: 'CHALLENGES:update',
  token: 'client',
  summary:
    'Grant a challenge to a segment (irreversible: only deleting the challenge removes it); 409 when already granted, 404 for an unknown challenge or segment',
  tags,
  params: z.object({ challenge_id: ZId, segment_id: ZId }),
  response: envelopeOf(ZChallengeSegmentLink),
});

/** A player's challenge as the player API shows it (DESIGN §3 `challenges`). */
export const ZPlayerChallenge = z.object({
  challenge_id: z.string(),
  title: z.string(),
  /** active (not yet started when started_at is null), completed or expired. */
  status: ZChallengeProgressStatus,
  started_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  objectives: z.array(
    z.object({
      objective_id: z.string(),
      title: z.string(),
      event_type: z.string(),
      progress: z.number(),
      target: z.number(),
      completed_at: z.string().nullable(),
    }),
  ),
});
export type TPlayerChallenge = z.infer<typeof ZPlayerChallenge>;

import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint';
import { envelopeOf } from '../http/envelope';
import { ZPageQuery } from '../http/fields';
import { STATISTIC_MESSAGES } from '../messages/statistics';
import { ZId } from '../shared/ids';
import { AGGREGATION_METHODS, RESET_INTERVALS, ZAggregationMethod, ZResetInterval } from './statistics';

/** Longest statistic name: it is a key of the player API's `statistics` map. */
export const STATISTIC_NAME_MAX_LENGTH = 64;

export const ZStatistic = z.object({
  _id: z.string(),
  name: z.string(),
  aggregation_method: ZAggregationMethod,
  reset_interval: ZResetInterval,
  /** Starts at 0; every reset (an interval passing, a manual reset, an interval change) adds one. */
  version: z.number().int(),
  /** Kept by the engine for every client (DESIGN §5): cannot be changed or deleted. */
  system: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TStatistic = z.infer<typeof ZStatistic>;

export const ZCreateStatisticRequest = z.object({
  name: z
    .string({ error: STATISTIC_MESSAGES.nameRequired })
    .trim()
    .min(1, STATISTIC_MESSAGES.nameRequired)
    .max(STATISTIC_NAME_MAX_LENGTH, `Name must not be more than ${STATISTIC_NAME_MAX_LENGTH} characters`),
  aggregation_method: z.enum(AGGREGATION_METHODS, { error: STATISTIC_MESSAGES.aggregationMethodRequired }),
  reset_interval: z.enum(RESET_INTERVALS, { error: STATISTIC_MESSAGES.resetIntervalRequired }),
});
export type TCreateStatisticRequest = z.input<typeof ZCreateStatisticRequest>;

/** The name is immutable: an update sends only these two (spec 2 §5). */
export const ZUpdateStatisticRequest = ZCreateStatisticRequest.pick({
  aggregation_method: true,
  reset_interval: true,
});
export type TUpdateStatisticRequest = z.input<typeof ZUpdateStatisticRequest>;

const idParams = z.object({ id: ZId });

export const listStatistics = defineEndpoint({
  method: 'GET',
  path: '/statistics',
  permission: 'STATISTICS:read',
  token: 'client',
  summary: 'Statistics of the client, newest first (system statistics included)',
  tags: ['statistics'],
  query: ZPageQuery.extend({ search: z.string().trim().max(200).optional() }),
  response: envelopeOf(z.array(ZStatistic)),
});

export const getStatistic = defineEndpoint({
  method: 'GET',
  path: '/statistics/:id',
  permission: 'STATISTICS:read',
  token: 'client',
  summary: 'One statistic',
  tags: ['statistics'],
  params: idParams,
  response: envelopeOf(ZStatistic),
});

export const createStatistic = defineEndpoint({
  method: 'POST',
  path: '/statistics',
  permission: 'STATISTICS:create',
  token: 'client',
  summary: 'Create a statistic (409 when the name is taken)',
  tags: ['statistics'],
  body: ZCreateStatisticRequest,
  response: envelopeOf(ZStatistic),
});

export const updateStatistic = defineEndpoint({
  method: 'PUT',
  path: '/statistics/:id',
  permission: 'STATISTICS:update',
  token: 'client',
  summary: 'Change how a statistic aggregates and resets; a new reset interval starts a new version',
  tags: ['statistics'],
  params: idParams,
  body: ZUpdateStatisticRequest,
  response: envelopeOf(ZStatistic),
});

export const deleteStatistic = defineEndpoint({
  method: 'DELETE',
  path: '/statistics/:id',
  permission: 'STATISTICS:delete',
  token: 'client',
  summary: 'Delete a statistic and every player value of it',
  tags: ['statistics'],
  params: idParams,
  response: envelopeOf(ZStatistic),
});

export const resetStatistic = defineEndpoint({
  method: 'POST',
  path: '/statistics/:id/reset',
  permission: 'STATISTICS:update',
  token: 'client',
  summary:
    'Start a new version of a statistic: every player starts again with no value (old values stay readable)',
  tags: ['statistics'],
  params: idParams,
  response: envelopeOf(ZStatistic),
});

import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint';
import { envelopeOf } from '../http/envelope';
import { ZPageQuery } from '../http/fields';
import type { TFeatureArea } from '../http/permissions';
import { EARN_CONFIG_MESSAGES, ECONOMY_API_MESSAGES } from '../messages/economy';
import { ZId } from '../shared/ids';
import {
  cashbackAmountProblem,
  DEFAULT_CASHBACK_TYPE,
  type TEarnConfigType,
  XP_EARN_TARGET,
  ZCashbackType,
  ZEarnConfigType,
  ZExcludeType,
} from './earn-configs';

export const EARN_CONFIG_VALUE_MAX = 1_000_000_000;

/**
 * An earn config (spec 3 §3): for every `trigger_value` of qualifying spend a customer in the segment earns
 * `earn_amount`, pro rata (DESIGN §5: 100 / 5 = 5%). Currency configs pay cashback into the `earn_target`
 * currency's wallet; Statistic configs add XP to the `xp` statistic.
 */
export const ZEarnConfig = z.object({
  _id: z.string(),
  type: ZEarnConfigType,
  trigger_value: z.number(),
  earn_amount: z.number(),
  /** The segment's id (its `playfab_segment_id`). */
  segment_id: z.string(),
  segment_name: z.string(),
  /** A currency's _id for cashback; 'xp' for XP configs. */
  earn_target: z.string(),
  /**
   * How a cashback config's earn amount is expressed, which bounds it: percentage (0 to 100, steps of 0.1) or
   * fixed (0 or more, steps of 0.01). It does not change what is paid (earn_amount per trigger_value, pro rata).
   * Null for XP configs.
   */
  cashback_type: ZCashbackType.nullable(),
  exclude_type: ZExcludeType,
  excluded_product_ids: z.array(z.string()).nullable(),
  excluded_category_ids: z.array(z.string()).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TEarnConfig = z.infer<typeof ZEarnConfig>;

/**
 * A number or nothing; zero, blank and missing are the same failure, checked with the other fields below. A
 * negative, too large or non-numeric value is named by its field (not the validator's own words).
 */
const optionalAmount = (message: string) =>
  z.number({ error: message }).min(0, message).max(EARN_CONFIG_VALUE_MAX, message).nullable().optional();

/** Empty lists are sent as null (spec 3 §5); both mean "nothing excluded". */
const idList = z
  .array(ZId)
  .max(1000)
  .nullable()
  .optional()
  .transform((ids) => (ids && ids.length > 0 ? [...new Set(ids)] : null));

export const ZSaveEarnConfigRequest = z
  .object({
    _id: ZId.optional(),
    type: ZEarnConfigType.default('Currency'),
    trigger_value: optionalAmount(ECONOMY_API_MESSAGES.triggerValueRange),
    earn_amount: optionalAmount(ECONOMY_API_MESSAGES.earnAmountRange),
    segment_id: z.string().trim().nullable().optional(),
    /** The currency's _id for type Currency; ignored (always 'xp') for type Statistic. */
    earn_target: z.string().trim().nullable().optional(),
    /**
     * Type Currency: how earn_amount is expressed, which bounds it (percentage: 0 to 100 in steps of 0.1; fixed:
     * 0 or more in steps of 0.01); missing or null is percentage. Ignored (always null) for type Statistic.
     */
    cashback_type: ZCashbackType.nullable().optional(),
    exclude_type: ZExcludeType.default('product'),
    excluded_product_ids: idList,
    excluded_category_ids: idList,
  })
  .transform(({ cashback_type, ...config }) => ({
    ...config,
    cashback_type: config.type === 'Currency' ? (cashback_type ?? DEFAULT_CASHBACK_TYPE) : null,
  }))
  .superRefine((config, ctx) => {
    // Spec 3 §5's order: trigger value, earn amount, segment, then the currency of a cashback config.
    if (!config.trigger_value)
      ctx.addIssue({
        code: 'custom',
        path: ['trigger_value'],
        message: EARN_CONFIG_MESSAGES.triggerValueRequired,
      });
    if (!config.earn_amount)
      ctx.addIssue({
        code: 'custom',
        path: ['earn_amount'],
        message: EARN_CONFIG_MESSAGES.earnAmountRequired,
      });
    else if (config.cashback_type) {
      // A cashback amount within its type's bounds (spec 3 §5 'Cashback value').
      const problem = cashbackAmountProblem(config.cashback_type, config.earn_amount);
      if (problem) ctx.addIssue({ code: 'custom', path: ['earn_amount'], message: problem });
    }
    if (!config.segment_id)
      ctx.addIssue({ code: 'custom', path: ['segment_id'], message: EARN_CONFIG_MESSAGES.segmentRequired });
    else if (!ZId.safeParse(config.segment_id).success)
      ctx.addIssue({ code: 'custom', path: ['segment_id'], message: ECONOMY_API_MESSAGES.unknownSegment });
    if (config.type !== 'Currency') return;
    if (!config.earn_target || config.earn_target === XP_EARN_TARGET)
      ctx.addIssue({ code: 'custom', path: ['earn_target'], message: EARN_CONFIG_MESSAGES.currencyRequired });
    else if (!ZId.safeParse(config.earn_target).success)
      ctx.addIssue({ code: 'custom', path: ['earn_target'], message: ECONOMY_API_MESSAGES.unknownCurrency });
  });
export type TSaveEarnConfigRequest = z.input<typeof ZSaveEarnConfigRequest>;

const idParams = z.object({ id: ZId });

/**
 * The spec's single path serves cashback (type Currency: the CASHBACK flags) and XP (type Statistic: XP_POINTS)
 * configs alike: the guard lets holders of either part through and the handler checks the config's own part;
 * ECONOMICS, their umbrella, opens both (and a list of both kinds at once).
 */
export const EARN_CONFIG_AREAS = { Currency: 'CASHBACK', Statistic: 'XP_POINTS' } as const satisfies Record<
  TEarnConfigType,
  TFeatureArea
>;
const openTo: TFeatureArea[] = Object.values(EARN_CONFIG_AREAS);

export const listEarnConfigs = defineEndpoint({
  method: 'GET',
  path: '/economy/earn-configs',
  permission: 'ECONOMICS:read',
  openTo,
  token: 'client',
  summary: 'Earn configs, newest first; type=Currency lists cashback configs, type=Statistic XP configs',
  tags: ['economy'],
  query: ZPageQuery.extend({ type: ZEarnConfigType.optional() }),
  response: envelopeOf(z.array(ZEarnConfig)),
});

export const getEarnConfig = defineEndpoint({
  method: 'GET',
  path: '/economy/earn-configs/:id',
  permission: 'ECONOMICS:read',
  openTo,
  token: 'client',
  summary: "One earn config; an unknown id answers 404 'record not found'",
  tags: ['economy'],
  params: idParams,
  response: envelopeOf(ZEarnConfig),
});

export const createEarnConfig = defineEndpoint({
  method: 'POST',
  path: '/economy/earn-configs',
  permission: 'ECONOMICS:create',
  openTo,
  token: 'client',
  summary: 'Create an earn config (a body with the _id of an existing one updates it)',
  tags: ['economy'],
  body: ZSaveEarnConfigRequest,
  response: envelopeOf(ZEarnConfig),
});

export const updateEarnConfig = defineEndpoint({
  method: 'PUT',
  path: '/economy/earn-configs/:id',
  permission: 'ECONOMICS:update',
  openTo,
  token: 'client',
  summary: 'Update an earn config; orders processed from then on earn by the new rule',
  tags: ['economy'],
  params: idParams,
  body: ZSaveEarnConfigRequest,
  response: envelopeOf(ZEarnConfig),
});

export const deleteEarnConfig = defineEndpoint({
  method: 'DELETE',
  path: '/economy/earn-configs/:id',
  permission: 'ECONOMICS:delete',
  openTo,
  token: 'client',
  summary: 'Delete an earn config; what it already paid stays (a later refund still claws it back)',
  tags: ['economy'],
  params: idParams,
  response: envelopeOf(ZEarnConfig),
});

import { z } from 'zod';
import { CASHBACK_VALUE_LIMITS, ZCashbackType } from '../economy/earn-configs';
import { CHALLENGE_MESSAGES, triggerQuantityRangeMessage } from '../messages/challenges';
import { checkDayOrDateTime } from '../shared/dates';
import { LIMITS } from '../shared/limits';
import { numberFromText, readNumber } from '../shared/numbers';
import {
  LEADERBOARD_TARGET,
  ZCodeType,
  ZObjectiveEventType,
  ZObjectiveScopeType,
  ZPaymentMethodScope,
  ZRewardType,
} from './challenges';
import {
  ZConditionKind,
  ZDateRangeType,
  ZFlowNodeType,
  ZNodeScopeType,
  ZRecurringFrequency,
  ZTimeRangeType,
  ZWeekday,
} from './flow-nodes';
import { triggerLimitsFor, VALUE_NODE_LIMITS } from './trigger-limits';

// The flow graph the editor saves so that it can re-open it (spec 2 §3 Flow graph). ---------------------------

const ZLooseNumber = z.union([z.number(), z.string()]);

/** A node's config: every field any node kind uses (spec 2 §3); unknown keys are kept for the editor. */
export const ZFlowNodeConfig = z
  .object({
    title: z.string().max(LIMITS.titleMaxLength, CHALLENGE_MESSAGES.objectiveTitleTooLong).optional(),
    trigger: z
      .object({
        trigger_quantity: ZLooseNumber.nullable().optional(),
        trigger_target: z.string().nullable().optional(),
      })
      .optional(),
    scope: z
      .object({
        type: ZNodeScopeType,
        value: z
          .union([z.string(), z.array(z.string())])
          .nullable()
          .optional(),
        match_all: z.boolean().optional(),
      })
      .optional(),
    scopes: z.array(z.object({ type: z.string(), value: z.string() })).optional(),
    range_type: z.string().optional(),
    days: ZLooseNumber.nullable().optional(),
    start_date: z.string().nullable().optional(),
    end_date: z.string().nullable().optional(),
    time: z.string().optional(),
    /** The value node's text value, or a reward's value (badge id, XP, levels, cashback). */
    value: ZLooseNumber.nullable().optional(),
    frequency: z.string().optional(),
    interval: ZLooseNumber.optional(),
    day: z.string().optional(),
    count: ZLooseNumber.optional(),
    field: z.string().nullable().optional(),
    currency_type: z.string().nullable().optional(),
    currency: z.string().nullable().optional(),
  })
  .passthrough();
export type TFlowNodeConfig = z.infer<typeof ZFlowNodeConfig>;

export const ZFlowNode = z.object({
  /** The node's type followed by 8 random alphanumerics (makeNodeId). */
  id: z.string().min(1).max(64),
  type: ZFlowNodeType,
  position: z.object({ x: z.number(), y: z.number() }).default({ x: 0, y: 0 }),
  data: z.object({
    /** The objective's event type, the condition's kind or the reward's type. */
    node_type: z.string().min(1).max(64),
    name: z.string().max(200).default(''),
    config: ZFlowNodeConfig.default({}),
  }),
  errors: z.record(z.string(), z.string()).optional(),
});
export type TFlowNode = z.infer<typeof ZFlowNode>;

export const ZFlowEdge = z.object({ id: z.string().min(1).max(200), source: z.string(), target: z.string() });
export type TFlowEdge = z.infer<typeof ZFlowEdge>;

export const ZFlowGraph = z.object({
  nodes: z.array(ZFlowNode).max(500),
  edges: z.array(ZFlowEdge).max(1000),
});
export type TFlowGraph = z.infer<typeof ZFlowGraph>;

// Objectives, conditions and rewards as the engine evaluates them (spec 2 §3). -------------------------------

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;
const ZCoercedNumber = (message: string) => numberFromText(z.number({ error: message }));
/** A date_range condition's day (or date-time): real and within the dates the API takes. */
const ZConditionDate = z.string().trim().superRefine(checkDayOrDateTime());

/**
 * Conditions (spec 2 §2-3). time: the event's time of day in the client's time zone is After/Before `time`.
 * date_range: between start_date and end_date (inclusive days, client's time zone), or within `days` days of the
 * challenge's start (duration). payment_method: the event was paid by one of `values`. first_occurrence: only the
 * player's first event of the objective's kind counts. unique: each counted event has a value of `field` not
 * counted before. recurring: one step per period (every `interval` days, weeks from `day`, or months) with at
 * least `count` events (exactly `count`: more events in the period add nothing). value: the event's value (order
 * total, basket, payment) is at least `value`.
 */
export const ZObjectiveCondition = z.discriminatedUnion(
  'type',
  [
    z.object({
      type: z.literal('time'),
      range_type: ZTimeRangeType,
      time: z.string().regex(HH_MM, CHALLENGE_MESSAGES.timeInvalid),
    }),
    z
      .object({
        type: z.literal('date_range'),
        range_type: ZDateRangeType,
        days: ZCoercedNumber(CHALLENGE_MESSAGES.daysRequired)
          .pipe(z.number().int().min(1).max(36_500))
          .nullable()
          .optional(),
        start_date: ZConditionDate.nullable().optional(),
        end_date: ZConditionDate.nullable().optional(),
      })
      .superRefine((condition, ctx) => {
        if (condition.range_type === 'duration' && !condition.days)
          ctx.addIssue({ code: 'custom', path: ['days'], message: CHALLENGE_MESSAGES.daysRequired });
        if (condition.range_type === 'between' && (!condition.start_date || !condition.end_date))
          ctx.addIssue({
            code: 'custom',
            path: ['start_date'],
            message: CHALLENGE_MESSAGES.dateRangeRequired,
          });
      }),
    z.object({
      type: z.literal('payment_method'),
      values: z
        .array(ZPaymentMethodScope, { error: CHALLENGE_MESSAGES.paymentMethodRequired })
        .min(1, CHALLENGE_MESSAGES.paymentMethodRequired),
    }),
    z.object({ type: z.literal('first_occurrence') }),
    z.object({ type: z.literal('unique'), field: z.string().trim().max(64).nullable().optional() }),
    z.object({
      type: z.literal('recurring'),
      frequency: ZRecurringFrequency.default('daily'),
      interval: z.number().int().min(1).max(365).default(1),
      day: ZWeekday.default('monday'),
      count: z.number().int().min(1).max(999).default(1),
    }),
    z.object({
      type: z.literal('value'),
      value: ZCoercedNumber(CHALLENGE_MESSAGES.valueInvalid).pipe(
        z
          .number()
          .min(0, CHALLENGE_MESSAGES.valueInvalid)
          .max(VALUE_NODE_LIMITS.max, CHALLENGE_MESSAGES.valueInvalid),
      ),
    }),
  ],
  { error: CHALLENGE_MESSAGES.conditionInvalid },
);
export type TObjectiveCondition = z.infer<typeof ZObjectiveCondition>;
/** Condition kinds that live in `conditions`; trigger_quantity and product_category set trigger and scope. */
export const EVALUATED_CONDITION_KINDS = ZConditionKind.exclude([
  'trigger_quantity',
  'product_category',
]).options;

/**
 * A reward: badges (value = badge id), xp (value = points), level (value = levels added), cashback (value = a
 * percentage of the completing event's value or a fixed amount, per currency_type; currency = the wallet
 * currency's id).
 */
export const ZChallengeReward = z
  .object({
    type: z.enum(ZRewardType.options, { error: CHALLENGE_MESSAGES.rewardTypeRequired }),
    value: z.union([z.number(), z.string()]).nullable().optional(),
    currency_type: ZCashbackType.nullable().optional(),
    currency: z.string().nullable().optional(),
  })
  .superRefine((reward, ctx) => {
    const number = readNumber(reward.value);
    if (reward.type === 'badges') {
      if (typeof reward.value !== 'string' || !/^[0-9a-fA-F]{24}$/.test(reward.value))
        ctx.addIssue({ code: 'custom', path: ['value'], message: CHALLENGE_MESSAGES.rewardBadgeRequired });
      return;
    }
    if (reward.type === 'xp' || reward.type === 'level') {
      if (typeof number !== 'number' || !Number.isInteger(number) || number < 1 || number > 1_000_000)
        ctx.addIssue({ code: 'custom', path: ['value'], message: CHALLENGE_MESSAGES.rewardAmountInvalid });
      return;
    }
    const cashbackType = reward.currency_type ?? 'percentage';
    const limits = CASHBACK_VALUE_LIMITS[cashbackType];
    const steps = typeof number === 'number' ? number / limits.step : Number.NaN;
    if (
      typeof number !== 'number' ||
      !Number.isFinite(number) ||
      number < limits.min ||
      number > limits.max ||
      Math.abs(steps - Math.round(steps)) > 1e-6
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['value'],
        message:
          cashbackType === 'percentage'
            ? CHALLENGE_MESSAGES.cashbackPercentageInvalid
            : CHALLENGE_MESSAGES.cashbackFixedInvalid,
      });
    }
    if (!reward.currency)
      ctx.addIssue({
        code: 'custom',
        path: ['currency'],
        message: CHALLENGE_MESSAGES.cashbackCurrencyRequired,
      });
  });
export type TChallengeReward = z.infer<typeof ZChallengeReward>;

/** What an objective counts over: the whole basket, or items of the listed products or categories. */
export const ZObjectiveScope = z.object({
  type: ZNodeScopeType,
  /** Product or category ids (empty for basket). */
  value: z.union([z.string().transform((id) => [id]), z.array(z.string().max(64)).max(200)]).default([]),
  /** Every listed product/category must be bought (across the counted events) before the objective completes. */
  match_all: z.boolean().default(false),
});
export type TObjectiveScope = z.infer<typeof ZObjectiveScope>;

/** The spec's option list uses singular names for objective scopes; both spellings are accepted. */
const scopeAliases: Record<string, string> = { product: 'products', category: 'categories' };

export const ZObjectiveScopes = z.array(
  z
    .object({ type: ZObjectiveScopeType, value: z.string() })
    .refine(
      (scope) =>
        scope.type === 'code_type'
          ? ZCodeType.safeParse(scope.value).success
          : ZPaymentMethodScope.safeParse(scope.value).success,
      CHALLENGE_MESSAGES.scopesInvalid,
    ),
  { error: CHALLENGE_MESSAGES.scopesInvalid },
);

/** An objective's fields; `ZChallengeObjective` adds the checks that compare them. */
export const ZChallengeObjectiveFields = z.object({
  /** The objective node's id in the flow graph, kept so progress survives edits; generated when absent. */
  _id: z.string().trim().min(1).max(64).optional(),
  title: z.string().trim().max(LIMITS.titleMaxLength, CHALLENGE_MESSAGES.objectiveTitleTooLong).default(''),
  event_type: z.enum(ZObjectiveEventType.options, { error: CHALLENGE_MESSAGES.eventTypeRequired }),
  scope: z
    .preprocess(
      (value) =>
        typeof value === 'string'
          ? { type: scopeAliases[value] ?? value }
          : value && typeof value === 'object' && 'type' in value
            ? { ...value, type: scopeAliases[String(value.type)] ?? value.type }
            : value,
      ZObjectiveScope,
    )
    .nullable()
    .default({ type: 'basket', value: [], match_all: false }),
  scopes: ZObjectiveScopes.default([]),
  trigger: z.object(
    {
      trigger_quantity: ZCoercedNumber(CHALLENGE_MESSAGES.triggerRequired),
      /** leaderboard: the ranked statistic (totalOrderValue); earn: the currency's id (any when null). */
      trigger_target: z.string().trim().max(64).nullable().optional(),
    },
    { error: CHALLENGE_MESSAGES.triggerRequired },
  ),
  conditions: z.array(ZObjectiveCondition).max(20).default([]),
  rewards: z.array(ZChallengeReward).max(20).default([]),
});
/** The objective as the editor saves it, with its trigger checked against its event type's bounds (spec 2 §5). */
export const ZChallengeObjective = ZChallengeObjectiveFields.superRefine((objective, ctx) => {
  const limits = triggerLimitsFor(objective.event_type);
  const quantity = objective.trigger.trigger_quantity;
  if (quantity < limits.min || quantity > limits.max || (limits.integer && !Number.isInteger(quantity))) {
    ctx.addIssue({
      code: 'custom',
      path: ['trigger', 'trigger_quantity'],
      message: triggerQuantityRangeMessage(limits.min, limits.max),
    });
  }
  const target = objective.trigger.trigger_target;
  if (objective.event_type === 'leaderboard' && target && target !== LEADERBOARD_TARGET) {
    ctx.addIssue({
      code: 'custom',
      path: ['trigger', 'trigger_target'],
      message: CHALLENGE_MESSAGES.leaderboardTarget,
    });
  }
  if (objective.scope && objective.scope.type !== 'basket' && objective.scope.value.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['scope'], message: CHALLENGE_MESSAGES.scopeRequired });
  }
});
export type TChallengeObjective = z.infer<typeof ZChallengeObjective>;
export type TChallengeObjectiveInput = z.input<typeof ZChallengeObjective>;

/** An objective as the API returns it (already checked; no coercion, so it documents as plain JSON). */
export const ZStoredObjective = z.object({
  _id: z.string(),
  title: z.string(),
  event_type: ZObjectiveEventType,
  scope: z.object({ type: ZNodeScopeType, value: z.array(z.string()), match_all: z.boolean() }).nullable(),
  scopes: z.array(z.object({ type: ZObjectiveScopeType, value: z.string() })),
  trigger: z.object({ trigger_quantity: z.number(), trigger_target: z.string().nullable().optional() }),
  conditions: z.array(z.looseObject({ type: ZConditionKind })),
  rewards: z.array(
    z.object({
      type: ZRewardType,
      value: z.union([z.number(), z.string()]).nullable().optional(),
      currency_type: ZCashbackType.nullable().optional(),
      currency: z.string().nullable().optional(),
    }),
  ),
});
export type TStoredObjective = z.infer<typeof ZStoredObjective>;

export const LEADERBOARD_TRIGGER_TARGET = LEADERBOARD_TARGET;

// Objectives from the flow graph (spec 2 §4: "on save each objective collects the conditions and rewards
// reachable from it"). The console sends both; the server derives objectives from the graph when none are sent.

/** A node's number: undefined when left empty, NaN when it is not a finite number (the schema then refuses it). */
const asNumber = (value: unknown) =>
  typeof value === 'number' || (typeof value === 'string' && value.trim() !== '')
    ? (readNumber(value) ?? Number.NaN)
    : undefined;

const conditionFromNode = (kind: string, config: TFlowNodeConfig): Record<string, unknown> | null => {
  switch (kind) {
    case 'time':
      return { type: 'time', range_type: config.range_type ?? 'After', time: config.time ?? '12:00' };
    case 'date_range':
      return {
        type: 'date_range',
        range_type: config.range_type ?? 'duration',
        days: asNumber(config.days) ?? null,
        start_date: config.start_date ?? null,
        end_date: config.end_date ?? null,
      };
    case 'payment_method':
      return {
        type: 'payment_method',
        values: (config.scopes ?? [])
          .filter((scope) => scope.type === 'payment_method')
          .map((scope) => scope.value),
      };
    case 'first_occurrence':
      return { type: 'first_occurrence' };
    case 'unique':
      return { type: 'unique', field: config.field ?? null };
    case 'recurring':
      return {
        type: 'recurring',
        frequency: config.frequency ?? 'daily',
        interval: asNumber(config.interval) ?? 1,
        day: config.day ?? 'monday',
        count: asNumber(config.count) ?? 1,
      };
    case 'value':
      return { type: 'value', value: config.value ?? null };
    default:
      return null;
  }
};

/** Every objective node with the conditions and rewards downstream of it (up to the next objective). */
export const objectivesFromFlow = (flow: TFlowGraph): TChallengeObjectiveInput[] => {
  const byId = new Map(flow.nodes.map((node) => [node.id, node]));
  const next = new Map<string, string[]>();
  for (const edge of flow.edges) next.set(edge.source, [...(next.get(edge.source) ?? []), edge.target]);
  return flow.nodes
    .filter((node) => node.type === 'objective')
    .map((node) => {
      const config = node.data.config;
      const objective = {
        _id: node.id,
        title: config.title ?? node.data.name ?? '',
        event_type: node.data.node_type,
        scope: config.scope ? { ...config.scope, value: config.scope.value ?? [] } : { type: 'basket' },
        scopes: config.scopes ?? [],
        trigger: {
          trigger_quantity: asNumber(config.trigger?.trigger_quantity) ?? 0,
          trigger_target: config.trigger?.trigger_target ?? null,
        },
        conditions: [] as Record<string, unknown>[],
        rewards: [] as Record<string, unknown>[],
      };
      const seen = new Set<string>([node.id]);
      const queue = [...(next.get(node.id) ?? [])];
      while (queue.length > 0) {
        const id = queue.shift() as string;
        const child = byId.get(id);
        if (!child || seen.has(id) || child.type === 'objective') continue;
        seen.add(id);
        const childConfig = child.data.config;
        if (child.type === 'reward') {
          objective.rewards.push({
            type: child.data.node_type,
            value: childConfig.value ?? null,
            currency_type: childConfig.currency_type ?? null,
            currency: childConfig.currency ?? null,
          });
        } else if (
          child.data.node_type === 'trigger_quantity' ||
          child.data.node_type === 'product_category'
        ) {
          const quantity = asNumber(childConfig.trigger?.trigger_quantity);
          if (quantity !== undefined) objective.trigger.trigger_quantity = quantity;
          if (childConfig.scope)
            objective.scope = { ...childConfig.scope, value: childConfig.scope.value ?? [] };
        } else {
          const condition = conditionFromNode(child.data.node_type, childConfig);
          if (condition) objective.conditions.push(condition);
        }
        queue.push(...(next.get(id) ?? []));
      }
      return objective as unknown as TChallengeObjectiveInput;
    });
};

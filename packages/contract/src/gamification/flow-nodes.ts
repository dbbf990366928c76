import { z } from 'zod';
import { LIMITS } from '../shared/limits';

/** The challenge flow graph (spec 2 §2-4). */
export const ZFlowNodeType = z.enum(['objective', 'condition', 'reward']);
export type TFlowNodeType = z.infer<typeof ZFlowNodeType>;
export const FLOW_NODE_TYPES = ZFlowNodeType.options;

/** Kinds of condition node. */
export const ZConditionKind = z.enum([
  'trigger_quantity',
  'product_category',
  'payment_method',
  'date_range',
  'time',
  'value',
  'recurring',
  'unique',
  'first_occurrence',
]);
export type TConditionKind = z.infer<typeof ZConditionKind>;
export const CONDITION_KINDS = ZConditionKind.options;
export const CONDITION_KIND_LABELS: Record<TConditionKind, string> = {
  trigger_quantity: 'Trigger Quantity',
  product_category: 'Product / Category',
  payment_method: 'Payment Method',
  date_range: 'Date Range',
  time: 'Time',
  value: 'Value',
  recurring: 'Recurring',
  unique: 'Unique',
  first_occurrence: 'First Occurrence',
};

/**
 * Conditions that cannot follow an objective or a condition of their own kind. A list, not an extract of the
 * schema, so that the console's editor reads it without zod.
 */
export const NON_CHAINABLE_CONDITIONS: readonly TConditionKind[] = [
  'unique',
  'date_range',
  'time',
  'first_occurrence',
  'payment_method',
];

export const ZTimeRangeType = z.enum(['After', 'Before']);
export type TTimeRangeType = z.infer<typeof ZTimeRangeType>;
export const TIME_CONDITION_DEFAULTS = { range_type: ZTimeRangeType.enum.After, time: '12:00' } as const;

export const ZDateRangeType = z.enum(['duration', 'between']);
export type TDateRangeType = z.infer<typeof ZDateRangeType>;
export const DEFAULT_DATE_RANGE_TYPE: TDateRangeType = 'duration';

export const ZRecurringFrequency = z.enum(['daily', 'weekly', 'monthly']);
export type TRecurringFrequency = z.infer<typeof ZRecurringFrequency>;
export const ZWeekday = z.enum([
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
]);
export type TWeekday = z.infer<typeof ZWeekday>;
export const RECURRING_CONDITION_DEFAULTS = {
  frequency: ZRecurringFrequency.enum.daily,
  interval: 1,
  day: ZWeekday.enum.monday,
  count: 1,
} as const;

/** Target type of the product/category node. */
export const ZProductTargetType = z.enum(['products', 'categories']);
export type TProductTargetType = z.infer<typeof ZProductTargetType>;
export const PRODUCT_TARGET_TYPE_LABELS: Record<TProductTargetType, string> = {
  products: 'Products',
  categories: 'Product Categories',
};

/** Scope types of a node's `scope`. */
export const ZNodeScopeType = z.enum(['basket', 'products', 'categories']);
export type TNodeScopeType = z.infer<typeof ZNodeScopeType>;
export const NODE_SCOPE_TYPES = ZNodeScopeType.options;

/** Canvas settings: laid out top to bottom, no dragging, no hand-drawn edges, no scroll zoom. */
export const FLOW_GRAPH = {
  direction: 'TB',
  maxZoom: 1,
  zoomOnScroll: false,
  nodesDraggable: false,
  nodesConnectable: false,
} as const;

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A node id: its type followed by 8 random alphanumeric characters. */
export const makeNodeId = (type: string, random: () => number = Math.random) => {
  let suffix = '';
  for (let index = 0; index < LIMITS.nodeIdSuffixLength; index += 1) {
    suffix += ALPHANUMERIC[Math.floor(random() * ALPHANUMERIC.length)] ?? 'a';
  }
  return `${type}${suffix}`;
};

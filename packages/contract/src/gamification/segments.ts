import { z } from 'zod';
import type { TStatusChipColor } from '../shared/status-chip';

export const ZSegmentFilterType = z.enum(['statistic', 'all_players']);
export type TSegmentFilterType = z.infer<typeof ZSegmentFilterType>;
export const SEGMENT_FILTER_TYPES = ZSegmentFilterType.options;

export const ZComparisonOperator = z.enum([
  'EqualTo',
  'GreaterThan',
  'LessThan',
  'GreaterThanOrEqual',
  'LessThanOrEqual',
  'NotEqualTo',
]);
export type TComparisonOperator = z.infer<typeof ZComparisonOperator>;
export const COMPARISON_OPERATORS = ZComparisonOperator.options;
/** Spec 2 §3 names the operators by their values, so the picker offers them as it gives them ('GreaterThanOrEqual'). */
export const COMPARISON_OPERATOR_LABELS: Record<TComparisonOperator, string> = {
  EqualTo: 'EqualTo',
  GreaterThan: 'GreaterThan',
  LessThan: 'LessThan',
  GreaterThanOrEqual: 'GreaterThanOrEqual',
  LessThanOrEqual: 'LessThanOrEqual',
  NotEqualTo: 'NotEqualTo',
};

/** Whether `value` satisfies `value <operator> target`. */
export const compareWith = (operator: TComparisonOperator, value: number, target: number) => {
  switch (operator) {
    case 'EqualTo':
      return value === target;
    case 'GreaterThan':
      return value > target;
    case 'LessThan':
      return value < target;
    case 'GreaterThanOrEqual':
      return value >= target;
    case 'LessThanOrEqual':
      return value <= target;
    case 'NotEqualTo':
      return value !== target;
  }
};

export const ZSegmentActionType = z.enum(['grant_item', 'grant_mission']);
export type TSegmentActionType = z.infer<typeof ZSegmentActionType>;
export const SEGMENT_ACTION_TYPES = ZSegmentActionType.options;
export const SEGMENT_ACTION_TYPE_LABELS: Record<TSegmentActionType, string> = {
  grant_item: 'Grant Badge',
  grant_mission: 'Grant Challenge',
};

export const ZSegmentActionTrigger = z.enum(['entered', 'left']);
export type TSegmentActionTrigger = z.infer<typeof ZSegmentActionTrigger>;
export const SEGMENT_ACTION_TRIGGERS = ZSegmentActionTrigger.options;
export const SEGMENT_ACTION_TRIGGER_LABELS: Record<TSegmentActionTrigger, string> = {
  entered: 'Player enters segment',
  left: 'Player leaves segment',
};

export const SEGMENT_ACTION_DEFAULTS = { trigger: ZSegmentActionTrigger.enum.entered, quantity: 1 } as const;
/** A grant_item action's most per member: a badge's sums stay well inside PostgreSQL's integer. */
export const SEGMENT_ACTION_MAX_QUANTITY = 999_999;

/** Client-side ids of new rules and actions: the prefix plus a timestamp. */
export const SEGMENT_FILTER_ID_PREFIX = 'filter_';
export const SEGMENT_ACTION_ID_PREFIX = 'action_';

/** Player count chip: above 100 success, above 10 warning (spec 2 §2). */
export const playerCountChipColor = (count: number): TStatusChipColor => {
  if (count > 100) return 'success';
  if (count > 10) return 'warning';
  return 'neutral';
};

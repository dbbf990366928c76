import {
  SEGMENT_ACTION_DEFAULTS,
  type TComparisonOperator,
  type TSaveSegmentRequest,
  type TSegment,
  type TSegmentActionTrigger,
  type TSegmentActionType,
  type TSegmentFilterType,
} from '@laurel/contract';
import { fieldErrorsIn } from '@/api/field-errors';
import { newActionId, newFilterId } from '@/features/segments/segment-format';

/** A rule as the editor holds it; the value keeps what was typed until the form is parsed. */
export type TRuleValues = {
  id: string;
  type: TSegmentFilterType;
  statistic_name: string | null;
  comparison: TComparisonOperator | null;
  filter_value: number | string;
};

export type TActionValues = {
  id: string;
  type: TSegmentActionType;
  trigger: TSegmentActionTrigger | null;
  item_id: string | null;
  quantity: number | string;
  mission_id: string | null;
};

export type TSegmentFormValues = {
  name: string;
  description: string;
  filters: TRuleValues[];
  actions: TActionValues[];
};

export type TRuleField = Exclude<keyof TRuleValues, 'id'>;
export type TActionField = Exclude<keyof TActionValues, 'id'>;

/**
 * Errors by field key: 'name', 'description', 'filters.{rule id}.{field}', 'actions.{action id}.{field}'. Rules
 * and actions are keyed by id rather than position, so removing one leaves the others' errors where they were.
 */
export type TSegmentFormErrors = Record<string, string>;

export const ruleKey = (id: string, field: TRuleField) => `filters.${id}.${field}`;
export const actionKey = (id: string, field: TActionField) => `actions.${id}.${field}`;

export const newRule = (): TRuleValues => ({
  id: newFilterId(),
  type: 'statistic',
  statistic_name: null,
  comparison: null,
  filter_value: '',
});

/** A new action grants a badge when a player enters, one at a time (spec 2 §3). */
export const newAction = (): TActionValues => ({
  id: newActionId(),
  type: 'grant_item',
  trigger: SEGMENT_ACTION_DEFAULTS.trigger,
  item_id: null,
  quantity: SEGMENT_ACTION_DEFAULTS.quantity,
  mission_id: null,
});

export const newSegmentValues = (): TSegmentFormValues => ({
  name: '',
  description: '',
  filters: [newRule()],
  actions: [],
});

export const valuesOfSegment = (segment: TSegment): TSegmentFormValues => ({
  name: segment.name,
  description: segment.description,
  filters: segment.filters.map((filter) => ({
    id: filter.id,
    type: filter.type,
    statistic_name: filter.statistic_name ?? null,
    comparison: filter.comparison ?? null,
    filter_value: filter.filter_value ?? '',
  })),
  actions: segment.actions.map((action) => ({
    id: action.id,
    type: action.type,
    trigger: action.trigger,
    item_id: action.item_id ?? null,
    quantity: action.quantity ?? SEGMENT_ACTION_DEFAULTS.quantity,
    mission_id: action.mission_id ?? null,
  })),
});

/** The edited flag of spec 2 §4: Save is enabled only once something differs from what was loaded. */
export const isSameValues = (a: TSegmentFormValues, b: TSegmentFormValues) =>
  JSON.stringify(a) === JSON.stringify(b);

const isBlank = (value: number | string) => typeof value === 'string' && value.trim() === '';
const asNumber = (value: number | string) => (typeof value === 'number' ? value : Number(value.trim()));

/** A rule value that cannot be read as a number becomes 0 (spec 2 §2); an empty one stays empty. */
export const settleFilterValue = (value: number | string): number | string =>
  isBlank(value) ? '' : Number.isFinite(asNumber(value)) ? asNumber(value) : 0;

/** An empty or non-numeric quantity becomes 1 (spec 2 §5); a number, even 0, stays for validation to judge. */
export const settleQuantity = (value: number | string): number =>
  isBlank(value) || !Number.isFinite(asNumber(value)) ? SEGMENT_ACTION_DEFAULTS.quantity : asNumber(value);

/** The request body: each action carries only the fields of its type. */
export const bodyOf = (values: TSegmentFormValues): TSaveSegmentRequest => ({
  name: values.name,
  description: values.description,
  filters: values.filters.map((rule) =>
    rule.type === 'all_players'
      ? { id: rule.id, type: rule.type }
      : {
          id: rule.id,
          type: rule.type,
          statistic_name: rule.statistic_name,
          comparison: rule.comparison,
          // Typed text goes as typed, so that the contract's own messages judge it.
          filter_value: typeof rule.filter_value === 'string' ? rule.filter_value.trim() : rule.filter_value,
        },
  ),
  actions: values.actions.map((action) =>
    action.type === 'grant_item'
      ? {
          id: action.id,
          type: action.type,
          trigger: action.trigger,
          item_id: action.item_id,
          quantity: settleQuantity(action.quantity),
        }
      : { id: action.id, type: action.type, trigger: action.trigger, mission_id: action.mission_id },
  ),
});

type TIssuePath = readonly (PropertyKey | undefined)[];

/** A contract or server path ('filters', 0, 'comparison') as the editor's key ('filters.{id}.comparison'). */
const keyOfPath = (values: TSegmentFormValues, path: TIssuePath): string | null => {
  const [head, index, field] = path;
  if (head === 'name' || head === 'description') return head;
  if ((head === 'filters' || head === 'actions') && index !== undefined && typeof field === 'string') {
    const item = values[head][Number(index)];
    return item ? `${head}.${item.id}.${field}` : null;
  }
  return null;
};

export const collect = (
  values: TSegmentFormValues,
  issues: readonly { path: TIssuePath; message: string }[],
) => {
  const errors: TSegmentFormErrors = {};
  for (const issue of issues) {
    const key = keyOfPath(values, issue.path);
    if (key !== null && errors[key] === undefined) errors[key] = issue.message;
  }
  return errors;
};

export type TSegmentFormResult =
  | { ok: true; body: TSaveSegmentRequest }
  | { ok: false; errors: TSegmentFormErrors };

/** A 400's `content.errors` ('filters.0.statistic_name') placed on the editor's fields. */
export const serverErrorsOf = (values: TSegmentFormValues, content: unknown): TSegmentFormErrors => {
  return collect(
    values,
    fieldErrorsIn(content).map(({ field, message }) => ({ path: field.split('.'), message })),
  );
};

/** Errors whose key belongs to the rule or action with this id. */
export const withoutItem = (errors: TSegmentFormErrors, list: 'filters' | 'actions', id: string) =>
  Object.fromEntries(Object.entries(errors).filter(([key]) => !key.startsWith(`${list}.${id}.`)));

import {
  DEFAULT_CASHBACK_TYPE,
  DEFAULT_DATE_RANGE_TYPE,
  flowNodeDefinition,
  RECURRING_CONDITION_DEFAULTS,
  type TCashbackType,
  type TDateRangeType,
  type TFlowNodeKind,
  TIME_CONDITION_DEFAULTS,
  type TNodeScopeType,
  type TObjectiveEventType,
  type TObjectiveScopeType,
  type TRecurringFrequency,
  TRIGGER_KIND_BY_EVENT_TYPE,
  TRIGGER_QUANTITY_LIMITS,
  type TTimeRangeType,
  type TWeekday,
} from '@laurel/contract';

export type TNodeScope = { type: TNodeScopeType; value: string[]; match_all: boolean };

/** A node's config (spec 2 §3): each kind uses its own fields. `labels` keeps picked records' names for display. */
export type TNodeConfig = {
  title?: string;
  trigger?: { trigger_quantity: number | string | null; trigger_target?: string | null };
  scope?: TNodeScope;
  scopes?: { type: TObjectiveScopeType; value: string }[];
  range_type?: TDateRangeType | TTimeRangeType;
  days?: number | null;
  start_date?: string | null;
  end_date?: string | null;
  time?: string;
  /** The unique node's field (config.field, spec 2 §3). */
  field?: string | null;
  /** The value node's minimum, or a reward's value: a badge id, XP, levels, a cashback percentage or amount. */
  value?: string | number | null;
  frequency?: TRecurringFrequency;
  interval?: number;
  day?: TWeekday;
  count?: number;
  currency_type?: TCashbackType | null;
  /** A cashback reward's wallet currency id. */
  currency?: string | null;
  labels?: Record<string, string>;
};

const objectiveDefaults = (eventType: TObjectiveEventType): TNodeConfig => ({
  title: flowNodeDefinition(eventType).name,
  trigger: { trigger_quantity: TRIGGER_QUANTITY_LIMITS[TRIGGER_KIND_BY_EVENT_TYPE[eventType]].default },
});

/** The spec's defaults: time After 12:00, date range duration, recurring daily every 1 on monday once. */
export const defaultConfigOf = (kind: TFlowNodeKind): TNodeConfig => {
  const { type } = flowNodeDefinition(kind);
  if (type === 'objective') return objectiveDefaults(kind as TObjectiveEventType);
  switch (kind) {
    case 'time':
      return { range_type: TIME_CONDITION_DEFAULTS.range_type, time: TIME_CONDITION_DEFAULTS.time };
    case 'value':
      return { value: '' };
    case 'payment_method':
      return { scopes: [] };
    case 'date_range':
      return { range_type: DEFAULT_DATE_RANGE_TYPE, days: null, start_date: null, end_date: null };
    case 'trigger_quantity':
      return { trigger: { trigger_quantity: 1 } };
    case 'product_category':
      return {
        title: '',
        trigger: { trigger_quantity: 1 },
        scope: { type: 'products', value: [], match_all: false },
        labels: {},
      };
    case 'recurring':
      return { ...RECURRING_CONDITION_DEFAULTS };
    case 'badges':
      return { value: null, labels: {} };
    case 'cashback':
      return { value: 0, currency_type: DEFAULT_CASHBACK_TYPE, currency: null, labels: {} };
    case 'xp':
    case 'level':
      return { value: 1 };
    default:
      return {};
  }
};

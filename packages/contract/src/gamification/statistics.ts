import { z } from 'zod';

export const ZAggregationMethod = z.enum(['Sum', 'Max', 'Min', 'Last']);
export type TAggregationMethod = z.infer<typeof ZAggregationMethod>;
export const AGGREGATION_METHODS = ZAggregationMethod.options;
export const DEFAULT_AGGREGATION_METHOD: TAggregationMethod = 'Last';

export const ZResetInterval = z.enum(['Manual', 'Hour', 'Day', 'Week', 'Month']);
export type TResetInterval = z.infer<typeof ZResetInterval>;
export const RESET_INTERVALS = ZResetInterval.options;
export const DEFAULT_RESET_INTERVAL: TResetInterval = 'Manual';

export const STATISTIC_DEFAULTS = {
  aggregation_method: DEFAULT_AGGREGATION_METHOD,
  reset_interval: DEFAULT_RESET_INTERVAL,
  version: 0,
} as const;

/** The name is immutable; an update sends only these fields (spec 2 §5). */
export const STATISTIC_UPDATABLE_FIELDS = ['aggregation_method', 'reset_interval'] as const;

/** The statistics table shows the first 8 characters of the id. */
export const STATISTIC_ID_DISPLAY_LENGTH = 8;

/** Apply one value to a running aggregate; no previous value means the value itself. */
export const aggregate = (method: TAggregationMethod, previous: number | null | undefined, value: number) => {
  if (previous === null || previous === undefined) return value;
  switch (method) {
    case 'Sum':
      return previous + value;
    case 'Max':
      return Math.max(previous, value);
    case 'Min':
      return Math.min(previous, value);
    case 'Last':
      return value;
  }
};

import { z } from 'zod';

/** Currency: cashback paid into a wallet currency; Statistic: XP. */
export const ZEarnConfigType = z.enum(['Currency', 'Statistic']);
export type TEarnConfigType = z.infer<typeof ZEarnConfigType>;
export const EARN_CONFIG_TYPES = ZEarnConfigType.options;

/** XP earn configs target the xp statistic. */
export const XP_EARN_TARGET = 'xp';

export const ZExcludeType = z.enum(['product', 'category']);
export type TExcludeType = z.infer<typeof ZExcludeType>;
export const EXCLUDE_TYPES = ZExcludeType.options;
export const DEFAULT_EXCLUDE_TYPE: TExcludeType = 'product';
/** Spec 3 §2: 'Exclusion type options: product (default) and category'. */
export const EXCLUDE_TYPE_LABELS: Record<TExcludeType, string> = {
  product: 'Product',
  category: 'Category',
};

export const ZCashbackType = z.enum(['percentage', 'fixed'], {
  error: "Cashback Type must be 'percentage' or 'fixed'",
});
export type TCashbackType = z.infer<typeof ZCashbackType>;
export const CASHBACK_TYPES = ZCashbackType.options;
export const DEFAULT_CASHBACK_TYPE: TCashbackType = 'percentage';
export const CASHBACK_TYPE_LABELS: Record<TCashbackType, string> = {
  percentage: 'Percentage',
  fixed: 'Fixed Amount',
};

/** Cashback value bounds: a percentage 0-100 in steps of 0.1, or a fixed amount from 0 in steps of 0.01. */
export const CASHBACK_VALUE_LIMITS = {
  percentage: { min: 0, max: 100, step: 0.1, decimals: 1 },
  fixed: { min: 0, max: Number.POSITIVE_INFINITY, step: 0.01, decimals: 2 },
} as const satisfies Record<TCashbackType, { min: number; max: number; step: number; decimals: number }>;

export const CASHBACK_AMOUNT_MESSAGES: Record<TCashbackType, string> = {
  percentage: 'Earn Amount must be a percentage from 0 to 100, in steps of 0.1',
  fixed: 'Earn Amount must be a fixed amount of 0 or more, in steps of 0.01',
};

/**
 * What is wrong with a cashback earn amount for its type (spec 3 §5 'Cashback value'), or null: a percentage is 0
 * to 100 in steps of 0.1, a fixed amount 0 or more in steps of 0.01. The type only says how the amount is
 * expressed; the engine pays earn_amount per trigger_value either way (DESIGN §5).
 */
export const cashbackAmountProblem = (type: TCashbackType, value: number) => {
  const { min, max, decimals } = CASHBACK_VALUE_LIMITS[type];
  // On the step when rounding to its decimals changes nothing (exact for any size, unlike dividing by the step).
  if (value >= min && value <= max && Number(value.toFixed(decimals)) === value) return null;
  return CASHBACK_AMOUNT_MESSAGES[type];
};

/** Fields whose zero or empty value counts as missing on save (spec 3 §5). */
export const EARN_CONFIG_REQUIRED_FIELDS = ['trigger_value', 'earn_amount', 'segment_id'] as const;

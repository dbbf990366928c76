import {
  cashbackAmountProblem,
  DEFAULT_CASHBACK_TYPE,
  DEFAULT_EXCLUDE_TYPE,
  EARN_CONFIG_MESSAGES,
  type TCashbackType,
  type TEarnConfig,
  type TExcludeType,
  type TSaveEarnConfigRequest,
  XP_EARN_TARGET,
} from '@laurel/contract';
import type { TPickerOption } from '@/ui/remote-picker';

/** Cashback configs pay into a wallet currency (type Currency); XP configs move the xp statistic (type Statistic). */
export type TEarnConfigKind = 'cashback' | 'xp';

/** A number field as typed: a number, or '' while empty. */
export type TNumberField = number | '';

export type TEarnConfigFormValues = {
  trigger_value: TNumberField;
  earn_amount: TNumberField;
  segment: TPickerOption | null;
  /** The wallet currency's id (cashback only). */
  currency_id: string | null;
  /**
   * How the cashback earn amount is expressed, which bounds it: a percentage (0-100, steps of 0.1) or a fixed
   * amount (from 0, steps of 0.01). Saved with the config; XP configs have none (sent as null).
   */
  cashback_type: TCashbackType;
  exclude_type: TExcludeType;
  excluded_products: TPickerOption[];
  excluded_categories: TPickerOption[];
};

export type TEarnConfigField = 'trigger_value' | 'earn_amount' | 'segment_id' | 'currency';
export type TEarnConfigError = { field: TEarnConfigField; message: string };

export const newEarnConfigValues = (): TEarnConfigFormValues => ({
  trigger_value: '',
  earn_amount: '',
  segment: null,
  currency_id: null,
  cashback_type: DEFAULT_CASHBACK_TYPE,
  exclude_type: DEFAULT_EXCLUDE_TYPE,
  excluded_products: [],
  excluded_categories: [],
});

/** Zero counts as missing (spec 3 §5): a rule that earns nothing, or per nothing, is no rule. */
const missing = (value: TNumberField) => value === '' || !Number.isFinite(value) || value === 0;

/**
 * The save's rules (spec 3 §5) in the spec's order, as the server checks them: trigger value, earn amount (for
 * cashback within its type's bounds, §5 'Cashback value'), segment and, for cashback, the currency; each zero or
 * empty value is missing.
 */
export const validateEarnConfig = (values: TEarnConfigFormValues, kind: TEarnConfigKind) => {
  const errors: TEarnConfigError[] = [];
  if (missing(values.trigger_value))
    errors.push({ field: 'trigger_value', message: EARN_CONFIG_MESSAGES.triggerValueRequired });
  const amount = values.earn_amount;
  if (missing(amount))
    errors.push({ field: 'earn_amount', message: EARN_CONFIG_MESSAGES.earnAmountRequired });
  else if (kind === 'cashback' && amount !== '') {
    const problem = cashbackAmountProblem(values.cashback_type, amount);
    if (problem) errors.push({ field: 'earn_amount', message: problem });
  }
  if (!values.segment) errors.push({ field: 'segment_id', message: EARN_CONFIG_MESSAGES.segmentRequired });
  if (kind === 'cashback' && !values.currency_id)
    errors.push({ field: 'currency', message: EARN_CONFIG_MESSAGES.currencyRequired });
  return errors;
};

export const errorsByField = (errors: readonly TEarnConfigError[]) => {
  const byField: Partial<Record<TEarnConfigField, string>> = {};
  for (const error of errors) byField[error.field] ??= error.message;
  return byField;
};

const ids = (options: readonly TPickerOption[]) => options.map((option) => option.value);

/**
 * The exclusion lists to send: only the kind the exclusion type shows (the other cannot be seen, so it is not
 * kept), and an empty list as null (spec 3 §5).
 */
export const exclusionsToSave = (values: TEarnConfigFormValues) => {
  const products = values.exclude_type === 'product' ? ids(values.excluded_products) : [];
  const categories = values.exclude_type === 'category' ? ids(values.excluded_categories) : [];
  return {
    excluded_product_ids: products.length > 0 ? products : null,
    excluded_category_ids: categories.length > 0 ? categories : null,
  };
};

const sameOptions = (a: readonly TPickerOption[], b: readonly TPickerOption[]) =>
  a.length === b.length && a.every((option, index) => option.value === b[index]?.value);

/** Whether anything was edited (Save waits for an edit, spec 3 §4); the cashback type alone is an edit. */
export const isSameEarnConfig = (a: TEarnConfigFormValues, b: TEarnConfigFormValues) =>
  a.trigger_value === b.trigger_value &&
  a.cashback_type === b.cashback_type &&
  a.earn_amount === b.earn_amount &&
  a.segment?.value === b.segment?.value &&
  a.currency_id === b.currency_id &&
  a.exclude_type === b.exclude_type &&
  sameOptions(a.excluded_products, b.excluded_products) &&
  sameOptions(a.excluded_categories, b.excluded_categories);

/** The form's values of a stored config; the excluded products' and categories' names come from the catalogue. */
export const valuesOfEarnConfig = (
  config: TEarnConfig,
  labels: { products: TPickerOption[]; categories: TPickerOption[] },
): TEarnConfigFormValues => ({
  trigger_value: config.trigger_value,
  earn_amount: config.earn_amount,
  segment: { value: config.segment_id, label: config.segment_name },
  currency_id: config.type === 'Currency' ? config.earn_target : null,
  cashback_type: config.cashback_type ?? DEFAULT_CASHBACK_TYPE,
  exclude_type: config.exclude_type,
  excluded_products: labels.products,
  excluded_categories: labels.categories,
});

/** The save's body; call it once `validateEarnConfig` found nothing. */
export const toEarnConfigBody = (
  values: TEarnConfigFormValues,
  kind: TEarnConfigKind,
): TSaveEarnConfigRequest => ({
  type: kind === 'cashback' ? 'Currency' : 'Statistic',
  trigger_value: values.trigger_value === '' ? null : values.trigger_value,
  earn_amount: values.earn_amount === '' ? null : values.earn_amount,
  segment_id: values.segment?.value ?? null,
  earn_target: kind === 'cashback' ? values.currency_id : XP_EARN_TARGET,
  cashback_type: kind === 'cashback' ? values.cashback_type : null,
  exclude_type: values.exclude_type,
  ...exclusionsToSave(values),
});

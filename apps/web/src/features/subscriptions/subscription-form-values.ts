import {
  DEFAULT_SUBSCRIPTION_STATUS,
  SUBSCRIPTION_CONDITIONAL_RULES,
  type TOnPaymentFailure,
  type TSaveSubscriptionRequest,
  type TSubscriptionApplyTo,
  type TSubscriptionDetails,
  type TSubscriptionPaymentType,
  type TSubscriptionPeriod,
  type TSubscriptionStatus,
  type TSubscriptionType,
  type TSubscriptionUsageType,
  toIsoDate,
} from '@laurel/contract';
import { fieldErrorsIn } from '@/api/field-errors';
import type { TPickerOption } from '@/ui/remote-picker';

type TNumber = number | '';

/** What the subscription editor holds: numbers as typed, pickers with their labels, choices possibly empty. */
export type TSubscriptionFormValues = {
  name: string;
  description: string;
  sku: string;
  image: string | null;
  notes: string;
  price: TNumber;
  status: TSubscriptionStatus;
  period: TSubscriptionPeriod | null;
  custom_days: TNumber;
  type: TSubscriptionType | null;
  number_of_periods: TNumber;
  start_date: string;
  end_date: string;
  expires: boolean;
  expires_in: TNumber;
  apply_to: TSubscriptionApplyTo | null;
  categories: TPickerOption[];
  primary_products: TPickerOption[];
  products: TPickerOption[];
  branches: TPickerOption[];
  free_trial: boolean;
  trial_period: TNumber;
  trial_conversion: boolean;
  auto_renewal: boolean;
  is_new: boolean;
  cheapest_only: boolean;
  billable: boolean;
  discountable: boolean;
  carry_over: boolean;
  payment_type: TSubscriptionPaymentType | null;
  subscription_usage_type: TSubscriptionUsageType | null;
  on_payment_failure: TOnPaymentFailure | null;
  pause_while_retrying: boolean;
  retry_days: TNumber;
  retry_count: TNumber;
  max_per_user: TNumber;
  max_redemptions_per_day: TNumber;
  max_redemptions_per_period: TNumber;
};
export type TSubscriptionFormField = keyof TSubscriptionFormValues;
export type TSubscriptionFormErrors = Partial<Record<TSubscriptionFormField, string>>;

const FIELDS = [
  'name',
  'description',
  'sku',
  'image',
  'notes',
  'price',
  'status',
  'period',
  'custom_days',
  'type',
  'number_of_periods',
  'start_date',
  'end_date',
  'expires',
  'expires_in',
  'apply_to',
  'categories',
  'primary_products',
  'products',
  'branches',
  'free_trial',
  'trial_period',
  'trial_conversion',
  'auto_renewal',
  'is_new',
  'cheapest_only',
  'billable',
  'discountable',
  'carry_over',
  'payment_type',
  'subscription_usage_type',
  'on_payment_failure',
  'pause_while_retrying',
  'retry_days',
  'retry_count',
  'max_per_user',
  'max_redemptions_per_day',
  'max_redemptions_per_period',
] as const satisfies readonly TSubscriptionFormField[];

/** A new plan: a draft that starts today; the choices wait for the user. */
export const newSubscriptionValues = (today = toIsoDate(new Date())): TSubscriptionFormValues => ({
  name: '',
  description: '',
  sku: '',
  image: null,
  notes: '',
  price: '',
  status: DEFAULT_SUBSCRIPTION_STATUS,
  period: null,
  custom_days: '',
  type: null,
  number_of_periods: '',
  start_date: today,
  end_date: '',
  expires: false,
  expires_in: '',
  apply_to: null,
  categories: [],
  primary_products: [],
  products: [],
  branches: [],
  free_trial: false,
  trial_period: '',
  trial_conversion: false,
  auto_renewal: false,
  is_new: false,
  cheapest_only: false,
  billable: true,
  discountable: false,
  carry_over: false,
  payment_type: null,
  subscription_usage_type: null,
  on_payment_failure: null,
  pause_while_retrying: false,
  retry_days: '',
  retry_count: '',
  max_per_user: '',
  max_redemptions_per_day: '',
  max_redemptions_per_period: '',
});

const num = (value: number | null): TNumber => value ?? '';

export const valuesOfSubscription = (plan: TSubscriptionDetails): TSubscriptionFormValues => ({
  name: plan.name,
  description: plan.description,
  sku: plan.sku,
  image: plan.image,
  notes: plan.notes ?? '',
  price: plan.price,
  status: plan.status,
  period: plan.period,
  custom_days: num(plan.custom_days),
  type: plan.type,
  number_of_periods: num(plan.number_of_periods),
  start_date: plan.start_date,
  end_date: plan.end_date ?? '',
  expires: plan.expires,
  expires_in: plan.expires_in,
  apply_to: plan.apply_to,
  categories: plan.category_details.map((item) => ({ value: item._id, label: item.name })),
  primary_products: plan.primary_product_details.map((item) => ({ value: item._id, label: item.title })),
  products: plan.product_details.map((item) => ({ value: item._id, label: item.title })),
  branches: plan.branch_details.map((item) => ({ value: item._id, label: item.display_name })),
  free_trial: plan.free_trial,
  trial_period: num(plan.trial_period),
  trial_conversion: plan.trial_conversion,
  auto_renewal: plan.auto_renewal,
  is_new: plan.is_new,
  cheapest_only: plan.cheapest_only,
  billable: plan.billable,
  discountable: plan.discountable,
  carry_over: plan.carry_over,
  payment_type: plan.payment_type,
  subscription_usage_type: plan.subscription_usage_type,
  on_payment_failure: plan.on_payment_failure,
  pause_while_retrying: plan.pause_while_retrying,
  retry_days: num(plan.retry_days),
  retry_count: num(plan.retry_count),
  max_per_user: num(plan.max_per_user),
  max_redemptions_per_day: num(plan.max_redemptions_per_day),
  max_redemptions_per_period: num(plan.max_redemptions_per_period),
});

const isOptionList = (value: unknown): value is TPickerOption[] => Array.isArray(value);

export const isSameValues = (a: TSubscriptionFormValues, b: TSubscriptionFormValues) =>
  FIELDS.every((field) => {
    const left = a[field];
    const right = b[field];
    if (isOptionList(left) && isOptionList(right))
      return left.map((option) => option.value).join() === right.map((option) => option.value).join();
    return left === right;
  });

type TRule = (typeof SUBSCRIPTION_CONDITIONAL_RULES)[number];
type TConditionalField = TRule['field'];

/**
 * Whether a field that depends on another is in play (spec 1 §5): categories with CATEGORY, retry days and count
 * with RETRY, primary products and products with COMPOUND… A field outside its condition is hidden and not sent.
 */
export const isInPlay = (values: TSubscriptionFormValues, field: TConditionalField) => {
  const rules = SUBSCRIPTION_CONDITIONAL_RULES.filter((rule) => rule.field === field);
  return rules.some((rule) => values[rule.when] === rule.equals);
};

/** Shown whatever the other fields hold (optional, required only when their rule holds). */
const ALWAYS_SHOWN: readonly TConditionalField[] = ['end_date', 'max_redemptions_per_period'];

const orNull = (value: TNumber) => (value === '' ? null : value);
const orUndefined = <T>(value: T | null) => value ?? undefined;

/** The body the editor would send: hidden fields go as empty so that a plan never keeps what it no longer uses. */
export const requestOf = (values: TSubscriptionFormValues): Record<string, unknown> => {
  const kept = (field: TConditionalField) => ALWAYS_SHOWN.includes(field) || isInPlay(values, field);
  const list = (field: 'categories' | 'primary_products' | 'products' | 'branches') =>
    kept(field) ? values[field].map((option) => option.value) : [];
  const count = (field: 'custom_days' | 'number_of_periods' | 'retry_days' | 'retry_count') =>
    kept(field) ? orNull(values[field]) : null;
  return {
    name: values.name,
    description: values.description,
    sku: values.sku,
    image: values.image,
    notes: values.notes,
    price: values.price === '' ? undefined : values.price,
    status: values.status,
    period: orUndefined(values.period),
    custom_days: count('custom_days'),
    type: orUndefined(values.type),
    number_of_periods: count('number_of_periods'),
    start_date: values.start_date,
    end_date: values.end_date || null,
    expires: values.expires,
    expires_in: values.expires_in === '' ? undefined : values.expires_in,
    apply_to: orUndefined(values.apply_to),
    categories: list('categories'),
    primary_products: list('primary_products'),
    products: list('products'),
    branches: list('branches'),
    free_trial: values.free_trial,
    trial_period: values.free_trial ? orNull(values.trial_period) : null,
    trial_conversion: values.free_trial && values.trial_conversion,
    auto_renewal: values.auto_renewal,
    is_new: values.is_new,
    cheapest_only: values.cheapest_only,
    billable: values.billable,
    discountable: values.discountable,
    carry_over: values.carry_over,
    payment_type: orUndefined(values.payment_type),
    subscription_usage_type: orUndefined(values.subscription_usage_type),
    on_payment_failure: orUndefined(values.on_payment_failure),
    pause_while_retrying: values.on_payment_failure === 'RETRY' && values.pause_while_retrying,
    retry_days: count('retry_days'),
    retry_count: count('retry_count'),
    max_per_user: orNull(values.max_per_user),
    max_redemptions_per_day: orNull(values.max_redemptions_per_day),
    max_redemptions_per_period: orNull(values.max_redemptions_per_period),
  };
};

export type TSubscriptionFormResult =
  | { ok: true; body: TSaveSubscriptionRequest }
  | { ok: false; errors: TSubscriptionFormErrors };

export const isField = (key: unknown): key is TSubscriptionFormField =>
  typeof key === 'string' && (FIELDS as readonly string[]).includes(key);

/** A 400's `content.errors` placed on the editor's fields. */
export const serverErrorsOf = (content: unknown): TSubscriptionFormErrors => {
  const errors: TSubscriptionFormErrors = {};
  for (const { field, message } of fieldErrorsIn(content)) {
    if (isField(field) && errors[field] === undefined) errors[field] = message;
  }
  return errors;
};

export const SUBSCRIPTION_FORM_FIELDS = FIELDS;

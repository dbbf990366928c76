import { z } from 'zod';
import { fieldLabel, requiredMessage } from '../messages/form-rules';
import { checkDate, DATE_MESSAGES } from '../shared/dates';
import {
  type TSubscriptionPeriod,
  type TSubscriptionStatus,
  ZOnPaymentFailure,
  ZSubscriptionApplyTo,
  ZSubscriptionPaymentType,
  ZSubscriptionPeriod,
  ZSubscriptionStatus,
  ZSubscriptionType,
  ZSubscriptionUsageType,
} from '../shared/subscriptions';
import { idList, moneyField, optionalText, optionalWholeNumber, requiredText, wholeNumber } from './fields';

/** Subscription plans a client sells to its customers (spec 1 §2.14, §3 Subscription, §4, §5). */

export const SUBSCRIPTION_LIMITS = {
  nameMaxLength: 120,
  skuMaxLength: 64,
  descriptionMaxLength: 2000,
  notesMaxLength: 2000,
  urlMaxLength: 2000,
  /** Days: trial, custom period, expiry, retries. */
  maxDays: 3650,
  maxCount: 1_000_000,
} as const;

export const SUBSCRIPTION_API_MESSAGES = {
  saved: 'Subscription saved.',
  deleted: 'Subscription deleted.',
  notFound: 'The subscription could not be found.',
  skuTaken: 'A subscription with this SKU already exists.',
  endBeforeStart: 'end date must not be before start date',
  unknownCategories: 'One or more of the chosen categories do not exist.',
  unknownProducts: 'One or more of the chosen products do not exist.',
  unknownBranches: 'One or more of the chosen branches do not exist.',
  hasSubscribers: 'This subscription has been issued to customers; pause it instead of deleting it.',
  backToDraft: 'A subscription that has been issued to customers cannot return to draft.',
  /** Issuing (spec 1 §7 `POST product/issue_subscription`). */
  notIssuable: (status: TSubscriptionStatus) =>
    `Only an active subscription can be issued; this one is ${status.toLowerCase().replace('_', ' ')}.`,
  ended: (date: string) => `This subscription ended on ${date}.`,
  notStarted: (date: string) => `This subscription starts on ${date}.`,
  alreadyHeld: 'This customer already holds this subscription.',
  customerSubscriptionNotFound: "The customer's subscription could not be found.",
} as const;

/** Redemptions (`POST /api/v1/subscriptions/{id}/redemptions`): each refusal names the limit it met. */
export const REDEMPTION_MESSAGES = {
  recorded: 'Redemption recorded.',
  duplicate: 'Redemption already recorded.',
  conflict: 'A redemption with this id was already recorded with different details.',
  planNotActive: (status: TSubscriptionStatus) =>
    `This subscription is ${status.toLowerCase().replace('_', ' ')}; only an active subscription can be redeemed (status).`,
  notHeld: 'This customer does not hold this subscription.',
  customerSubscriptionInactive: (status: string) =>
    `The customer's subscription is ${status.toLowerCase()}; it cannot be redeemed (status).`,
  expired: (date: string) => `The customer's subscription expired on ${date} (expires).`,
  ended: (date: string) => `This subscription ended on ${date} (end_date).`,
  dailyLimit: (limit: number) =>
    `The daily limit of ${limit} ${limit === 1 ? 'redemption' : 'redemptions'} has been reached (max_redemptions_per_day).`,
  periodLimit: (limit: number, period: string) =>
    `The limit of ${limit} ${limit === 1 ? 'redemption' : 'redemptions'} per ${period} has been reached (max_redemptions_per_period).`,
  userLimit: (limit: number) =>
    `This customer has used all ${limit} ${limit === 1 ? 'redemption' : 'redemptions'} a customer may make (max_per_user).`,
  productNotCovered: 'This product is not covered by this subscription (apply_to).',
  branchNotCovered: 'This branch is not covered by this subscription (apply_to).',
  branchRequired: 'branch id is required',
  unknownProduct: 'No product has this SKU.',
  unknownBranch: 'The branch does not exist.',
  branchNotManaged: 'You can only record redemptions at the branches you manage.',
} as const;

const PERIOD_NAMES: Record<Exclude<TSubscriptionPeriod, 'CUSTOM'>, string> = {
  WEEKLY: 'week',
  MONTHLY: 'month',
  ANNUALLY: 'year',
  ONCE_OFF: 'subscription',
};

/** How a redemption period is named in a message: 'week', '10 days', 'subscription' (once-off)… */
export const redemptionPeriodName = (period: TSubscriptionPeriod, customDays: number | null) =>
  period === 'CUSTOM' ? `${customDays ?? 1} days` : PERIOD_NAMES[period];

/** An enum field whose absence is '{field} is required'. */
const requiredEnum = <T extends Readonly<Record<string, string>>>(field: string, values: T) =>
  z.enum(values, {
    error: (issue) =>
      issue.input === undefined || issue.input === null || issue.input === ''
        ? requiredMessage(field)
        : `${fieldLabel(field)} must be one of ${Object.values(values).join(', ')}`,
  });

/** A plan's date: its own format message; impossible days and days out of range get the shared ones. */
const dateMessages = (field: string) => ({
  ...DATE_MESSAGES,
  format: `${fieldLabel(field)} must be a date in the format YYYY-MM-DD`,
});

const isoDate = (field: string) =>
  z
    .string({ error: requiredMessage(field) })
    .trim()
    .min(1, { message: requiredMessage(field), abort: true })
    .superRefine(checkDate(dateMessages(field)));

const days = (field: string) => optionalWholeNumber(field, 1, SUBSCRIPTION_LIMITS.maxDays);
const count = (field: string) => optionalWholeNumber(field, 1, SUBSCRIPTION_LIMITS.maxCount);

const ZSubscriptionFields = z.object({
  name: requiredText('name', SUBSCRIPTION_LIMITS.nameMaxLength),
  description: requiredText('description', SUBSCRIPTION_LIMITS.descriptionMaxLength),
  sku: requiredText('sku', SUBSCRIPTION_LIMITS.skuMaxLength),
  image: optionalText('image', SUBSCRIPTION_LIMITS.urlMaxLength),
  notes: optionalText('notes', SUBSCRIPTION_LIMITS.notesMaxLength),
  price: moneyField('price'),
  period: requiredEnum('period', ZSubscriptionPeriod.enum),
  /** The length of a CUSTOM period, in days. */
  custom_days: days('custom_days'),
  type: requiredEnum('type', ZSubscriptionType.enum),
  /** How many periods a FIXED_PERIOD subscription runs. */
  number_of_periods: count('number_of_periods'),
  apply_to: requiredEnum('apply_to', ZSubscriptionApplyTo.enum),
  categories: idList('categories'),
  primary_products: idList('primary_products'),
  products: idList('products'),
  /** The branches a BRANCH subscription covers. */
  branches: idList('branches'),
  start_date: isoDate('start_date'),
  end_date: z
    .string({ error: dateMessages('end_date').format })
    .trim()
    .superRefine((value, ctx) => {
      if (value !== '') checkDate(dateMessages('end_date'))(value, ctx);
    })
    .nullable()
    .optional()
    .transform((value) => value || null),
  /** Whether a customer's subscription lapses `expires_in` days after it is issued. */
  expires: z.boolean().default(false),
  expires_in: wholeNumber('expires_in', 1, SUBSCRIPTION_LIMITS.maxDays),
  free_trial: z.boolean().default(false),
  /** Days of free trial. */
  trial_period: days('trial_period'),
  trial_conversion: z.boolean().default(false),
  auto_renewal: z.boolean().default(false),
  is_new: z.boolean().default(false),
  cheapest_only: z.boolean().default(false),
  billable: z.boolean().default(true),
  discountable: z.boolean().default(false),
  carry_over: z.boolean().default(false),
  payment_type: requiredEnum('payment_type', ZSubscriptionPaymentType.enum),
  subscription_usage_type: requiredEnum('subscription_usage_type', ZSubscriptionUsageType.enum),
  on_payment_failure: requiredEnum('on_payment_failure', ZOnPaymentFailure.enum),
  pause_while_retrying: z.boolean().default(false),
  retry_days: days('retry_days'),
  retry_count: count('retry_count'),
  max_per_user: count('max_per_user'),
  max_redemptions_per_day: count('max_redemptions_per_day'),
  max_redemptions_per_period: count('max_redemptions_per_period'),
  status: ZSubscriptionStatus.default('DRAFT'),
});

type Draft = Partial<Record<keyof z.output<typeof ZSubscriptionFields>, unknown>>;

const isEmpty = (value: unknown) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/**
 * Fields required only when another field holds a value: spec 1 §5 (CATEGORY -> categories, COMPOUND ->
 * primary_products and products, RETRY -> retry_days and retry_count), and the ones a plan cannot work without
 * (DESIGN: build what a serious platform would): PRODUCT -> products, BRANCH -> branches, CUSTOM period ->
 * custom_days, FIXED_PERIOD -> number_of_periods, FIXED_END_DATE -> end_date, PRE_PAYMENT (redemptions capped)
 * -> max_redemptions_per_period.
 */
export const SUBSCRIPTION_CONDITIONAL_RULES = [
  { field: 'categories', when: 'apply_to', equals: 'CATEGORY' },
  { field: 'primary_products', when: 'apply_to', equals: 'COMPOUND' },
  { field: 'products', when: 'apply_to', equals: 'COMPOUND' },
  { field: 'products', when: 'apply_to', equals: 'PRODUCT' },
  { field: 'branches', when: 'apply_to', equals: 'BRANCH' },
  { field: 'retry_days', when: 'on_payment_failure', equals: 'RETRY' },
  { field: 'retry_count', when: 'on_payment_failure', equals: 'RETRY' },
  { field: 'custom_days', when: 'period', equals: 'CUSTOM' },
  { field: 'number_of_periods', when: 'type', equals: 'FIXED_PERIOD' },
  { field: 'end_date', when: 'type', equals: 'FIXED_END_DATE' },
  { field: 'max_redemptions_per_period', when: 'payment_type', equals: 'PRE_PAYMENT' },
] as const satisfies readonly { field: keyof Draft; when: keyof Draft; equals: string }[];

/**
 * The subscription editor's body (spec 1 §3, §5). Every message follows the generic rules ('{field} is
 * required', underscores as spaces); the conditional rules run even when other fields fail, so one answer lists
 * every problem.
 */
export const ZSaveSubscriptionRequest = ZSubscriptionFields.superRefine(
  (value, ctx) => {
    if (typeof value !== 'object' || value === null) return;
    const draft = value as Draft;
    for (const rule of SUBSCRIPTION_CONDITIONAL_RULES) {
      if (draft[rule.when] === rule.equals && isEmpty(draft[rule.field])) {
        ctx.addIssue({ code: 'custom', path: [rule.field], message: requiredMessage(rule.field) });
      }
    }
    const { start_date: start, end_date: end } = draft;
    if (typeof start === 'string' && typeof end === 'string' && end !== '' && end < start) {
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: SUBSCRIPTION_API_MESSAGES.endBeforeStart });
    }
  },
  { when: () => true },
);
export type TSaveSubscriptionRequest = z.input<typeof ZSaveSubscriptionRequest>;
export type TSaveSubscription = z.output<typeof ZSaveSubscriptionRequest>;

/** A plan as the console reads it: every field of spec 1 §3 Subscription, money as decimals. */
export const ZSubscription = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  sku: z.string(),
  image: z.string().nullable(),
  notes: z.string().nullable(),
  price: z.number(),
  period: ZSubscriptionPeriod,
  custom_days: z.number().int().nullable(),
  type: ZSubscriptionType,
  number_of_periods: z.number().int().nullable(),
  apply_to: ZSubscriptionApplyTo,
  categories: z.array(z.string()),
  primary_products: z.array(z.string()),
  products: z.array(z.string()),
  branches: z.array(z.string()),
  start_date: z.string(),
  end_date: z.string().nullable(),
  expires: z.boolean(),
  expires_in: z.number().int(),
  free_trial: z.boolean(),
  trial_period: z.number().int().nullable(),
  trial_conversion: z.boolean(),
  auto_renewal: z.boolean(),
  is_new: z.boolean(),
  cheapest_only: z.boolean(),
  billable: z.boolean(),
  discountable: z.boolean(),
  carry_over: z.boolean(),
  payment_type: ZSubscriptionPaymentType,
  subscription_usage_type: ZSubscriptionUsageType,
  on_payment_failure: ZOnPaymentFailure,
  pause_while_retrying: z.boolean(),
  retry_days: z.number().int().nullable(),
  retry_count: z.number().int().nullable(),
  max_per_user: z.number().int().nullable(),
  max_redemptions_per_day: z.number().int().nullable(),
  max_redemptions_per_period: z.number().int().nullable(),
  status: ZSubscriptionStatus,
  /** Computed from the customers' subscriptions and redemptions (within the caller's branches). */
  last_purchase_date: z.string().nullable(),
  last_redemption_date: z.string().nullable(),
  subscribers: z.number().int(),
  redemptions: z.number().int(),
  createdAt: z.string(),
  updated_at: z.string(),
});
export type TSubscription = z.infer<typeof ZSubscription>;

const ZProductSummary = z.object({
  _id: z.string(),
  title: z.string(),
  sku: z.string(),
  pid: z.string().nullable(),
  price: z.number(),
  image_url: z.string().nullable(),
});

/** One plan with the products, categories and branches it names (the details page's tables). */
export const ZSubscriptionDetails = ZSubscription.extend({
  product_details: z.array(ZProductSummary),
  primary_product_details: z.array(ZProductSummary),
  category_details: z.array(z.object({ _id: z.string(), name: z.string() })),
  branch_details: z.array(z.object({ _id: z.string(), display_name: z.string() })),
});
export type TSubscriptionDetails = z.infer<typeof ZSubscriptionDetails>;

/** Subscription analytics (spec 1 §2.14), computed from the customers' subscriptions and redemptions. */
export const ZSubscriptionAnalytics = z.object({
  /** Customers whose subscription is current (active or on trial, not expired). */
  subscribers: z.number().int(),
  /** Every subscription issued, current or not. */
  issued: z.number().int(),
  redemptions: z.number().int(),
  /** What the subscriptions brought in: purchases (nothing during a free trial) plus redemption charges. */
  subscriptionsValue: z.number(),
  /** The product redeemed most often under this subscription. */
  mostPurchasedProduct: z
    .object({ _id: z.string(), title: z.string(), sku: z.string(), count: z.number().int() })
    .nullable(),
  /** Revenue added per day (client's time zone), oldest first, with the running total. */
  incrementalRevenueDate: z.array(
    z.object({ date: z.string(), revenue: z.number(), cumulative: z.number() }),
  ),
});
export type TSubscriptionAnalytics = z.infer<typeof ZSubscriptionAnalytics>;

import { z } from 'zod';
import { verbatimLabels } from './verbatim-labels';

/** Product subscriptions sold to customers (spec 1 §3-5). */
export const ZSubscriptionPeriod = z.enum(['CUSTOM', 'WEEKLY', 'MONTHLY', 'ANNUALLY', 'ONCE_OFF']);
export type TSubscriptionPeriod = z.infer<typeof ZSubscriptionPeriod>;
export const SUBSCRIPTION_PERIODS = ZSubscriptionPeriod.options;
export const SUBSCRIPTION_PERIOD_LABELS = verbatimLabels(SUBSCRIPTION_PERIODS);

export const ZSubscriptionType = z.enum(['FIXED_PERIOD', 'ONGOING', 'FIXED_END_DATE']);
export type TSubscriptionType = z.infer<typeof ZSubscriptionType>;
export const SUBSCRIPTION_TYPES = ZSubscriptionType.options;
export const SUBSCRIPTION_TYPE_LABELS = verbatimLabels(SUBSCRIPTION_TYPES);

export const ZSubscriptionApplyTo = z.enum(['PRODUCT', 'CATEGORY', 'BASKET', 'BRANCH', 'COMPOUND']);
export type TSubscriptionApplyTo = z.infer<typeof ZSubscriptionApplyTo>;
export const SUBSCRIPTION_APPLY_TO = ZSubscriptionApplyTo.options;
export const SUBSCRIPTION_APPLY_TO_LABELS = verbatimLabels(SUBSCRIPTION_APPLY_TO);

export const ZSubscriptionStatus = z.enum(['DRAFT', 'ACTIVE', 'COMING_SOON', 'PAUSED']);
export type TSubscriptionStatus = z.infer<typeof ZSubscriptionStatus>;
export const SUBSCRIPTION_STATUSES = ZSubscriptionStatus.options;
export const DEFAULT_SUBSCRIPTION_STATUS: TSubscriptionStatus = 'DRAFT';
export const SUBSCRIPTION_STATUS_LABELS = verbatimLabels(SUBSCRIPTION_STATUSES);

export const ZOnPaymentFailure = z.enum(['CANCEL', 'RETRY', 'PAUSE']);
export type TOnPaymentFailure = z.infer<typeof ZOnPaymentFailure>;
export const ON_PAYMENT_FAILURE_OPTIONS = ZOnPaymentFailure.options;
export const ON_PAYMENT_FAILURE_LABELS = verbatimLabels(ON_PAYMENT_FAILURE_OPTIONS);

/** POST_PAYMENT: redemptions charged in arrears; PRE_PAYMENT: paid upfront, redemptions capped. */
export const ZSubscriptionPaymentType = z.enum(['POST_PAYMENT', 'PRE_PAYMENT']);
export type TSubscriptionPaymentType = z.infer<typeof ZSubscriptionPaymentType>;
export const SUBSCRIPTION_PAYMENT_TYPES = ZSubscriptionPaymentType.options;
export const SUBSCRIPTION_PAYMENT_TYPE_LABELS = verbatimLabels(SUBSCRIPTION_PAYMENT_TYPES);

/** ORDER_CREATION: an order is created on activation; SELECTIVE_USAGE: activated first, redeemed on selection. */
export const ZSubscriptionUsageType = z.enum(['ORDER_CREATION', 'SELECTIVE_USAGE']);
export type TSubscriptionUsageType = z.infer<typeof ZSubscriptionUsageType>;
export const SUBSCRIPTION_USAGE_TYPES = ZSubscriptionUsageType.options;
export const SUBSCRIPTION_USAGE_TYPE_LABELS = verbatimLabels(SUBSCRIPTION_USAGE_TYPES);

/** Subscription form fields that may be left empty; expires_in is always required (spec 1 §5). */
export const SUBSCRIPTION_OPTIONAL_FIELDS = [
  'image',
  'notes',
  'end_date',
  'trial_period',
  'custom_days',
] as const;

/** Fields required only when another field holds a value (spec 1 §5). */
export const SUBSCRIPTION_DEPENDENT_REQUIRED_FIELDS = [
  { fields: ['categories'], when: 'apply_to', equals: ZSubscriptionApplyTo.enum.CATEGORY },
  { fields: ['retry_days', 'retry_count'], when: 'on_payment_failure', equals: ZOnPaymentFailure.enum.RETRY },
  { fields: ['primary_products', 'products'], when: 'apply_to', equals: ZSubscriptionApplyTo.enum.COMPOUND },
] as const;

/** Columns the subscriptions table shows until the user chooses (spec 1 §2.14). */
export const SUBSCRIPTION_DEFAULT_COLUMNS = [
  'image',
  'name',
  'createdAt',
  'end_date',
  'free_trial',
  'payment_type',
  'last_redemption_date',
  'status',
] as const;

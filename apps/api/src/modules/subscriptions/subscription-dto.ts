import {
  fromMinorUnits,
  type TCustomerSubscription,
  type TCustomerSubscriptionStatus,
  type TOnPaymentFailure,
  type TSaveSubscription,
  type TSubscription,
  type TSubscriptionApplyTo,
  type TSubscriptionPaymentType,
  type TSubscriptionPeriod,
  type TSubscriptionStatus,
  type TSubscriptionType,
  type TSubscriptionUsageType,
  toIsoDate,
  toMinorUnits,
} from '@laurel/contract';
import type { customerSubscriptions } from '../../db/schema';
import type { PlanFigures, PlanRow } from './subscriptions.queries';

const iso = (value: Date | null) => value?.toISOString() ?? null;

/** The columns a save writes. */
export const planColumnsOf = (input: TSaveSubscription) => ({
  name: input.name,
  description: input.description,
  sku: input.sku,
  image: input.image,
  notes: input.notes,
  priceMinor: toMinorUnits(input.price),
  period: input.period,
  customDays: input.period === 'CUSTOM' ? input.custom_days : null,
  type: input.type,
  numberOfPeriods: input.number_of_periods,
  applyTo: input.apply_to,
  categoryIds: input.categories,
  primaryProductIds: input.primary_products,
  productIds: input.products,
  branchIds: input.branches,
  startDate: input.start_date,
  endDate: input.end_date,
  expires: input.expires,
  expiresIn: input.expires_in,
  freeTrial: input.free_trial,
  trialPeriod: input.trial_period,
  trialConversion: input.trial_conversion,
  autoRenewal: input.auto_renewal,
  isNew: input.is_new,
  cheapestOnly: input.cheapest_only,
  billable: input.billable,
  discountable: input.discountable,
  carryOver: input.carry_over,
  paymentType: input.payment_type,
  usageType: input.subscription_usage_type,
  onPaymentFailure: input.on_payment_failure,
  pauseWhileRetrying: input.pause_while_retrying,
  retryDays: input.on_payment_failure === 'RETRY' ? input.retry_days : null,
  retryCount: input.on_payment_failure === 'RETRY' ? input.retry_count : null,
  maxPerUser: input.max_per_user,
  maxRedemptionsPerDay: input.max_redemptions_per_day,
  maxRedemptionsPerPeriod: input.max_redemptions_per_period,
  status: input.status,
});

export const toSubscription = (row: PlanRow, figures: PlanFigures): TSubscription => ({
  _id: row.id,
  name: row.name,
  description: row.description,
  sku: row.sku,
  image: row.image,
  notes: row.notes,
  price: fromMinorUnits(row.priceMinor),
  period: row.period as TSubscriptionPeriod,
  custom_days: row.customDays,
  type: row.type as TSubscriptionType,
  number_of_periods: row.numberOfPeriods,
  apply_to: row.applyTo as TSubscriptionApplyTo,
  categories: row.categoryIds,
  primary_products: row.primaryProductIds,
  products: row.productIds,
  branches: row.branchIds,
  start_date: row.startDate,
  end_date: row.endDate,
  expires: row.expires,
  expires_in: row.expiresIn,
  free_trial: row.freeTrial,
  trial_period: row.trialPeriod,
  trial_conversion: row.trialConversion,
  auto_renewal: row.autoRenewal,
  is_new: row.isNew,
  cheapest_only: row.cheapestOnly,
  billable: row.billable,
  discountable: row.discountable,
  carry_over: row.carryOver,
  payment_type: row.paymentType as TSubscriptionPaymentType,
  subscription_usage_type: row.usageType as TSubscriptionUsageType,
  on_payment_failure: row.onPaymentFailure as TOnPaymentFailure,
  pause_while_retrying: row.pauseWhileRetrying,
  retry_days: row.retryDays,
  retry_count: row.retryCount,
  max_per_user: row.maxPerUser,
  max_redemptions_per_day: row.maxRedemptionsPerDay,
  max_redemptions_per_period: row.maxRedemptionsPerPeriod,
  status: row.status as TSubscriptionStatus,
  last_purchase_date: iso(figures.lastPurchaseAt),
  last_redemption_date: iso(figures.lastRedemptionAt),
  subscribers: figures.subscribers,
  redemptions: figures.redemptions,
  createdAt: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

export type CustomerSubscriptionRow = typeof customerSubscriptions.$inferSelect;

/** ACTIVE, PAUSED and CANCELLED are stored; TRIAL and EXPIRED follow from the dates. */
export const customerSubscriptionStatus = (
  row: Pick<CustomerSubscriptionRow, 'status' | 'expiresAt' | 'trialEndsAt'>,
  now = new Date(),
): TCustomerSubscriptionStatus => {
  if (row.status !== 'ACTIVE') return row.status as TCustomerSubscriptionStatus;
  if (row.expiresAt && row.expiresAt <= now) return 'EXPIRED';
  if (row.trialEndsAt && row.trialEndsAt > now) return 'TRIAL';
  return 'ACTIVE';
};

export type CustomerSubscriptionView = {
  holding: CustomerSubscriptionRow;
  plan: Pick<PlanRow, 'name' | 'sku' | 'image' | 'freeTrial' | 'paymentType'>;
  customer: { id: string; name: string; surname: string };
};

export const toCustomerSubscription = ({
  holding,
  plan,
  customer,
}: CustomerSubscriptionView): TCustomerSubscription => ({
  _id: holding.id,
  subscription_id: holding.subscriptionId,
  customer_id: holding.customerId,
  customer: { _id: customer.id, name: customer.name, surname: customer.surname },
  image: plan.image,
  title: plan.name,
  sku: plan.sku,
  price: fromMinorUnits(holding.priceMinor),
  amount_paid: fromMinorUnits(holding.amountPaidMinor),
  free_trial: plan.freeTrial,
  trial_ends_at: iso(holding.trialEndsAt),
  payment_type: plan.paymentType as TSubscriptionPaymentType,
  start_date: toIsoDate(holding.issuedAt),
  // The last day it can be used: an expiry at midnight ends the day before.
  end_date: holding.expiresAt ? toIsoDate(new Date(holding.expiresAt.getTime() - 1)) : null,
  issued_at: holding.issuedAt.toISOString(),
  expires_at: iso(holding.expiresAt),
  last_redemption_date: iso(holding.lastRedeemedAt),
  redemptions: holding.redemptionCount,
  status: customerSubscriptionStatus(holding),
});

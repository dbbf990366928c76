import { z } from 'zod';
import { CUSTOMER_MESSAGES } from '../customers/customers';
import { ZEventCustomerRef } from '../engine/events';
import { ZPageNumber, ZPageSize } from '../http/fields';
import { isoDateTime } from '../shared/dates';
import { ID_REGEX, ZId } from '../shared/ids';
import { ZSubscriptionPaymentType } from '../shared/subscriptions';
import { moneyField } from './fields';

/** Subscriptions issued to customers and their redemptions (spec 1 §2.11, §2.14, §7; DESIGN §3). */

/** A customer's subscription: TRIAL while its free trial runs, EXPIRED once its expiry has passed. */
export const ZCustomerSubscriptionStatus = z.enum(['ACTIVE', 'TRIAL', 'PAUSED', 'CANCELLED', 'EXPIRED']);
export type TCustomerSubscriptionStatus = z.infer<typeof ZCustomerSubscriptionStatus>;
export const CUSTOMER_SUBSCRIPTION_STATUSES = ZCustomerSubscriptionStatus.options;

/** A row of the customer profile's Subscriptions table (Image, Title, Start Date, End Date, Free Trial…). */
export const ZCustomerSubscription = z.object({
  _id: z.string(),
  subscription_id: z.string(),
  customer_id: z.string(),
  customer: z.object({ _id: z.string(), name: z.string(), surname: z.string() }),
  image: z.string().nullable(),
  /** The plan's name (the table's Title column). */
  title: z.string(),
  sku: z.string(),
  /** The plan's price when it was issued, and what was charged then (nothing during a free trial). */
  price: z.number(),
  amount_paid: z.number(),
  free_trial: z.boolean(),
  trial_ends_at: z.string().nullable(),
  payment_type: ZSubscriptionPaymentType,
  /** YYYY-MM-DD: the day it was issued and the day it lapses (null: it does not). */
  start_date: z.string(),
  end_date: z.string().nullable(),
  issued_at: z.string(),
  expires_at: z.string().nullable(),
  last_redemption_date: z.string().nullable(),
  redemptions: z.number().int(),
  status: ZCustomerSubscriptionStatus,
});
export type TCustomerSubscription = z.infer<typeof ZCustomerSubscription>;

/** `POST product/issue_subscription` (spec 1 §7). */
export const ZIssueSubscriptionRequest = z.object({
  user_id: z.string({ error: 'user id is required' }).regex(ID_REGEX, CUSTOMER_MESSAGES.invalidId),
  subscription_id: z
    .string({ error: 'subscription id is required' })
    .regex(ID_REGEX, 'subscription id must be 24 hexadecimal characters'),
});
export type TIssueSubscriptionRequest = z.input<typeof ZIssueSubscriptionRequest>;

/** `GET v2/user/subscriptions` (spec 1 §7): user_id, page, size, search_string. */
export const ZUserSubscriptionsQuery = z.object({
  user_id: z.string({ error: 'user id is required' }).regex(ID_REGEX, CUSTOMER_MESSAGES.invalidId),
  page: ZPageNumber.default(1),
  size: ZPageSize.default(15),
  search_string: z.string().trim().max(200, 'search_string must not be more than 200').optional(),
});

export const ZRedemptionMethod = z.enum(['POS', 'APP', 'ONLINE', 'CONSOLE']);
export type TRedemptionMethod = z.infer<typeof ZRedemptionMethod>;
export const REDEMPTION_METHODS = ZRedemptionMethod.options;

/** A redemption (the details page's Redemption columns: branch, price, redemption_method, redemption_date). */
export const ZRedemption = z.object({
  _id: z.string(),
  /** The integrator's idempotency id. */
  redemption_id: z.string(),
  subscription_id: z.string(),
  customer_subscription_id: z.string(),
  customer: z.object({ _id: z.string(), name: z.string(), surname: z.string() }),
  branch: z.object({ _id: z.string(), display_name: z.string() }).nullable(),
  product: z.object({ _id: z.string(), title: z.string(), sku: z.string() }).nullable(),
  price: z.number(),
  redemption_method: ZRedemptionMethod,
  redemption_date: z.string(),
});
export type TRedemption = z.infer<typeof ZRedemption>;

/** `POST /api/v1/subscriptions/{id}/redemptions`: the id is the plan's; the customer is named as in events. */
export const ZRedeemSubscriptionRequest = z
  .object({
    /** The integrator's idempotency id: a repeat answers the first redemption again. */
    id: z
      .string({ error: 'id is required' })
      .trim()
      .min(1, 'id is required')
      .max(128, 'id must not be more than 128 characters'),
    customer: ZEventCustomerRef,
    branch_id: ZId.nullable().optional(),
    /** The product redeemed, by SKU; checked against what the subscription applies to. */
    sku: z.string().trim().min(1).max(64).nullable().optional(),
    /** What this redemption is charged (post-payment plans charge in arrears); 0 when absent. */
    price: moneyField('price').optional(),
    redemption_method: ZRedemptionMethod.default('POS'),
    occurred_at: isoDateTime(
      'occurred_at must be an ISO 8601 date-time, e.g. 2026-11-24T10:15:00Z',
    ).optional(),
  })
  .meta({
    examples: [
      {
        id: 'till-7-redeem-000451',
        customer: { loyalty_number: 'LRL000042' },
        sku: 'FLAT-WHITE',
        price: 0,
        redemption_method: 'POS',
        occurred_at: '2026-11-24T08:30:00+02:00',
      },
    ],
  });
export type TRedeemSubscriptionRequest = z.input<typeof ZRedeemSubscriptionRequest>;

import { z } from 'zod';
import { type TWebhookBody, type TWebhookEventType, WEBHOOK_TEST_EVENT_TYPE } from './webhooks';

/*
 * The `data` of each webhook event type (DESIGN §10), as the API writes it: the SDK's typed webhook event, the
 * OpenAPI document's `webhooks` and the integrator guide read these; the API tests check every delivered body
 * against them. Ids are Laurel's `_id`s; `event_id` is the id the client sent the event with; times are ISO 8601 UTC.
 */

const ZId = z.string();
const ZTime = z.string().describe('ISO 8601, UTC');
const ZNullableId = z.string().nullable();

const ZCustomerIdentity = z.object({
  _id: ZId,
  external_id: z.string().nullable(),
  email: z.string().nullable(),
  cell_number: z.string().nullable(),
  name: z.string(),
  surname: z.string(),
  birthday: z.string().nullable(),
  status: z.string(),
  member_branch_id: ZNullableId,
});

const ZCustomerCreatedData = z.object({ customer_id: ZId, customer: ZCustomerIdentity });
const ZCustomerUpdatedData = ZCustomerCreatedData.extend({
  /** The fields that changed, under the integrator API's names. */
  changed: z.array(z.string()),
});

const ZWalletMovementData = z.object({
  customer_id: ZId,
  currency_id: ZId,
  /** Always positive: the type says which way it went. */
  amount: z.number(),
  balance_after: z.number(),
  transaction_id: ZId,
  transaction_type: z.string(),
  reason: z.string().nullable(),
  order_ref: z.string().nullable(),
  occurred_at: ZTime,
});

const ZSegmentData = z.object({
  customer_id: ZId,
  segment: z.object({ _id: ZId, name: z.string() }),
  /** The event that moved the member; null when a rule change did (the segment was recomputed). */
  event_id: z.string().nullable(),
});

const ZBadgeGrantedData = z.object({
  customer_id: ZId,
  badge: z.object({ _id: ZId, name: z.string(), category: z.string(), level: z.number() }),
  quantity: z.number().int(),
  /** What granted it: 'segment' (a segment's action), 'challenge' (a challenge's reward)… and that thing's id. */
  source: z.string(),
  source_id: ZNullableId,
  event_id: z.string().nullable(),
});

const ZChallengeCompletedData = z.object({
  customer_id: ZId,
  challenge: z.object({ _id: ZId, title: z.string().nullable() }),
  completed_at: ZTime,
  event_id: z.string().nullable(),
});

const ZTrackTarget = z.object({ value: z.number(), name: z.string().nullable() });
const ZTargetChangedData = z.object({
  customer_id: ZId,
  reward_track: z.object({ _id: ZId, name: z.string() }),
  /** Value 0 and name null: below the first milestone. */
  from: ZTrackTarget,
  to: ZTrackTarget,
});

const ZMilestoneReachedData = z.object({
  customer_id: ZId,
  reward_track: z.object({ _id: ZId, name: z.string(), type: z.string() }),
  milestone: z.object({ index: z.number().int(), name: z.string(), target_value: z.number() }),
  xp_points_earned: z.number(),
  status: z.string(),
});

const ZEventParkedData = z.object({
  /** The id the client sent the event with. */
  event_id: z.string(),
  event_type: z.string(),
  customer_id: ZNullableId,
  reason: z.string(),
  occurred_at: ZTime,
});

const ZRewardRedeemedData = z.object({
  customer_id: ZId,
  redemption: z.object({
    _id: ZId,
    reward_id: ZId,
    reward_name: z.string(),
    reward_type: z.string(),
    status: z.string(),
    coupon_code: z.string().nullable(),
    expires_at: ZTime.nullable(),
    cost: z.object({ currency: ZId, amount: z.number() }),
    balance_after: z.number(),
  }),
});

const ZCouponUsedData = z.object({
  customer_id: ZId,
  redemption_id: ZId,
  reward_id: ZId,
  coupon_code: z.string(),
  order_id: z.string().nullable(),
  used_at: ZTime,
});

const ZPointsExpiringData = z.object({
  customer_id: ZId,
  currency_id: ZId,
  /** What is left of the credit, and expires at `expires_at` unless spent first. */
  amount: z.number(),
  expires_at: ZTime,
  /** The credit (lot) it is left of: one notice per lot. */
  lot_id: ZId,
  transaction_id: ZId,
});

/** Each event type's `data`. */
export const WEBHOOK_EVENT_DATA = {
  'customer.created': ZCustomerCreatedData,
  'customer.updated': ZCustomerUpdatedData,
  'badge.granted': ZBadgeGrantedData,
  'challenge.completed': ZChallengeCompletedData,
  'reward_track.milestone_reached': ZMilestoneReachedData,
  'tier.changed': ZTargetChangedData,
  'level.changed': ZTargetChangedData,
  'wallet.credited': ZWalletMovementData,
  'wallet.debited': ZWalletMovementData,
  'segment.entered': ZSegmentData,
  'segment.left': ZSegmentData,
  'reward.redeemed': ZRewardRedeemedData,
  'coupon.used': ZCouponUsedData,
  'event.parked': ZEventParkedData,
  'points.expiring': ZPointsExpiringData,
} as const satisfies Record<TWebhookEventType, z.ZodType>;

/** The data of "Send test event" (`webhook.test`). */
export const ZWebhookTestData = z.object({ message: z.string(), endpoint_id: ZId });

export type TWebhookEventData = { [K in TWebhookEventType]: z.output<(typeof WEBHOOK_EVENT_DATA)[K]> };

type Envelope<K extends string, D> = Omit<TWebhookBody, 'type' | 'data'> & { type: K; data: D };

/** A delivered body, `data` typed by `type`: what a receiver switches on. */
export type TWebhookEvent =
  | { [K in TWebhookEventType]: Envelope<K, TWebhookEventData[K]> }[TWebhookEventType]
  | Envelope<typeof WEBHOOK_TEST_EVENT_TYPE, z.output<typeof ZWebhookTestData>>;

/** The schema of a type's data (the test event's included); undefined for a type Laurel does not send. */
export const webhookDataSchema = (type: string): z.ZodType | undefined =>
  type === WEBHOOK_TEST_EVENT_TYPE
    ? ZWebhookTestData
    : (WEBHOOK_EVENT_DATA as Record<string, z.ZodType>)[type];

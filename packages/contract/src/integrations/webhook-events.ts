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
  /** Whether the member agreed to marketing: a receiver that mails them must honour a change at once. */
  marketing_consent: z.boolean(),
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

/** One real `data` of each type (bodies the API tests received): the OpenAPI document's examples. */
export const WEBHOOK_EVENT_EXAMPLES: TWebhookEventData = {
  'customer.created': {
    customer_id: '6b0b77f55b0496ff59db04c7',
    customer: {
      _id: '6b0b77f55b0496ff59db04c7',
      external_id: 'shop-user-88123',
      email: 'ayanda@example.com',
      cell_number: '+27871718501',
      name: 'Ayanda',
      surname: 'Nkosi',
      birthday: null,
      status: 'AWAITING-SIGNUP',
      member_branch_id: null,
      marketing_consent: false,
    },
  },
  'customer.updated': {
    customer_id: '6b0b77f55b0496ff59db04c7',
    customer: {
      _id: '6b0b77f55b0496ff59db04c7',
      external_id: 'shop-user-88123',
      email: 'ayanda@example.com',
      cell_number: '+27871718501',
      name: 'Ayanda',
      surname: 'Dlamini',
      birthday: null,
      status: 'AWAITING-SIGNUP',
      member_branch_id: null,
      marketing_consent: false,
    },
    changed: ['surname'],
  },
  'badge.granted': {
    customer_id: '6b0b77f65b0496ff59db04d9',
    badge: { _id: '6b0b77f55b0496ff59db04d5', name: 'Good mood', category: 'Achievement', level: 2 },
    quantity: 1,
    source: 'segment',
    source_id: '6b0b77f65b0496ff59db04d7',
    event_id: 'till-7-000123',
  },
  'challenge.completed': {
    customer_id: '6b0b77f65b0496ff59db04ec',
    challenge: { _id: '6b0b77f65b0496ff59db04e9', title: 'First order' },
    completed_at: '2026-11-29T00:50:19.001Z',
    event_id: 'created-A-1009',
  },
  'reward_track.milestone_reached': {
    customer_id: '6b0b77f65b0496ff59db04ec',
    reward_track: { _id: '6b0b77f65b0496ff59db04e3', name: 'Levels', type: 'LEVEL_PROGRESSION' },
    milestone: { index: 0, name: 'Level 1', target_value: 1 },
    xp_points_earned: 250,
    status: 'Reward Claimed',
  },
  'tier.changed': {
    customer_id: '6b0b77f65b0496ff59db04ec',
    reward_track: { _id: '6b0b77f65b0496ff59db04e5', name: 'Tiers' },
    from: { value: 0, name: null },
    to: { value: 2, name: 'Silver' },
  },
  'level.changed': {
    customer_id: '6b0b77f65b0496ff59db04ec',
    reward_track: { _id: '6b0b77f65b0496ff59db04e3', name: 'Levels' },
    from: { value: 0, name: null },
    to: { value: 2, name: 'Level 2' },
  },
  'wallet.credited': {
    customer_id: '6b0b77f55b0496ff59db04c7',
    currency_id: '6b0b77f55b0496ff59db04c3',
    amount: 25,
    balance_after: 25,
    transaction_id: '6b0b77f55b0496ff59db04cc',
    transaction_type: 'Cashback',
    reason: null,
    order_ref: 'A-1009',
    occurred_at: '2026-11-29T00:50:17.230Z',
  },
  'wallet.debited': {
    customer_id: '6b0b77f55b0496ff59db04c7',
    currency_id: '6b0b77f55b0496ff59db04c3',
    amount: 10,
    balance_after: 15,
    transaction_id: '6b0b77f55b0496ff59db04d0',
    transaction_type: 'Spending',
    reason: 'Coffee',
    order_ref: null,
    occurred_at: '2026-11-29T00:55:17.697Z',
  },
  'segment.entered': {
    customer_id: '6b0b77f65b0496ff59db04d9',
    segment: { _id: '6b0b77f65b0496ff59db04d7', name: 'Cheerful' },
    event_id: 'till-7-000123',
  },
  'segment.left': {
    customer_id: '6b0b77f65b0496ff59db04d9',
    segment: { _id: '6b0b77f65b0496ff59db04d7', name: 'Cheerful' },
    event_id: 'till-7-000131',
  },
  'reward.redeemed': {
    customer_id: '6b0b77f75b0496ff59db050b',
    redemption: {
      _id: '6b0b77f75b0496ff59db0513',
      reward_id: '6b0b77f75b0496ff59db0509',
      reward_name: 'Free flat white',
      reward_type: 'coupon',
      status: 'issued',
      coupon_code: '544MFGZXJSBH',
      expires_at: '2026-12-29T00:55:19.895Z',
      cost: { currency: '6b0b77f75b0496ff59db0507', amount: 50 },
      balance_after: 70,
    },
  },
  'coupon.used': {
    customer_id: '6b0b77f75b0496ff59db050b',
    redemption_id: '6b0b77f75b0496ff59db0513',
    reward_id: '6b0b77f75b0496ff59db0509',
    coupon_code: '544MFGZXJSBH',
    order_id: 'till-7-000124',
    used_at: '2026-11-29T00:55:20.065Z',
  },
  'event.parked': {
    event_id: 'till-7-000125',
    event_type: 'statistic.update',
    customer_id: '6b0b77f75b0496ff59db0502',
    reason: "No statistic named 'noSuchStat' exists. Create it under Statistics, then retry this event.",
    occurred_at: '2026-11-29T00:54:19.452Z',
  },
  'points.expiring': {
    customer_id: '6b0b77f85b0496ff59db051e',
    currency_id: '6b0b77f85b0496ff59db051a',
    amount: 40,
    expires_at: '2026-12-02T00:55:20.267Z',
    lot_id: '6b0b77f85b0496ff59db0523',
    transaction_id: '6b0b77f85b0496ff59db0522',
  },
};

import { z } from 'zod';
import { whenMissing } from '../http/issue-messages';
import { checkDayOrDateTime, ISO_DATE_REGEX } from '../shared/dates';
import { ZId } from '../shared/ids';
import type { TStatusChipColor } from '../shared/status-chip';

/** A reward in the catalogue (DESIGN §10): what members spend their balance on. */
export const ZRewardItemType = z.enum(['coupon', 'physical', 'digital']);
export type TRewardItemType = z.infer<typeof ZRewardItemType>;
export const REWARD_ITEM_TYPES = ZRewardItemType.options;
export const REWARD_ITEM_TYPE_LABELS: Record<TRewardItemType, string> = {
  coupon: 'Coupon',
  physical: 'Physical item',
  digital: 'Digital item',
};

export const ZCouponSource = z.enum(['generated', 'pool']);
export type TCouponSource = z.infer<typeof ZCouponSource>;
export const COUPON_SOURCE_LABELS: Record<TCouponSource, string> = {
  generated: 'Generated codes',
  pool: 'A pool of codes (CSV)',
};
export const ZCouponValueType = z.enum(['amount', 'percent']);
export type TCouponValueType = z.infer<typeof ZCouponValueType>;
export const COUPON_VALUE_TYPE_LABELS: Record<TCouponValueType, string> = {
  amount: 'Amount off',
  percent: 'Percentage off',
};

/** What the catalogue shows of each reward, derived from its switch, window and stock. */
export const ZRewardStatus = z.enum(['Active', 'Scheduled', 'Ended', 'Out of stock', 'Inactive']);
export type TRewardStatus = z.infer<typeof ZRewardStatus>;
export const REWARD_STATUSES = ZRewardStatus.options;

/** Why a player may not redeem a reward now (DESIGN §10). */
export const ZRedeemRefusal = z.enum([
  'insufficient_balance',
  'out_of_stock',
  'limit_reached',
  'not_available',
  'not_in_segment',
]);
export type TRedeemRefusal = z.infer<typeof ZRedeemRefusal>;

export const ZRedemptionStatus = z.enum(['issued', 'used', 'cancelled', 'expired']);
export type TRedemptionStatus = z.infer<typeof ZRedemptionStatus>;
export const REDEMPTION_STATUSES = ZRedemptionStatus.options;
export const REDEMPTION_STATUS_LABELS: Record<TRedemptionStatus, string> = {
  issued: 'Issued',
  used: 'Used',
  cancelled: 'Cancelled',
  expired: 'Expired',
};
/** The status chips' colours: a valid coupon stands out, a used one is done, an expired one was lost. */
export const REDEMPTION_STATUS_COLORS: Record<TRedemptionStatus, TStatusChipColor> = {
  issued: 'secondary',
  used: 'success',
  cancelled: 'neutral',
  expired: 'danger',
};

/** The expiry a redemption shows: none once cancelled, as its coupon is void rather than waiting to expire. */
export const shownExpiry = (redemption: { status: TRedemptionStatus; expires_at: string | null }) =>
  redemption.status === 'cancelled' ? null : redemption.expires_at;

/** Generated coupon codes: no 0/O, 1/I/L or U/V look-alikes; 12 characters (31^12 ≈ 7.9e17 per client). */
export const COUPON_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTWXYZ';
export const COUPON_CODE_LENGTH = 12;
/** Pool codes as a business's partner gives them: printable, no spaces. */
export const POOL_CODE_REGEX = /^[A-Za-z0-9][A-Za-z0-9_-]{3,63}$/;
export const POOL_MAX_CODES_PER_UPLOAD = 100_000;
/** A pool with fewer codes left than this share of all its codes warns in the editor. */
export const POOL_LOW_SHARE = 0.1;
export const REWARD_NAME_MAX_LENGTH = 120;

export const REWARD_MESSAGES = {
  nameRequired: 'Name is required',
  descriptionRequired: 'Description is required',
  typeRequired: 'Type is required',
  currencyRequired: 'Currency is required',
  costRequired: 'Cost is required',
  costPositive: 'Cost must be more than 0',
  stockWhole: 'Stock must be a whole number of 0 or more',
  stockBelowRedeemed: (redeemed: number) =>
    `Stock cannot be less than the ${redeemed.toLocaleString('en-US')} already redeemed`,
  limitWhole: 'Limit per customer must be a whole number of at least 1',
  windowOrder: 'Available until must be after Available from',
  couponRequired: 'A coupon reward needs its coupon settings',
  couponValueRequired: 'Coupon value is required',
  couponValuePositive: 'Coupon value must be more than 0',
  percentRange: 'A percentage must be between 0 and 100',
  validDaysWhole: 'Valid for must be a whole number of days of at least 1',
  unknownCurrency: 'The selected currency does not exist.',
  unknownSegment: 'A selected segment does not exist.',
  notFound: 'The reward could not be found.',
  created: 'Reward created.',
  updated: 'Reward updated.',
  retrieved: 'Reward retrieved.',
  poolOnlyForPool: 'Codes can be uploaded only to a coupon reward whose codes come from a pool.',
  poolFileRequired: 'Please choose a file of codes, one a line.',
  poolEmpty: 'The file holds no codes.',
  poolBadCode: (line: number) =>
    `Line ${line} is not a code: use 4 to 64 letters, digits, '-' or '_', one code a line.`,
  poolTooMany: `A file may hold at most ${POOL_MAX_CODES_PER_UPLOAD.toLocaleString('en-US')} codes.`,
  /** An upload's answer: what it added, and what it skipped (lines repeating a code of the file, codes known before). */
  poolUploaded: ({ added, skipped, repeated }: { added: number; skipped: number; repeated: number }) => {
    const skips = [
      ...(repeated ? [`${repeated.toLocaleString('en-US')} repeated in the file`] : []),
      ...(skipped ? [`${skipped.toLocaleString('en-US')} already known`] : []),
    ];
    return `${added.toLocaleString('en-US')} ${added === 1 ? 'code' : 'codes'} added${skips.length ? `; ${skips.join(' and ')} skipped` : ''}.`;
  },
  poolLow: (left: number) =>
    `Only ${left.toLocaleString('en-US')} codes left: upload more before they run out.`,
  // DESIGN §10, verbatim: a refused redemption changes nothing.
  insufficientBalance: 'Insufficient balance',
  outOfStock: 'Out of stock',
  limitReached: 'Redemption limit reached',
  notAvailable: 'Reward not available',
  redeemed: 'Reward redeemed.',
  redemptionIdRequired: 'id is required: a unique id for this redemption, so a retry is not redeemed twice',
  redemptionIdReused: 'This id was used for another redemption.',
  redemptionIdTooLong: 'id must be at most 200 characters',
  rewardIdRequired: 'reward_id is required: the _id of the reward to redeem',
  couponCodeLength: 'A coupon code has 1 to 64 characters',
  orderIdText: 'order_id must be text of 1 to 200 characters',
  redemptionNotFound: 'The redemption could not be found.',
  couponNotFound: 'The coupon could not be found.',
  couponUsed: 'Coupon already used',
  couponExpired: 'Coupon expired',
  couponCancelled: 'Coupon cancelled',
  couponAccepted: 'Coupon accepted.',
  cancelled: 'Redemption cancelled: the cost was credited back.',
  /** An erased member's redemption: their balances were forfeited at the erasure, so the cancel credits nothing. */
  cancelledWithoutCredit:
    "Redemption cancelled: its coupon is void. Nothing was credited: the member's balances were forfeited when they were erased.",
  usedCannotCancel: 'A used coupon cannot be cancelled.',
} as const;

/** Why a reward is greyed out in the staff Redeem dialog (the refusals' own words where DESIGN §10 gives them). */
export const REDEEM_REFUSAL_LABELS: Record<TRedeemRefusal, string> = {
  insufficient_balance: REWARD_MESSAGES.insufficientBalance,
  out_of_stock: REWARD_MESSAGES.outOfStock,
  limit_reached: REWARD_MESSAGES.limitReached,
  not_available: 'Not available',
  not_in_segment: 'Not in the reward’s segments',
};

/** The status the catalogue shows: the switch first, then the window, then the stock. */
export const rewardStatus = (
  reward: {
    active: boolean;
    available_from: string | null;
    available_to: string | null;
    stock: number | null;
    redeemed: number;
  },
  now = new Date(),
): TRewardStatus => {
  if (!reward.active) return 'Inactive';
  if (reward.available_from && new Date(reward.available_from) > now) return 'Scheduled';
  if (reward.available_to && new Date(reward.available_to) < now) return 'Ended';
  if (reward.stock !== null && reward.redeemed >= reward.stock) return 'Out of stock';
  return 'Active';
};

export const ZRewardCoupon = z.object({
  source: ZCouponSource,
  value_type: ZCouponValueType,
  value: z.number(),
  valid_days: z.number().int(),
});

export const ZReward = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  image_url: z.string().nullable(),
  type: ZRewardItemType,
  cost: z.object({ currency: z.string(), amount: z.number() }),
  /** The cost's currency as the console shows it. */
  currency: z.object({ _id: z.string(), name: z.string(), code: z.string() }),
  stock: z.number().int().nullable(),
  per_customer_limit: z.number().int().nullable(),
  available_from: z.string().nullable(),
  available_to: z.string().nullable(),
  segment_ids: z.array(z.string()),
  coupon: ZRewardCoupon.nullable(),
  active: z.boolean(),
  status: ZRewardStatus,
  /** Redemptions not cancelled: what took stock. */
  redeemed: z.number().int(),
  stock_left: z.number().int().nullable(),
  /** A pool's codes: all uploaded and those not issued yet; null for other rewards. */
  codes_total: z.number().int().nullable(),
  codes_left: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TReward = z.infer<typeof ZReward>;

const M = REWARD_MESSAGES;
const hasCents = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;
const wholeOrNull = (message: string, min: number) =>
  z.number({ error: message }).int(message).min(min, message).max(100_000_000, message).nullable();
/**
 * An edge of the availability window: a day (YYYY-MM-DD), which the server stores as the start (from) or the end
 * (to, inclusive) of that day in the business's time zone, as it stores a challenge's days; or an ISO 8601 date-time,
 * kept as sent.
 */
const ZWindowEdge = z
  .string()
  .trim()
  .superRefine(checkDayOrDateTime())
  .describe(
    "A day (YYYY-MM-DD: from its start, or until its end, in the business's time zone) or an ISO 8601 date-time",
  );

/**
 * Whether `to` comes before `from` as far as the body alone can tell: two days compare as days (one day is a whole
 * day's window), two date-times as instants. A day beside a date-time is judged by the server only, once it has put
 * the day in the business's zone (the date-time's own calendar day can be another day there).
 */
const windowOutOfOrder = (from: string, to: string) => {
  const fromDay = ISO_DATE_REGEX.test(from);
  const toDay = ISO_DATE_REGEX.test(to);
  if (fromDay && toDay) return to < from;
  if (!fromDay && !toDay) return Date.parse(to) <= Date.parse(from);
  return false;
};

/** The reward editor's body; checked as its Validation Error dialog checks it. */
export const ZSaveRewardRequest = z
  .object({
    name: z
      .string({ error: M.nameRequired })
      .trim()
      .min(1, M.nameRequired)
      .max(REWARD_NAME_MAX_LENGTH, `Name must not be more than ${REWARD_NAME_MAX_LENGTH} characters`),
    description: z
      .string({ error: whenMissing(M.descriptionRequired) })
      .trim()
      .min(1, M.descriptionRequired)
      .max(2000),
    image_url: z.string().trim().max(2000).nullable().default(null),
    type: ZRewardItemType,
    cost: z.object(
      {
        currency: ZId.or(z.literal('')).refine((value) => value !== '', M.currencyRequired),
        amount: z
          .number({ error: whenMissing(M.costRequired) })
          .positive(M.costPositive)
          .max(1_000_000_000)
          .refine(hasCents, 'Cost may have at most two decimals'),
      },
      { error: M.costRequired },
    ),
    stock: wholeOrNull(M.stockWhole, 0).default(null),
    per_customer_limit: wholeOrNull(M.limitWhole, 1).default(null),
    available_from: ZWindowEdge.nullable().default(null),
    available_to: ZWindowEdge.nullable().default(null),
    segment_ids: z.array(ZId).max(50).default([]),
    coupon: z
      .object({
        source: ZCouponSource.default('generated'),
        value_type: ZCouponValueType.default('amount'),
        value: z
          .number({ error: whenMissing(M.couponValueRequired) })
          .positive(M.couponValuePositive)
          .max(1_000_000),
        valid_days: z
          .number({ error: whenMissing(M.validDaysWhole) })
          .int(M.validDaysWhole)
          .min(1, M.validDaysWhole)
          .max(3650),
      })
      .nullable()
      .default(null),
    active: z.boolean().default(true),
  })
  .superRefine((body, ctx) => {
    if (body.available_from && body.available_to && windowOutOfOrder(body.available_from, body.available_to))
      ctx.addIssue({ code: 'custom', path: ['available_to'], message: M.windowOrder });
    if (body.type === 'coupon' && !body.coupon)
      ctx.addIssue({ code: 'custom', path: ['coupon'], message: M.couponRequired });
    if (body.coupon?.value_type === 'percent' && body.coupon.value > 100)
      ctx.addIssue({ code: 'custom', path: ['coupon', 'value'], message: M.percentRange });
  });
export type TSaveRewardRequest = z.input<typeof ZSaveRewardRequest>;
export type TParsedSaveRewardRequest = z.output<typeof ZSaveRewardRequest>;

/** A redemption (DESIGN §10): the answer to a redeem, a row of the customer's Rewards tab and of the report. */
export const ZRewardRedemption = z.object({
  _id: z.string(),
  reward_id: z.string(),
  reward_name: z.string(),
  reward_type: ZRewardItemType,
  customer_id: z.string(),
  status: ZRedemptionStatus,
  coupon_code: z.string().nullable(),
  /** When an issued coupon stops being accepted; null for other rewards. */
  expires_at: z.string().nullable(),
  cost: z.object({ currency: z.string(), amount: z.number() }),
  /** The wallet's balance right after the redemption was paid. */
  balance_after: z.number(),
  branch_id: z.string().nullable(),
  created_at: z.string(),
  used_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
});
export type TRewardRedemption = z.infer<typeof ZRewardRedemption>;

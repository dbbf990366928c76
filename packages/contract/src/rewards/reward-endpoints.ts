import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint';
import { envelopeOf } from '../http/envelope';
import { ZPageQuery } from '../http/fields';
import { ID_REGEX, ZId } from '../shared/ids';
import {
  REWARD_MESSAGES as M,
  type TRedeemRefusal,
  type TReward,
  ZRedeemRefusal,
  ZReward,
  ZRewardCoupon,
  ZRewardItemType,
  ZRewardRedemption,
  ZRewardStatus,
  ZSaveRewardRequest,
} from './rewards';

const tags = ['rewards'];
const idParams = z.object({ id: ZId });
const customerParams = z.object({ customer_id: ZId });

// The catalogue (console) ----------------------------------------------------------------------------------------

export const ZRewardListQuery = ZPageQuery.extend({
  status: ZRewardStatus.optional(),
  type: ZRewardItemType.optional(),
});
export type TRewardListQuery = z.input<typeof ZRewardListQuery>;
export type TParsedRewardListQuery = z.output<typeof ZRewardListQuery>;

export const listRewards = defineEndpoint({
  method: 'GET',
  path: '/rewards',
  permission: 'REWARDS:read',
  token: 'client',
  summary: 'The reward catalogue, newest first: search by name, filter by status and type',
  tags,
  query: ZRewardListQuery,
  response: envelopeOf(z.array(ZReward)),
});

export const getReward = defineEndpoint({
  method: 'GET',
  path: '/rewards/:id',
  permission: 'REWARDS:read',
  token: 'client',
  summary: 'One reward with its stock, redemptions and codes left',
  tags,
  params: idParams,
  response: envelopeOf(ZReward),
});

export const createReward = defineEndpoint({
  method: 'POST',
  path: '/rewards',
  permission: 'REWARDS:create',
  token: 'client',
  summary: 'Add a reward to the catalogue',
  tags,
  body: ZSaveRewardRequest,
  response: envelopeOf(ZReward),
});

export const updateReward = defineEndpoint({
  method: 'PUT',
  path: '/rewards/:id',
  permission: 'REWARDS:update',
  token: 'client',
  summary:
    'Change a reward (its stock never below what was redeemed; its type and coupon source stay once redeemed)',
  tags,
  params: idParams,
  body: ZSaveRewardRequest,
  response: envelopeOf(ZReward),
});

export const ZPoolUploadResult = z.object({
  added: z.number().int(),
  /** Codes the business had before (in any reward's pool, or issued). */
  skipped: z.number().int(),
  /** Lines that repeat a code earlier in the same file. */
  repeated: z.number().int(),
  reward: ZReward,
});

export const uploadRewardCodes = defineEndpoint({
  method: 'POST',
  path: '/rewards/:id/codes',
  permission: 'REWARDS:update',
  token: 'client',
  summary:
    "Add codes to a pool coupon reward: a CSV or text file, one code a line (a header line 'code' is skipped); a code repeated in the file, or one the business already has, is skipped (and counted)",
  tags,
  params: idParams,
  upload: { file: 'The codes, one a line (UTF-8), at most 5 MB', rawTypes: ['text/csv', 'text/plain'] },
  response: envelopeOf(ZPoolUploadResult),
});

// Redemptions --------------------------------------------------------------------------------------------------

export const ZRedeemRequest = z.object({
  id: z
    .string({ error: M.redemptionIdRequired })
    .trim()
    .min(1, M.redemptionIdRequired)
    .max(200, M.redemptionIdTooLong),
  reward_id: z.string({ error: M.rewardIdRequired }).regex(ID_REGEX, 'Invalid id'),
});
export type TRedeemRequest = z.input<typeof ZRedeemRequest>;

export const ZPlayerReward = ZReward.pick({
  _id: true,
  name: true,
  description: true,
  image_url: true,
  type: true,
  cost: true,
  currency: true,
  stock: true,
  stock_left: true,
  per_customer_limit: true,
  available_from: true,
  available_to: true,
  segment_ids: true,
  coupon: true,
  active: true,
}).extend({
  redeemable: z.boolean(),
  /** Why not, when redeemable is false. */
  reason: ZRedeemRefusal.nullable(),
});
export type TPlayerReward = z.infer<typeof ZPlayerReward>;

/** A catalogue reward as a player sees it (the reward's shape, DESIGN §10), redeemable unless there is a reason. */
export const playerRewardOf = (reward: TReward, reason: TRedeemRefusal | null): TPlayerReward => ({
  _id: reward._id,
  name: reward.name,
  description: reward.description,
  image_url: reward.image_url,
  type: reward.type,
  cost: reward.cost,
  currency: reward.currency,
  stock: reward.stock,
  stock_left: reward.stock_left,
  per_customer_limit: reward.per_customer_limit,
  available_from: reward.available_from,
  available_to: reward.available_to,
  segment_ids: reward.segment_ids,
  coupon: reward.coupon,
  active: reward.active,
  redeemable: reason === null,
  reason,
});

export const listPlayerRewards = defineEndpoint({
  method: 'GET',
  path: '/v1/players/:customer_id/rewards',
  permission: 'REWARDS:read',
  token: 'integration',
  summary:
    'The rewards a player sees now (active, in their window, in their segments), cheapest first, each with redeemable and, when false, reason: insufficient_balance, out_of_stock, limit_reached, not_available or not_in_segment',
  tags: ['integrator'],
  params: customerParams,
  response: envelopeOf(z.array(ZPlayerReward)),
});

/** Set on the answer to a repeated idempotency id: the same status and body as the first, replayed. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';

export const redeemReward = defineEndpoint({
  method: 'POST',
  path: '/v1/players/:customer_id/redemptions',
  permission: 'REWARDS:create',
  token: 'integration',
  summary:
    "Redeem a reward for a player: one transaction takes the stock, checks the limit, debits the wallet (a Spending ledger row naming the reward) and issues the coupon code. 201 with the code and the balance after; a repeated id answers the first answer (201, the same body) with the header Idempotent-Replayed: true; 409 'Insufficient balance', 'Out of stock', 'Redemption limit reached' or 'Reward not available' changes nothing",
  tags: ['integrator'],
  params: customerParams,
  body: ZRedeemRequest,
  response: envelopeOf(ZRewardRedemption),
  errors: [409],
});

export const ZUseCouponRequest = z.object({
  order_id: z
    .string({ error: M.orderIdText })
    .trim()
    .min(1, M.orderIdText)
    .max(200, M.orderIdText)
    .optional(),
});

/** A coupon code as a till types it. */
const couponParams = z.object({
  code: z.string().trim().min(1, M.couponCodeLength).max(64, M.couponCodeLength),
});

/** A coupon looked up by its code: its redemption, whose it is and the code of the currency it cost. */
export const ZCouponLookup = ZRewardRedemption.extend({
  /** The member's name as the business knows it ('Erased customer' once erased). */
  customer_name: z.string(),
  currency_code: z.string(),
  /** What the coupon is worth at the till, as its reward says now (an amount off, or a percentage off). */
  coupon_value: ZRewardCoupon.pick({ value_type: true, value: true }).nullable(),
});
export type TCouponLookup = z.infer<typeof ZCouponLookup>;

export const getCoupon = defineEndpoint({
  method: 'GET',
  path: '/v1/coupons/:code',
  permission: 'REWARDS:read',
  token: 'integration',
  summary:
    "Look a coupon up by its code before accepting it: its redemption (status issued, used, cancelled or expired; expires_at), the reward, whose it is (customer_id, customer_name) and what it cost; 404 'The coupon could not be found.'",
  tags: ['integrator'],
  params: couponParams,
  response: envelopeOf(ZCouponLookup),
  errors: [404],
});

export const useCoupon = defineEndpoint({
  method: 'POST',
  path: '/v1/coupons/:code/use',
  permission: 'REWARDS:update',
  token: 'integration',
  summary:
    "The till accepts a coupon: 200 (status used), once, before it expires; 409 'Coupon already used' or 'Coupon expired'; 404 unknown",
  tags: ['integrator'],
  params: couponParams,
  body: ZUseCouponRequest,
  response: envelopeOf(ZRewardRedemption),
  errors: [409],
});

export const cancelRedemption = defineEndpoint({
  method: 'POST',
  path: '/v1/redemptions/:id/cancel',
  permission: 'REWARDS:update',
  token: 'integration',
  summary:
    'Cancel a redemption: its coupon is void, its stock returns and its cost is credited back (one ledger row); a repeat answers the first answer (200, nothing credited again); a used coupon cannot be cancelled (409)',
  tags: ['integrator'],
  params: idParams,
  response: envelopeOf(ZRewardRedemption),
  errors: [409],
});

export const ZCustomerRedemptionsQuery = ZPageQuery.pick({ page: true, size: true });

export const listCustomerRedemptions = defineEndpoint({
  method: 'GET',
  path: '/customers/:customer_id/redemptions',
  permission: 'REWARDS:read',
  token: 'client',
  summary: "A customer's redemptions and their codes, newest first (the profile's Rewards tab)",
  tags,
  params: customerParams,
  query: ZCustomerRedemptionsQuery,
  response: envelopeOf(z.array(ZRewardRedemption)),
});

export const redeemForCustomer = defineEndpoint({
  method: 'POST',
  path: '/customers/:customer_id/redemptions',
  permission: 'REWARDS:create',
  token: 'client',
  summary:
    'Staff redeem a reward for a customer (the same rules and answers as the integrator redemption; audit-logged)',
  tags,
  params: customerParams,
  body: ZRedeemRequest,
  response: envelopeOf(ZRewardRedemption),
  errors: [409],
});

export const cancelCustomerRedemption = defineEndpoint({
  method: 'POST',
  path: '/redemptions/:id/cancel',
  permission: 'REWARDS:update',
  token: 'client',
  summary: 'Staff cancel a redemption from the customer profile (audit-logged)',
  tags,
  params: idParams,
  response: envelopeOf(ZRewardRedemption),
  errors: [409],
});

// Points liability -------------------------------------------------------------------------------------------

export const ZPointsLiability = z.object({
  currency: z.object({ _id: z.string(), name: z.string(), code: z.string() }),
  /** The sum of every wallet's balance in the currency: what the programme still owes. */
  outstanding: z.number(),
  /** Wallets holding more than 0. */
  holders: z.number().int(),
});
export type TPointsLiability = z.infer<typeof ZPointsLiability>;

/**
 * The dashboard's Branch filter: with `branch_id`, the wallets of that branch's members (a wallet belongs to its
 * customer's home branch). A branch-scoped user sees only their branches' members, whatever is asked.
 */
export const ZPointsLiabilityQuery = z.object({ branch_id: ZId.optional() });
export type TPointsLiabilityQuery = z.input<typeof ZPointsLiabilityQuery>;

export const getPointsLiability = defineEndpoint({
  method: 'GET',
  path: '/economy/liability',
  permission: 'ECONOMICS:read',
  token: 'client',
  summary:
    "Points liability: the balance still owed in each live currency, and how many wallets hold it; branch_id: that branch's members only (as the dashboard: 403 for a branch the user does not manage, 400 for one the business does not have)",
  tags: ['economy'],
  query: ZPointsLiabilityQuery,
  response: envelopeOf(z.array(ZPointsLiability)),
});

import {
  rewardStatus,
  type TParsedRewardListQuery,
  type TReward,
  type TRewardItemType,
  type TRewardRedemption,
  type TRewardStatus,
} from '@laurel/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { rowsOf } from '../../db/raw-sql';
import type { RewardCouponColumn } from '../../db/schema';
import { REDEEMED_TOTAL } from './redemption-counts';

export type RewardRecord = {
  id: string;
  client_id: string;
  name: string;
  description: string;
  image_url: string | null;
  type: TRewardItemType;
  currency_id: string;
  currency_name: string;
  currency_code: string;
  cost: string;
  stock: number | null;
  per_customer_limit: number | null;
  available_from: string | null;
  available_to: string | null;
  segment_ids: string[];
  coupon: RewardCouponColumn | string | null;
  active: boolean;
  redeemed: number;
  codes_total: string | number | null;
  codes_left: string | number | null;
  created_at: string;
  updated_at: string;
};

const iso = (value: string | null) => (value === null ? null : new Date(value).toISOString());
export const couponOf = (value: RewardRecord['coupon']) =>
  typeof value === 'string' ? (JSON.parse(value) as RewardCouponColumn) : value;

export const toReward = (row: RewardRecord, now = new Date()): TReward => {
  const coupon = couponOf(row.coupon);
  const fields = {
    active: row.active,
    available_from: iso(row.available_from),
    available_to: iso(row.available_to),
    stock: row.stock,
    redeemed: row.redeemed,
  };
  const codesLeft = row.codes_left === null ? null : Number(row.codes_left);
  const stockLeft = row.stock === null ? null : Math.max(row.stock - row.redeemed, 0);
  const status = rewardStatus(fields, now);
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    image_url: row.image_url,
    type: row.type,
    cost: { currency: row.currency_id, amount: Number(row.cost) },
    currency: { _id: row.currency_id, name: row.currency_name, code: row.currency_code },
    stock: row.stock,
    per_customer_limit: row.per_customer_limit,
    available_from: fields.available_from,
    available_to: fields.available_to,
    segment_ids: row.segment_ids ?? [],
    coupon: coupon ? { ...coupon, value: Number(coupon.value), valid_days: Number(coupon.valid_days) } : null,
    active: row.active,
    // A pool that ran dry is out of stock however much stock is left.
    status: status === 'Active' && codesLeft === 0 ? 'Out of stock' : status,
    redeemed: row.redeemed,
    stock_left:
      stockLeft === null ? codesLeft : codesLeft === null ? stockLeft : Math.min(stockLeft, codesLeft),
    codes_total: row.codes_total === null ? null : Number(row.codes_total),
    codes_left: row.codes_left === null ? null : Number(row.codes_left),
    created_at: iso(row.created_at) as string,
    updated_at: iso(row.updated_at) as string,
  };
};

const SELECT_REWARD = sql`
  SELECT r.id, r.client_id, r.name, r.description, r.image_url, r.type, r.currency_id, c.name AS currency_name,
         c.code AS currency_code, r.cost::text AS cost, r.stock, r.per_customer_limit, r.available_from::text,
         r.available_to::text, r.segment_ids, r.coupon, r.active, ${REDEEMED_TOTAL} AS redeemed, r.created_at::text, r.updated_at::text,
         CASE WHEN r.coupon->>'source' = 'pool'
              THEN (SELECT count(*) FROM reward_codes k WHERE k.reward_id = r.id) END AS codes_total,
         CASE WHEN r.coupon->>'source' = 'pool'
              THEN (SELECT count(*) FROM reward_codes k WHERE k.reward_id = r.id AND k.redemption_id IS NULL) END AS codes_left
  FROM rewards r JOIN currencies c ON c.id = r.currency_id`;

/** A pool coupon with no code left to issue; false (never null) for every other reward, coupons or not. */
const POOL_DRY = sql`(coalesce(r.coupon->>'source' = 'pool', false) AND NOT EXISTS (
  SELECT 1 FROM reward_codes k WHERE k.reward_id = r.id AND k.redemption_id IS NULL))`;

/** The SQL condition of each catalogue status, as rewardStatus decides it (and a dry pool). */
const STATUS_CONDITIONS: Record<TRewardStatus, SQL> = {
  Inactive: sql`NOT r.active`,
  Scheduled: sql`r.active AND r.available_from > now()`,
  Ended: sql`r.active AND coalesce(r.available_from <= now(), true) AND r.available_to < now()`,
  'Out of stock': sql`r.active AND coalesce(r.available_from <= now(), true) AND coalesce(r.available_to >= now(), true)
                      AND ((r.stock IS NOT NULL AND r.redeemed >= r.stock) OR ${POOL_DRY})`,
  Active: sql`r.active AND coalesce(r.available_from <= now(), true) AND coalesce(r.available_to >= now(), true)
              AND (r.stock IS NULL OR r.redeemed < r.stock) AND NOT ${POOL_DRY}`,
};

export const findReward = async (db: DbOrTx, clientId: string, id: string) => {
  const [row] = await rowsOf<RewardRecord>(
    db,
    sql`${SELECT_REWARD} WHERE r.client_id = ${clientId} AND r.id = ${id}`,
  );
  return row ?? null;
};

export const listRewardRecords = async (db: DbOrTx, clientId: string, query: TParsedRewardListQuery) => {
  const page = query.page ?? 1;
  const size = query.size ?? 15;
  const conditions: SQL[] = [sql`r.client_id = ${clientId}`];
  const search = query.search_string?.trim();
  if (search) conditions.push(sql`r.name ILIKE ${`%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  if (query.status) conditions.push(STATUS_CONDITIONS[query.status]);
  if (query.type) conditions.push(sql`r.type = ${query.type}`);
  const where = sql.join(conditions, sql` AND `);
  const rows = await rowsOf<RewardRecord>(
    db,
    sql`${SELECT_REWARD} WHERE ${where} ORDER BY r.created_at DESC, r.id DESC LIMIT ${size} OFFSET ${(page - 1) * size}`,
  );
  const [total] = await rowsOf<{ n: string | number }>(
    db,
    sql`SELECT count(*) AS n FROM rewards r WHERE ${where}`,
  );
  return { rows, count: Number(total?.n ?? 0) };
};

export type RedemptionRecord = {
  id: string;
  reward_id: string;
  reward_name: string;
  reward_type: TRewardItemType;
  customer_id: string;
  status: 'issued' | 'used' | 'cancelled';
  coupon_code: string | null;
  expires_at: string | null;
  currency_id: string;
  cost: string;
  balance_after: string;
  branch_id: string | null;
  created_at: string;
  used_at: string | null;
  cancelled_at: string | null;
};

export const REDEMPTION_COLUMNS = sql`id, reward_id, reward_name, reward_type, customer_id, status, coupon_code,
  expires_at::text, currency_id, cost::text, balance_after::text, branch_id, created_at::text, used_at::text,
  cancelled_at::text`;

/**
 * The answer a redemption was first given (DESIGN §10: a repeat of its id answers the first answer): issued, as at its
 * creation, whatever a coupon use, a cancel or the coupon's expiry made of it since (the console lists show that).
 */
export const firstAnswerOf = (row: RedemptionRecord): TRewardRedemption =>
  toRedemption({ ...row, status: 'issued', used_at: null, cancelled_at: null }, new Date(row.created_at));

export const toRedemption = (row: RedemptionRecord, now = new Date()): TRewardRedemption => ({
  _id: row.id,
  reward_id: row.reward_id,
  reward_name: row.reward_name,
  reward_type: row.reward_type,
  customer_id: row.customer_id,
  status:
    row.status === 'issued' && row.expires_at !== null && new Date(row.expires_at) < now
      ? 'expired'
      : row.status,
  coupon_code: row.coupon_code,
  expires_at: iso(row.expires_at),
  cost: { currency: row.currency_id, amount: Number(row.cost) },
  balance_after: Number(row.balance_after),
  branch_id: row.branch_id,
  created_at: iso(row.created_at) as string,
  used_at: iso(row.used_at),
  cancelled_at: iso(row.cancelled_at),
});

export const customerRedemptions = async (
  db: DbOrTx,
  clientId: string,
  customerId: string,
  page: number,
  size: number,
) => {
  const rows = await rowsOf<RedemptionRecord & { total: string | number }>(
    db,
    sql`SELECT ${REDEMPTION_COLUMNS}, count(*) OVER () AS total FROM reward_redemptions
        WHERE client_id = ${clientId} AND customer_id = ${customerId}
        ORDER BY created_at DESC, id DESC LIMIT ${size} OFFSET ${(page - 1) * size}`,
  );
  return { items: rows.map((row) => toRedemption(row)), count: Number(rows[0]?.total ?? 0) };
};

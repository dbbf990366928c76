import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export type RewardCouponColumn = {
  source: 'generated' | 'pool';
  value_type: 'amount' | 'percent';
  value: number;
  valid_days: number;
};

/**
 * The reward catalogue (DESIGN §10). `redeemed` counts the redemptions not cancelled (with, for an unlimited reward,
 * its rewardRedemptionCounts) and moves in the redemption's transaction under the row's lock, so `stock` (null =
 * unlimited) is never oversold.
 */
export const rewards = pgTable(
  'rewards',
  {
    id: text('id').primaryKey(),
    clientId: text('client_id').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    imageUrl: text('image_url'),
    type: text('type').notNull(),
    currencyId: text('currency_id').notNull(),
    cost: numeric('cost', { precision: 20, scale: 2 }).notNull(),
    stock: integer('stock'),
    perCustomerLimit: integer('per_customer_limit'),
    availableFrom: timestamp('available_from', { withTimezone: true }),
    availableTo: timestamp('available_to', { withTimezone: true }),
    segmentIds: text('segment_ids').array().notNull().default(sql`'{}'::text[]`),
    coupon: jsonb('coupon').$type<RewardCouponColumn | null>(),
    active: boolean('active').notNull().default(true),
    redeemed: integer('redeemed').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('rewards_client_created_idx').on(
      table.clientId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
  ],
);

/**
 * The redemptions of an unlimited reward, counted in shards (one per API connection, `pg_backend_pid() % 64`):
 * with nothing in stock to guard there is no reason to queue every redemption of the reward on its row's lock until
 * commit, as a limited reward's must. A reward's redemptions are `rewards.redeemed` plus its shards; when a stock is
 * set, the editor folds the shards into `redeemed` under the reward's lock (redeem.queries.ts), and from then on
 * redemptions count on the row.
 */
export const rewardRedemptionCounts = pgTable(
  'reward_redemption_counts',
  {
    rewardId: text('reward_id').notNull(),
    shard: integer('shard').notNull(),
    clientId: text('client_id').notNull(),
    redeemed: integer('redeemed').notNull(),
  },
  (table) => [primaryKey({ columns: [table.rewardId, table.shard] })],
);

/**
 * Every coupon code of a business, pool or generated, unique within it: a pool's codes wait here until a
 * redemption takes one; a generated code is written when issued.
 */
export const rewardCodes = pgTable(
  'reward_codes',
  {
    id: text('id').primaryKey(),
    clientId: text('client_id').notNull(),
    rewardId: text('reward_id').notNull(),
    code: text('code').notNull(),
    redemptionId: text('redemption_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('reward_codes_client_code_unique').on(table.clientId, table.code),
    // A till's code in either case (useCoupon): generated codes are upper case; pool codes may differ only by case.
    index('reward_codes_client_upper_code_idx').on(table.clientId, sql`upper(${table.code})`),
    index('reward_codes_free_idx')
      .on(table.rewardId, table.createdAt, table.id)
      .where(sql`${table.redemptionId} IS NULL`),
  ],
);

/** A redemption: the stock taken, the wallet debited (its ledger row), the code issued; used or cancelled later. */
export const rewardRedemptions = pgTable(
  'reward_redemptions',
  {
    id: text('id').primaryKey(),
    clientId: text('client_id').notNull(),
    rewardId: text('reward_id').notNull(),
    rewardName: text('reward_name').notNull(),
    rewardType: text('reward_type').notNull(),
    customerId: text('customer_id').notNull(),
    branchId: text('branch_id'),
    /** The caller's idempotency id: a repeat answers this redemption. */
    idempotencyId: text('idempotency_id').notNull(),
    /** issued | used | cancelled (an issued coupon past expires_at reads as expired). */
    status: text('status').notNull(),
    couponCode: text('coupon_code'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    currencyId: text('currency_id').notNull(),
    cost: numeric('cost', { precision: 20, scale: 2 }).notNull(),
    balanceAfter: numeric('balance_after', { precision: 20, scale: 2 }).notNull(),
    orderRef: text('order_ref'),
    /** The console user who redeemed or cancelled for the customer; null for the integrator API. */
    staffUserId: text('staff_user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('reward_redemptions_idempotency_unique').on(table.clientId, table.idempotencyId),
    index('reward_redemptions_client_created_idx').on(
      table.clientId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('reward_redemptions_customer_idx').on(
      table.clientId,
      table.customerId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('reward_redemptions_limit_idx')
      .on(table.rewardId, table.customerId)
      .where(sql`${table.status} <> 'cancelled'`),
    index('reward_redemptions_reward_created_idx').on(
      table.clientId,
      table.rewardId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    // The Redemptions report's branch filter and managers' branch scope, and its status filter.
    index('reward_redemptions_branch_created_idx').on(
      table.clientId,
      table.branchId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('reward_redemptions_status_created_idx').on(
      table.clientId,
      table.status,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
  ],
);

import { type SQL, sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { clients } from './accounts';
import { customers } from './customers';

/**
 * The product catalogue and the subscriptions a client sells (issue 10). Money in integer minor units. Every
 * list filter and sort has an index (DESIGN §4); fragment search uses trigram indexes like the customers'.
 */

export const productCategories = pgTable(
  'product_categories',
  {
    id: text('id').primaryKey(),
    clientId: text('client_id')
      .notNull()
      .references(() => clients.id),
    name: text('name').notNull(),
    description: text('description'),
    imageUrl: text('image_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The name is the key (CSV imports upsert by it) and the list's order.
    uniqueIndex('product_categories_client_name_unique').on(table.clientId, sql`lower(${table.name})`),
    index('product_categories_name_trgm_idx').using('gin', sql`lower(${table.name}) gin_trgm_ops`),
  ],
);

export const products = pgTable(
  'products',
  {
    id: text('id').primaryKey(),
    clientId: text('client_id')
      .notNull()
      .references(() => clients.id),
    title: text('title').notNull(),
    sku: text('sku').notNull(),
    /** The product's id in the client's own systems. */
    pid: text('pid'),
    priceMinor: bigint('price_minor', { mode: 'number' }).notNull(),
    imageUrl: text('image_url'),
    description: text('description'),
    /** Lower-cased title, SKU and PID, for fragment search by trigram index. */
    searchText: text('search_text').generatedAlwaysAs(
      (): SQL =>
        sql`lower(${products.title} || ' ' || ${products.sku} || ' ' || coalesce(${products.pid}, ''))`,
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // SKU is the key (unique per client, case-insensitively) and a sort.
    uniqueIndex('products_client_sku_unique').on(table.clientId, sql`lower(${table.sku})`),
    index('products_client_title_idx').on(table.clientId, table.title, table.id),
    index('products_client_price_idx').on(table.clientId, table.priceMinor, table.id),
    index('products_client_created_idx').on(table.clientId, table.createdAt, table.id),
    index('products_search_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
  ],
);

/** Which categories a product is in. */
export const productCategoryLinks = pgTable(
  'product_category_links',
  {
    clientId: text('client_id').notNull(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    categoryId: text('category_id')
      .notNull()
      .references(() => productCategories.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.productId, table.categoryId] }),
    // The category filter (`POST v2/filter/products`) and each category's product count.
    index('product_category_links_category_idx').on(table.clientId, table.categoryId, table.productId),
  ],
);

/** Subscription plans (spec 1 §3 Subscription). Products, categories and branches are id lists. */
export const subscriptionPlans = pgTable(
  'subscription_plans',
  {
    id: text('id').primaryKey(),
    clientId: text('client_id')
      .notNull()
      .references(() => clients.id),
    name: text('name').notNull(),
    description: text('description').notNull(),
    sku: text('sku').notNull(),
    image: text('image'),
    notes: text('notes'),
    priceMinor: bigint('price_minor', { mode: 'number' }).notNull(),
    period: text('period').notNull(),
    customDays: integer('custom_days'),
    type: text('type').notNull(),
    numberOfPeriods: integer('number_of_periods'),
    applyTo: text('apply_to').notNull(),
    categoryIds: text('category_ids').array().notNull().default(sql`'{}'::text[]`),
    primaryProductIds: text('primary_product_ids').array().notNull().default(sql`'{}'::text[]`),
    productIds: text('product_ids').array().notNull().default(sql`'{}'::text[]`),
    branchIds: text('branch_ids').array().notNull().default(sql`'{}'::text[]`),
    /** YYYY-MM-DD. */
    startDate: text('start_date').notNull(),
    endDate: text('end_date'),
    expires: boolean('expires').notNull().default(false),
    expiresIn: integer('expires_in').notNull(),
    freeTrial: boolean('free_trial').notNull().default(false),
    trialPeriod: integer('trial_period'),
    trialConversion: boolean('trial_conversion').notNull().default(false),
    autoRenewal: boolean('auto_renewal').notNull().default(false),
    isNew: boolean('is_new').notNull().default(false),
    cheapestOnly: boolean('cheapest_only').notNull().default(false),
    billable: boolean('billable').notNull().default(true),
    discountable: boolean('discountable').notNull().default(false),
    carryOver: boolean('carry_over').notNull().default(false),
    paymentType: text('payment_type').notNull(),
    usageType: text('usage_type').notNull(),
    onPaymentFailure: text('on_payment_failure').notNull(),
    pauseWhileRetrying: boolean('pause_while_retrying').notNull().default(false),
    retryDays: integer('retry_days'),
    retryCount: integer('retry_count'),
    maxPerUser: integer('max_per_user'),
    maxRedemptionsPerDay: integer('max_redemptions_per_day'),
    maxRedemptionsPerPeriod: integer('max_redemptions_per_period'),
    status: text('status').notNull().default('DRAFT'),
    searchText: text('search_text').generatedAlwaysAs(
      (): SQL => sql`lower(${subscriptionPlans.name} || ' ' || ${subscriptionPlans.sku})`,
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('subscription_plans_client_sku_unique').on(table.clientId, sql`lower(${table.sku})`),
    index('subscription_plans_client_created_idx').on(
      table.clientId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('subscription_plans_client_status_created_idx').on(
      table.clientId,
      table.status,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('subscription_plans_search_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
  ],
);

/** A plan issued to a customer. Its redemption count and last redemption are kept with it (row-locked). */
export const customerSubscriptions = pgTable(
  'customer_subscriptions',
  {
    id: text('id').primaryKey(),
    clientId: text('client_id').notNull(),
    subscriptionId: text('subscription_id')
      .notNull()
      .references(() => subscriptionPlans.id),
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.id),
    /** ACTIVE, PAUSED or CANCELLED; TRIAL and EXPIRED are read from the dates. */
    status: text('status').notNull().default('ACTIVE'),
    /** The plan's price when issued, and what was charged then (nothing during a free trial). */
    priceMinor: bigint('price_minor', { mode: 'number' }).notNull(),
    amountPaidMinor: bigint('amount_paid_minor', { mode: 'number' }).notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    redemptionCount: integer('redemption_count').notNull().default(0),
    lastRedeemedAt: timestamp('last_redeemed_at', { withTimezone: true }),
    issuedBy: text('issued_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The customer profile's table, newest first.
    index('customer_subscriptions_customer_idx').on(
      table.clientId,
      table.customerId,
      table.issuedAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    // A plan's subscribers (newest first), its figures and its last purchase.
    index('customer_subscriptions_plan_idx').on(
      table.clientId,
      table.subscriptionId,
      table.issuedAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
  ],
);

/** Redemptions of customers' subscriptions; one per integrator id (idempotency). */
export const subscriptionRedemptions = pgTable(
  'subscription_redemptions',
  {
    id: text('id').primaryKey(),
    clientId: text('client_id').notNull(),
    externalId: text('external_id').notNull(),
    /** SHA-256 of the request, to tell a repeat from a conflicting reuse of the id. */
    payloadHash: text('payload_hash').notNull(),
    subscriptionId: text('subscription_id')
      .notNull()
      .references(() => subscriptionPlans.id),
    customerSubscriptionId: text('customer_subscription_id')
      .notNull()
      .references(() => customerSubscriptions.id),
    customerId: text('customer_id').notNull(),
    branchId: text('branch_id'),
    productId: text('product_id'),
    priceMinor: bigint('price_minor', { mode: 'number' }).notNull().default(0),
    method: text('method').notNull(),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('subscription_redemptions_client_external_unique').on(table.clientId, table.externalId),
    // Daily and per-period limits count one customer subscription's redemptions in a time window.
    index('subscription_redemptions_holder_idx').on(table.customerSubscriptionId, table.redeemedAt),
    // A plan's redemptions (newest first) and its analytics.
    index('subscription_redemptions_plan_idx').on(
      table.clientId,
      table.subscriptionId,
      table.redeemedAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
  ],
);

import type { TCashbackType, TEarnConfigType } from '@laurel/contract';
import { sql } from 'drizzle-orm';
import {
  check,
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
import { clients } from './accounts';

export type CurrencyIconColumn = {
  name: string | null;
  prefix: string | null;
  url: string | null;
  etag: string | null;
};

/**
 * Wallet currencies (spec 3 §3 Currency), at most 10 live ones per client. A deleted currency keeps its row
 * (`deleted_at`) because the ledger names it; its wallets are no longer shown or spendable.
 */
export const currencies = pgTable(
  'currencies',
  {
    id: text('id').primaryKey(),
    clientId: text('client_id')
      .notNull()
      .references(() => clients.id),
    type: text('type').notNull(),
    name: text('name').notNull(),
    code: text('code').notNull(),
    conversionRate: numeric('conversion_rate', { precision: 20, scale: 6 }).notNull().default('0'),
    icon: jsonb('icon').$type<CurrencyIconColumn>().notNull(),
    /** never | after_days | end_of_month | end_of_year: when an earned amount expires (its lot's expires_at). */
    expiryPolicy: text('expiry_policy').notNull().default('never'),
    expiryDays: integer('expiry_days'),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('currencies_client_code_unique')
      .on(table.clientId, sql`lower(${table.code})`)
      .where(sql`${table.deletedAt} IS NULL`),
    index('currencies_client_created_idx').on(table.clientId, table.createdAt, table.id),
  ],
);

/** Earn configs (spec 3 §3): cashback (type Currency, into `currency_id`) and XP (type Statistic, into xp). */
export const earnConfigs = pgTable(
  'earn_configs',
  {
    id: text('id').primaryKey(),
    clientId: text('client_id')
      .notNull()
      .references(() => clients.id),
    type: text('type').$type<TEarnConfigType>().notNull(),
    triggerValue: numeric('trigger_value', { precision: 20, scale: 2 }).notNull(),
    earnAmount: numeric('earn_amount', { precision: 20, scale: 2 }).notNull(),
    segmentId: text('segment_id').notNull(),
    currencyId: text('currency_id'),
    /**
     * How a cashback config's earn amount is expressed, which bounds it (spec 3 §5): percentage (0-100, steps of
     * 0.1) or fixed (from 0, steps of 0.01). It does not change what the engine pays (earn_amount per
     * trigger_value, pro rata). Null for XP configs.
     */
    cashbackType: text('cashback_type').$type<TCashbackType>(),
    excludeType: text('exclude_type').notNull().default('product'),
    excludedProductIds: text('excluded_product_ids').array(),
    excludedCategoryIds: text('excluded_category_ids').array(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'earn_configs_cashback_type',
      sql`CASE WHEN ${table.type} = 'Currency' THEN ${table.cashbackType} IS NOT NULL AND ${table.cashbackType} IN ('percentage', 'fixed') ELSE ${table.cashbackType} IS NULL END`,
    ),
    index('earn_configs_client_type_created_idx').on(
      table.clientId,
      table.type,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
  ],
);

/** A customer's balance in one currency; it equals the sum of the wallet's ledger rows and is never negative. */
export const wallets = pgTable(
  'wallets',
  {
    clientId: text('client_id').notNull(),
    customerId: text('customer_id').notNull(),
    currencyId: text('currency_id')
      .notNull()
      .references(() => currencies.id),
    balance: numeric('balance', { precision: 20, scale: 2 }).notNull().default('0'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.customerId, table.currencyId] }),
    index('wallets_client_customer_idx').on(table.clientId, table.customerId),
    check('wallets_balance_not_negative', sql`${table.balance} >= 0`),
  ],
);

/**
 * The economy ledger (spec 3 §3 Economy transaction), append-only (a trigger refuses UPDATE and DELETE). `value`
 * is signed; wallet rows carry the balance after them; XP rows carry `xp_points_earned`. The cause (earn config,
 * clawback, challenge, reward track, spend, manual, expiry), its id and the event make each effect happen once.
 */
export const economyTransactions = pgTable(
  'economy_transactions',
  {
    id: text('id').primaryKey(),
    clientId: text('client_id').notNull(),
    customerId: text('customer_id').notNull(),
    branchId: text('branch_id'),
    currencyId: text('currency_id'),
    transactionType: text('transaction_type').notNull(),
    value: numeric('value', { precision: 20, scale: 2 }).notNull().default('0'),
    xpPointsEarned: numeric('xp_points_earned', { precision: 20, scale: 2 }).notNull().default('0'),
    walletBalancePostTransaction: numeric('wallet_balance_post_transaction', { precision: 20, scale: 2 }),
    /** What a clawback or debit wanted to take but could not (the balance would have gone below zero). */
    shortfall: numeric('shortfall', { precision: 20, scale: 2 }).notNull().default('0'),
    causeKind: text('cause_kind').notNull(),
    causeId: text('cause_id').notNull(),
    /** The engine event, spend id or adjustment id that caused the row. */
    eventId: text('event_id').notNull(),
    /** The order (its external id) whose earning or clawback this is; what a refund claws back is found by it. */
    orderRef: text('order_ref'),
    /** The reference shown as transaction_id: the order, spend id, challenge… */
    reference: text('reference').notNull(),
    reason: text('reason'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('economy_transactions_effect_unique').on(
      table.clientId,
      table.causeKind,
      table.causeId,
      table.eventId,
      sql`coalesce(${table.currencyId}, '')`,
    ),
    index('economy_transactions_client_occurred_idx').on(
      table.clientId,
      table.occurredAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('economy_transactions_branch_occurred_idx').on(
      table.clientId,
      table.branchId,
      table.occurredAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('economy_transactions_customer_occurred_idx').on(
      table.clientId,
      table.customerId,
      table.occurredAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('economy_transactions_order_idx')
      .on(table.clientId, table.orderRef)
      .where(sql`${table.orderRef} IS NOT NULL`),
  ],
);

/**
 * What is left of each credit, for expiry: debits take from the lots that expire first (then the oldest), so
 * the sum of a wallet's lots' `remaining` always equals its balance. Expiry writes off a lot's remainder.
 */
export const walletLots = pgTable(
  'wallet_lots',
  {
    id: text('id').primaryKey(),
    clientId: text('client_id').notNull(),
    customerId: text('customer_id').notNull(),
    currencyId: text('currency_id').notNull(),
    /** The ledger row that credited it. */
    transactionId: text('transaction_id').notNull(),
    amount: numeric('amount', { precision: 20, scale: 2 }).notNull(),
    remaining: numeric('remaining', { precision: 20, scale: 2 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('wallet_lots_wallet_idx')
      .on(table.customerId, table.currencyId, table.expiresAt, table.createdAt, table.id)
      .where(sql`${table.remaining} > 0`),
    index('wallet_lots_expiry_idx')
      .on(table.expiresAt)
      .where(sql`${table.remaining} > 0 AND ${table.expiresAt} IS NOT NULL`),
    check(
      'wallet_lots_remaining_range',
      sql`${table.remaining} >= 0 AND ${table.remaining} <= ${table.amount}`,
    ),
  ],
);

/** Integrator spends by idempotency id: a repeat answers what the first answered. */
export const spendRequests = pgTable(
  'spend_requests',
  {
    clientId: text('client_id').notNull(),
    idempotencyId: text('idempotency_id').notNull(),
    customerId: text('customer_id').notNull(),
    requestHash: text('request_hash').notNull(),
    answer: jsonb('answer').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.clientId, table.idempotencyId] })],
);

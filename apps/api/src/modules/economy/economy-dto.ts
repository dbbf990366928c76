import type {
  TCurrency,
  TEarnConfig,
  TEconomyCauseKind,
  TEconomyTransaction,
  TEconomyTransactionType,
  TExcludeType,
  TExpiryPolicy,
  TWalletCurrencyType,
} from '@laurel/contract';
import type { currencies, earnConfigs } from '../../db/schema';

type CurrencyRow = typeof currencies.$inferSelect;
type EarnConfigRow = typeof earnConfigs.$inferSelect;

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

export const toCurrency = (row: CurrencyRow): TCurrency => ({
  _id: row.id,
  type: row.type as TWalletCurrencyType,
  name: row.name,
  code: row.code,
  conversion_rate: Number(row.conversionRate),
  icon: row.icon,
  expiry_policy: row.expiryPolicy as TExpiryPolicy,
  expiry_days: row.expiryDays,
  created_at: iso(row.createdAt),
  updated_at: iso(row.updatedAt),
});

export const toEarnConfig = (row: EarnConfigRow, segmentName: string): TEarnConfig => ({
  _id: row.id,
  type: row.type === 'Statistic' ? 'Statistic' : 'Currency',
  trigger_value: Number(row.triggerValue),
  earn_amount: Number(row.earnAmount),
  segment_id: row.segmentId,
  segment_name: segmentName,
  earn_target: row.type === 'Statistic' ? 'xp' : (row.currencyId ?? ''),
  // Every cashback row has one (a check constraint); XP configs none.
  cashback_type: row.type === 'Statistic' ? null : (row.cashbackType ?? 'percentage'),
  exclude_type: row.excludeType as TExcludeType,
  excluded_product_ids:
    row.excludedProductIds && row.excludedProductIds.length > 0 ? row.excludedProductIds : null,
  excluded_category_ids:
    row.excludedCategoryIds && row.excludedCategoryIds.length > 0 ? row.excludedCategoryIds : null,
  created_at: iso(row.createdAt),
  updated_at: iso(row.updatedAt),
});

/** A ledger row as raw SQL reads it (numerics as text), joined with the customer, branch and currency names. */
export type LedgerRow = {
  id: string;
  reference: string;
  occurred_at: Date | string;
  customer_id: string;
  user_name: string | null;
  branch_name: string | null;
  transaction_type: string;
  value: string;
  xp_points_earned: string;
  wallet_balance_post_transaction: string | null;
  currency_id: string | null;
  currency_name: string | null;
  cause_kind: string;
  cause_id: string;
  reason: string | null;
  shortfall: string;
  created_at: Date | string;
};

export const toEconomyTransaction = (row: LedgerRow): TEconomyTransaction => ({
  _id: row.id,
  transaction_id: row.reference,
  date_time: iso(row.occurred_at),
  user_id: row.customer_id,
  user_name: row.user_name ?? '',
  branch_location: row.branch_name ?? '',
  transaction_type: row.transaction_type as TEconomyTransactionType,
  value: Number(row.value),
  xp_points_earned: Number(row.xp_points_earned),
  wallet_balance_post_transaction:
    row.wallet_balance_post_transaction === null ? null : Number(row.wallet_balance_post_transaction),
  currency_id: row.currency_id,
  currency_name: row.currency_name,
  source: row.cause_kind as TEconomyCauseKind,
  source_id: row.cause_id,
  reason: row.reason,
  shortfall: Number(row.shortfall),
  // The ledger is append-only: a row is never updated after it is written.
  created_at: iso(row.created_at),
  updated_at: iso(row.created_at),
});

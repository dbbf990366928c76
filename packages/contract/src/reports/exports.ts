import { z } from 'zod';
import type { TReportKind } from './transactions';

export const ZExportFormat = z.enum(['csv']);
export type TExportFormat = z.infer<typeof ZExportFormat>;

export const EXPORT_DEFAULTS = { format: ZExportFormat.enum.csv, include_headers: true } as const;

/** Default export columns per report (spec 3 §7; badges follow the badge transaction entity). */
export const EXPORT_FIELDS = {
  economy: [
    '_id',
    'transaction_id',
    'date_time',
    'user_id',
    'user_name',
    'branch_location',
    'transaction_type',
    'value',
    'xp_points_earned',
    'wallet_balance_post_transaction',
    'created_at',
    'updated_at',
  ],
  challenges: [
    '_id',
    'challenge_transaction_id',
    'challenge_name',
    'challenge_start_date_time',
    'challenge_end_date_time',
    'user_id',
    'user_name',
    'branch_location',
    'challenge_status',
    'reward_earned',
    'xp_points_earned',
    'created_at',
    'updated_at',
  ],
  badges: [
    '_id',
    'badge_transaction_id',
    'date_time',
    'user_id',
    'user_name',
    'badge_name',
    'badge_category',
    'badge_level',
    'xp_points_earned',
    'branch_location',
    'created_at',
    'updated_at',
  ],
  'reward-tracks': [
    '_id',
    'reward_track_transaction_id',
    'date_time',
    'user_id',
    'user_name',
    'reward_track_name',
    'milestone_reached',
    'reward_claimed',
    'reward_value',
    'xp_points_earned',
    'status',
    'branch_location',
    'created_at',
    'updated_at',
  ],
  redemptions: [
    '_id',
    'date_time',
    'user_id',
    'user_name',
    'reward_name',
    'reward_type',
    'status',
    'coupon_code',
    'cost',
    'currency',
    'branch_location',
    'expires_at',
    'used_at',
    'cancelled_at',
  ],
} as const satisfies Record<TReportKind, readonly string[]>;

/** Customer list export columns (the customer list item of spec 1 §3). */
export const CUSTOMER_EXPORT_FIELDS = [
  '_id',
  'name',
  'surname',
  'cell_number',
  'email',
  'last_order_amount',
  'total_order_value',
  'status',
] as const;

/** Downloaded file names: a prefix plus the ISO date (spec 3 §7). */
export const EXPORT_FILE_PREFIXES = {
  economy: 'economy_transactions',
  challenges: 'transactions_challenges',
  badges: 'transactions_badges',
  'reward-tracks': 'transactions_reward-tracks',
  redemptions: 'reward_redemptions',
  customers: 'customers',
} as const satisfies Record<TReportKind | 'customers', string>;
export type TExportKind = keyof typeof EXPORT_FILE_PREFIXES;

/** e.g. `economy_transactions_2025-03-01.csv`; a Date is written as its UTC calendar date. */
export const exportFileName = (kind: TExportKind, date: Date | string) => {
  const isoDate = typeof date === 'string' ? date : date.toISOString().slice(0, 10);
  return `${EXPORT_FILE_PREFIXES[kind]}_${isoDate}.csv`;
};

/**
 * CSV cells starting with one of these get a leading `'` unless the whole cell is a plain number or phone number
 * (DESIGN §9).
 */
export const CSV_FORMULA_PREFIXES = ['=', '+', '-', '@', '\t', '\r'] as const;
export const CSV_SAFE_NUMBER_REGEX = /^[+-]?(?:\d+(?:\.\d+)?|\.\d+)$/;
export const CSV_GUARD_PREFIX = "'";

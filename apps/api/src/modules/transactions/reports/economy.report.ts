import { ECONOMY_TRANSACTION_TYPES, REPORT_CARD_LABELS } from '@laurel/contract';
import {
  aggregate,
  BRANCH_FILTER,
  BRANCH_OF_ROW,
  CUSTOMER_AND_BRANCH,
  type ReportDefinition,
  userNameSql,
} from '../report-definition';

const [earnings, cashback, xp, spent, liability] = REPORT_CARD_LABELS.economy;

/**
 * Economy Transactions: the exactly-once economy ledger (earnings, cashback, XP, spending, clawbacks, expiry).
 * Values are signed, so the net of the filtered rows is what the wallets owe for them (the liability card). A
 * Spending row credited back (a cancelled redemption) is net spending, not an earning: Total Spent nets it, and
 * Total Earnings leaves it out, so that it is not counted on both sides.
 */
export const economyReport: ReportDefinition = {
  kind: 'economy',
  table: 'economy_transactions',
  from: `${CUSTOMER_AND_BRANCH('economy_transactions')} LEFT JOIN currencies cur ON cur.id = t.currency_id`,
  dateColumn: 't.occurred_at',
  idColumn: 't.id',
  branchColumn: BRANCH_OF_ROW,
  fields: {
    _id: { sql: 't.id', type: 'text' },
    transaction_id: { sql: 't.reference', type: 'text', freeText: true },
    date_time: { sql: 't.occurred_at', type: 'timestamp' },
    user_id: { sql: 't.customer_id', type: 'text' },
    user_name: { sql: userNameSql, type: 'text', freeText: true },
    branch_location: { sql: 'b.display_name', type: 'text', freeText: true },
    transaction_type: { sql: 't.transaction_type', type: 'text' },
    value: { sql: 't.value', type: 'number' },
    currency: { sql: 'cur.code', type: 'text', freeText: true },
    xp_points_earned: { sql: 't.xp_points_earned', type: 'number' },
    wallet_balance_post_transaction: { sql: 't.wallet_balance_post_transaction', type: 'number' },
    created_at: { sql: 't.created_at', type: 'timestamp' },
    updated_at: { sql: 't.created_at', type: 'timestamp' },
  },
  search: [],
  multi: {
    branch_location: BRANCH_FILTER,
    transaction_type: { sql: 't.transaction_type', options: ECONOMY_TRANSACTION_TYPES },
    currency: {
      options: (client) =>
        `SELECT code AS option FROM currencies WHERE client_id = ${client} AND deleted_at IS NULL ORDER BY code`,
      ids: {
        column: 't.currency_id',
        lookup: (client, codes) =>
          `SELECT id FROM currencies WHERE client_id = ${client} AND code IN (${codes.join(', ')})`,
      },
    },
  },
  value: 't.value',
  cards: [
    aggregate(
      earnings,
      `COALESCE(sum(t.value) FILTER (WHERE t.value > 0 AND t.transaction_type <> 'Spending'), 0)::text`,
    ),
    aggregate(cashback, `COALESCE(sum(t.value) FILTER (WHERE t.transaction_type = 'Cashback'), 0)::text`),
    aggregate(xp, 'COALESCE(sum(t.xp_points_earned), 0)::text'),
    aggregate(spent, `COALESCE(-sum(t.value) FILTER (WHERE t.transaction_type = 'Spending'), 0)::text`),
    aggregate(liability, 'COALESCE(sum(t.value), 0)::text'),
  ],
  totals: {
    daily: 'economy_daily_totals',
    monthly: 'economy_monthly_totals',
    columns: [
      'client_id',
      'branch_id',
      'transaction_type',
      'currency_id',
      'value_sum',
      'credit_sum',
      'xp_sum',
      'row_count',
    ],
    fromRows:
      "t.client_id, COALESCE(t.branch_id, '') AS branch_id, t.transaction_type, COALESCE(t.currency_id, '') AS " +
      'currency_id, t.value AS value_sum, GREATEST(t.value, 0) AS credit_sum, t.xp_points_earned AS xp_sum, ' +
      '1::bigint AS row_count',
    branchColumn: 't.branch_id',
    multi: {
      branch_location: 't.branch_id',
      transaction_type: 't.transaction_type',
      currency: 't.currency_id',
    },
    cards: [
      aggregate(
        earnings,
        `COALESCE(sum(t.credit_sum) FILTER (WHERE t.transaction_type <> 'Spending'), 0)::text`,
      ),
      aggregate(
        cashback,
        `COALESCE(sum(t.value_sum) FILTER (WHERE t.transaction_type = 'Cashback'), 0)::text`,
      ),
      aggregate(xp, 'COALESCE(sum(t.xp_sum), 0)::text'),
      aggregate(spent, `COALESCE(-sum(t.value_sum) FILTER (WHERE t.transaction_type = 'Spending'), 0)::text`),
      aggregate(liability, 'COALESCE(sum(t.value_sum), 0)::text'),
    ],
    count: 'COALESCE(sum(t.row_count), 0)::int',
  },
};

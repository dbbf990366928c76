import { bigint, date, numeric, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';

/**
 * Daily totals of the economy ledger, so the Economy Transactions cards answer from a few thousand rows however
 * long the ledger grows. A statement-level trigger on economy_transactions (the ledger is append-only) adds each
 * statement's rows here in the same transaction. `stripe` spreads concurrent writers (the backend's pid) over
 * separate rows, so engine workers and spends do not queue on one day's row; readers sum the stripes.
 */
export const economyDailyTotals = pgTable(
  'economy_daily_totals',
  {
    clientId: text('client_id').notNull(),
    /** The UTC day of the rows' occurred_at, as the reports' date filters read it. */
    day: date('day').notNull(),
    /** The row's branch (filled from the customer's home branch when written without one); '' for none. */
    branchId: text('branch_id').notNull(),
    transactionType: text('transaction_type').notNull(),
    currencyId: text('currency_id').notNull(),
    stripe: smallint('stripe').notNull(),
    valueSum: numeric('value_sum').notNull(),
    creditSum: numeric('credit_sum').notNull(),
    xpSum: numeric('xp_sum').notNull(),
    rowCount: bigint('row_count', { mode: 'number' }).notNull(),
  },
  (table) => [
    primaryKey({
      columns: [
        table.clientId,
        table.day,
        table.branchId,
        table.transactionType,
        table.currencyId,
        table.stripe,
      ],
    }),
  ],
);

/**
 * The same totals by calendar month (the first day of the UTC month), kept by the same trigger in the same
 * statement: the cards read whole months here and only the days at the edges of a date range from the daily
 * totals, so three years of history are a few thousand rows rather than a hundred thousand.
 */
export const economyMonthlyTotals = pgTable(
  'economy_monthly_totals',
  {
    clientId: text('client_id').notNull(),
    month: date('month').notNull(),
    branchId: text('branch_id').notNull(),
    transactionType: text('transaction_type').notNull(),
    currencyId: text('currency_id').notNull(),
    stripe: smallint('stripe').notNull(),
    valueSum: numeric('value_sum').notNull(),
    creditSum: numeric('credit_sum').notNull(),
    xpSum: numeric('xp_sum').notNull(),
    rowCount: bigint('row_count', { mode: 'number' }).notNull(),
  },
  (table) => [
    primaryKey({
      columns: [
        table.clientId,
        table.month,
        table.branchId,
        table.transactionType,
        table.currencyId,
        table.stripe,
      ],
    }),
  ],
);

import type { TTransactionMultiFilter, TTransactionReport } from '@laurel/contract';

/** How a row field is read: the SQL (aliases: t the transaction, c the customer, b its branch) and its JSON type. */
export type ReportField = {
  sql: string;
  type: 'text' | 'number' | 'timestamp' | 'boolean';
  /** Free text a customer or staff member typed: guarded against formulas in CSV cells. */
  freeText?: boolean;
};

/** A snapshot card: SQL over the filtered rows (`FROM … WHERE …` supplied) returning one row `{ value, detail }`. */
export type ReportCard = { label: string; sql: (fromWhere: string) => string };

/**
 * Where a multi-select's options come from: fixed values, or SQL listing them (`option` column) for the client
 * and the branches the user may see (literals already inlined; null branches = all).
 */
export type ReportOptions = readonly string[] | ((client: string, branches: string[] | null) => string);

/**
 * One transaction report (spec 3 §2): which table, how each field reads, what filters and cards mean. The list,
 * the summary and the export are built from it by one query builder, so the four reports stay alike.
 */
export type ReportDefinition = {
  kind: TTransactionReport;
  /** `FROM <table> t JOIN customers c … LEFT JOIN branches b …` */
  from: string;
  /** The row's instant: the date filters, the order and the keyset. */
  dateColumn: string;
  idColumn: string;
  /** The branch a row belongs to for branch scope and the branch filter. */
  branchColumn: string;
  fields: Record<string, ReportField>;
  /** Columns besides the customer's name, email and number that the search box matches (case-insensitive). */
  search: readonly string[];
  /** The SQL each multi-select filter compares with its chosen values. */
  multi: Partial<Record<TTransactionMultiFilter, { sql: string; options: ReportOptions }>>;
  /** What min_value and max_value compare. */
  value: string;
  cards: readonly ReportCard[];
  /** Daily totals the cards can be read from when only dates, branches and multi-selects filter (not search). */
  totals?: ReportTotals;
};

/** A daily-totals table for a report: its own columns for the same filters, and the cards over it. */
export type ReportTotals = {
  from: string;
  /** A `date` column of UTC days. */
  dayColumn: string;
  branchColumn: string;
  multi: Partial<Record<TTransactionMultiFilter, string>>;
  cards: readonly ReportCard[];
  count: string;
};

export const userNameSql = `trim(c.name || ' ' || c.surname)`;
export const CUSTOMER_AND_BRANCH = (table: string) =>
  `FROM ${table} t JOIN customers c ON c.id = t.customer_id ` +
  'LEFT JOIN branches b ON b.id = COALESCE(t.branch_id, c.member_branch_id)';
export const BRANCH_OF_ROW = 'COALESCE(t.branch_id, c.member_branch_id)';
export const BRANCH_NAMES: ReportOptions = (client, branches) =>
  `SELECT display_name AS option FROM branches WHERE client_id = ${client}` +
  (branches ? ` AND id IN (${branches.length > 0 ? branches.join(', ') : 'NULL'})` : '') +
  ' ORDER BY display_name';

/** "The most earned badge" and the like: the most frequent value and its count. */
export const mostFrequent = (label: string, expression: string): ReportCard => ({
  label,
  sql: (fromWhere) =>
    `SELECT ${expression} AS value, count(*)::text AS detail ${fromWhere} GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`,
});
export const aggregate = (label: string, expression: string): ReportCard => ({
  label,
  sql: (fromWhere) => `SELECT ${expression} AS value, NULL AS detail ${fromWhere}`,
});

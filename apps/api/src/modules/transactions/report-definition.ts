import type { TReportKind, TTransactionMultiFilter } from '@laurel/contract';

/** How a row field is read: the SQL (aliases: t the transaction, c the customer, b its branch) and its JSON type. */
export type ReportField = {
  sql: string;
  type: 'text' | 'number' | 'timestamp' | 'boolean';
  /** Free text a customer or staff member typed: guarded against formulas in CSV cells. */
  freeText?: boolean;
};

/**
 * A snapshot card: SQL over the filtered rows (`FROM … WHERE …` supplied) returning one row `{ value, detail }`;
 * or, for a plain aggregate, just its expression, so that all of a report's aggregates are read in one pass.
 */
export type ReportCard =
  | { label: string; sql: (fromWhere: string) => string }
  | { label: string; aggregate: string };

/**
 * Where a multi-select's options come from: fixed values, or SQL listing them (`option` column) for the client
 * and the branches the user may see (literals already inlined; null branches = all).
 */
export type ReportOptions = readonly string[] | ((client: string, branches: string[] | null) => string);

/**
 * One report (spec 3 §2; the Redemptions report of DESIGN §10): which table, how each field reads, what filters and
 * cards mean. The list, the summary and the export are built from it by one query builder, so the reports stay
 * alike.
 */
export type ReportDefinition = {
  kind: TReportKind;
  /**
   * The table (a ledger, or the redemptions): filters, counts and cards read only its row (t), so they are answered from its indexes
   * without the joins (a filter on a joined name compares the row's id: ReportMultiFilter.ids).
   */
  table: string;
  /** `FROM <table> t LEFT JOIN customers c … LEFT JOIN branches b …`: the rows as listed and exported. */
  from: string;
  /** The row's instant: the date filters, the order and the keyset. */
  dateColumn: string;
  idColumn: string;
  /** The branch a row belongs to for branch scope and the branch filter. */
  branchColumn: string;
  fields: Record<string, ReportField>;
  /** Columns besides the customer's name, email and number that the search box matches (case-insensitive). */
  search: readonly string[];
  /** What each multi-select filter compares with its chosen values. */
  multi: Partial<Record<TTransactionMultiFilter, ReportMultiFilter>>;
  /** What min_value and max_value compare. */
  value: string;
  /**
   * The rows the report lists at all, whatever the filters (the Challenges report: a player's entry row only while
   * they have not finished; then the row that says how they finished).
   */
  rowsShown?: string;
  cards: readonly ReportCard[];
  /**
   * Rows the cards leave out until the user picks values in a filter: then the cards describe exactly the rows
   * listed (the Redemptions report's cards count the redemptions that stand, unless a status is chosen).
   */
  cardsUnlessFiltered?: { filter: TTransactionMultiFilter; condition: string };
  /** Daily totals the cards can be read from when only dates, branches and multi-selects filter (not search). */
  totals?: ReportTotals;
};

/**
 * A multi-select: the row's SQL compared with the chosen values, or, for names of things the row holds by id
 * (branches, currencies), the id column and how the names turn into ids, once per request, so the row's own
 * indexed id is compared rather than a joined name. `lookup` gets the client and the chosen names as SQL literals
 * and selects their `id`s.
 */
export type ReportMultiFilter = { options: ReportOptions } & (
  | { sql: string }
  | { ids: { column: string; lookup: (client: string, names: readonly string[]) => string } }
  /**
   * Values that stand for conditions rather than a column's value (a status derived from two columns, so that each
   * still compares indexed columns): the chosen values' conditions, OR-ed; an unknown value matches nothing.
   */
  | { conditions: Readonly<Record<string, string>> }
);

/**
 * Daily and monthly totals of a report (totals-range.ts splits a date range over them): their own columns for the
 * same filters, and the cards over them. Both tables have the same columns but the date: `day` (UTC days) and
 * `month` (the first day of the UTC month); a business in another zone gets the ends of its range from the rows.
 */
export type ReportTotals = {
  daily: string;
  monthly: string;
  /** What the filters and cards read, as both tables name them. */
  columns: readonly string[];
  /**
   * The same columns computed from one ledger row (`t`), in that order: the hours of a business's day that are not a
   * whole UTC day are read from the rows.
   */
  fromRows: string;
  branchColumn: string;
  /** Its column for each filter; for a filter resolved to ids (ReportMultiFilter.ids), its id column. */
  multi: Partial<Record<TTransactionMultiFilter, string>>;
  cards: readonly ReportCard[];
  count: string;
};

export const userNameSql = `trim(c.name || ' ' || c.surname)`;
/**
 * Every ledger row carries its branch from when it was written (the event's, else the customer's home branch: a
 * trigger fills it), so branch scope and the branch filter compare the row's own indexed column. The joins only
 * name things (every row has its customer; customers are never deleted), so a count that reads no name skips them.
 */
export const CUSTOMER_AND_BRANCH = (table: string) =>
  `FROM ${table} t LEFT JOIN customers c ON c.id = t.customer_id LEFT JOIN branches b ON b.id = t.branch_id`;
export const BRANCH_OF_ROW = 't.branch_id';
const BRANCH_NAMES: ReportOptions = (client, branches) =>
  `SELECT display_name AS option FROM branches WHERE client_id = ${client}` +
  (branches ? ` AND id IN (${branches.length > 0 ? branches.join(', ') : 'NULL'})` : '') +
  ' ORDER BY display_name';
/** The Branches multi-select: the console sends names; the rows are compared by branch id. */
export const BRANCH_FILTER: ReportMultiFilter = {
  options: BRANCH_NAMES,
  ids: {
    column: BRANCH_OF_ROW,
    lookup: (client, names) =>
      `SELECT id FROM branches WHERE client_id = ${client} AND display_name IN (${names.join(', ')})`,
  },
};

/** "The most earned badge" and the like: the most frequent value and its count. */
export const mostFrequent = (label: string, expression: string): ReportCard => ({
  label,
  sql: (fromWhere) =>
    `SELECT ${expression} AS value, count(*)::text AS detail ${fromWhere} GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`,
});
export const aggregate = (label: string, expression: string): ReportCard => ({
  label,
  aggregate: expression,
});

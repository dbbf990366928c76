import {
  COUNT_CAP,
  EXPORT_FIELDS,
  splitFilterValues,
  type TParsedTransactionFilters,
  TRANSACTION_MULTI_FILTERS,
} from '@laurel/contract';
import { literal } from '../../db/database';
import { containsPattern, startOfDay, startOfNextDay } from '../../db/filters';
import { type CsvQuery, isoTimestampSql } from '../../exports/csv-stream';
import type { ReportDefinition, ReportField, ReportTotals } from './report-definition';

/** Whose rows: the client, and for managers the branches they manage (null: every branch). */
export type ReportScope = { clientId: string; branchIds: string[] | null };

const ID = /^[0-9a-f]{24}$/i;
const list = (values: readonly string[]) => values.map(literal).join(', ');

/**
 * The WHERE condition of a report for a scope and filters, every value inlined as an escaped literal: the same
 * text serves the list, the cards and COPY (which takes no parameters). Filters are already validated.
 */
export const whereOf = (
  report: ReportDefinition,
  scope: ReportScope,
  filters: Partial<TParsedTransactionFilters>,
) => {
  if (!ID.test(scope.clientId)) throw new Error('invalid client id');
  const parts = [`t.client_id = ${literal(scope.clientId)}`];
  if (scope.branchIds !== null) {
    const ids = scope.branchIds.filter((id) => ID.test(id));
    parts.push(ids.length === 0 ? 'false' : `${report.branchColumn} IN (${list(ids)})`);
  }
  if (filters.customer_id) parts.push(`t.customer_id = ${literal(filters.customer_id)}`);
  if (filters.start_date)
    parts.push(
      `${report.dateColumn} >= ${literal(startOfDay(filters.start_date).toISOString())}::timestamptz`,
    );
  if (filters.end_date)
    parts.push(
      `${report.dateColumn} < ${literal(startOfNextDay(filters.end_date).toISOString())}::timestamptz`,
    );
  if (filters.min_value !== undefined) parts.push(`${report.value} >= ${Number(filters.min_value)}`);
  if (filters.max_value !== undefined) parts.push(`${report.value} <= ${Number(filters.max_value)}`);
  if (filters.search_string) {
    // Customers through their own trigram-indexed search text (name, email, number), then the report's names.
    const customers =
      `t.customer_id IN (SELECT id FROM customers WHERE client_id = ${literal(scope.clientId)} ` +
      `AND search_text LIKE ${literal(containsPattern(filters.search_string.trim().toLowerCase()))})`;
    const pattern = literal(containsPattern(filters.search_string));
    parts.push(
      `(${[customers, ...report.search.map((column) => `${column} ILIKE ${pattern}`)].join(' OR ')})`,
    );
  }
  for (const name of TRANSACTION_MULTI_FILTERS[report.kind]) {
    const filter = report.multi[name as keyof typeof report.multi];
    const chosen = splitFilterValues((filters as Record<string, string | undefined>)[name] ?? '');
    if (filter && chosen.length > 0) parts.push(`${filter.sql} IN (${list(chosen)})`);
  }
  return parts.join(' AND ');
};

/**
 * The same filters over a report's daily totals, or null when a filter needs the rows themselves (search, value
 * range, one customer): then the cards are computed from the rows.
 */
export const totalsWhereOf = (
  report: ReportDefinition,
  scope: ReportScope,
  filters: Partial<TParsedTransactionFilters>,
): { totals: ReportTotals; where: string } | null => {
  const totals = report.totals;
  if (!totals) return null;
  if (filters.search_string || filters.customer_id) return null;
  if (filters.min_value !== undefined || filters.max_value !== undefined) return null;
  if (!ID.test(scope.clientId)) throw new Error('invalid client id');
  const parts = [`t.client_id = ${literal(scope.clientId)}`];
  if (scope.branchIds !== null) {
    const ids = scope.branchIds.filter((id) => ID.test(id));
    parts.push(ids.length === 0 ? 'false' : `${totals.branchColumn} IN (${list(ids)})`);
  }
  if (filters.start_date) parts.push(`${totals.dayColumn} >= ${literal(filters.start_date)}::date`);
  if (filters.end_date) parts.push(`${totals.dayColumn} <= ${literal(filters.end_date)}::date`);
  for (const name of TRANSACTION_MULTI_FILTERS[report.kind]) {
    const chosen = splitFilterValues((filters as Record<string, string | undefined>)[name] ?? '');
    if (chosen.length === 0) continue;
    const column = totals.multi[name as keyof typeof totals.multi];
    if (!column) return null;
    parts.push(`${column} IN (${list(chosen)})`);
  }
  return { totals, where: parts.join(' AND ') };
};

/** A field as the API shows it: timestamps ISO-8601 UTC, numbers as numbers. */
export const fieldSql = ({ sql, type }: ReportField) =>
  type === 'timestamp' ? isoTimestampSql(sql) : type === 'number' ? `(${sql})::float8` : sql;

export const pageSql = (report: ReportDefinition, where: string, page: number, size: number) =>
  `SELECT ${Object.entries(report.fields)
    .map(([name, field]) => `${fieldSql(field)} AS "${name}"`)
    .join(', ')} ${report.from} WHERE ${where}` +
  ` ORDER BY ${report.dateColumn} DESC, ${report.idColumn} DESC LIMIT ${size + 1} OFFSET ${(page - 1) * size}`;

/** Counting stops past the cap, as the customer list does: the exact figure is the summary's. */
export const cappedCountSql = (report: ReportDefinition, where: string) =>
  `SELECT count(*)::int AS count FROM (SELECT 1 ${report.from} WHERE ${where} LIMIT ${COUNT_CAP + 1}) capped`;

export const countSql = (report: ReportDefinition, where: string) =>
  `SELECT count(*)::int AS count ${report.from} WHERE ${where}`;

/** What an export request keeps until its file is fetched. */
export type TSavedExport = {
  filters?: Partial<TParsedTransactionFilters>;
  fields?: string[];
  include_headers?: boolean;
};

/** The CSV an export streams: the chosen fields (the spec's defaults otherwise), newest first, keyset-ordered. */
export const exportQueryOf = (
  report: ReportDefinition,
  scope: ReportScope,
  saved: TSavedExport,
): CsvQuery => {
  const names = saved.fields && saved.fields.length > 0 ? saved.fields : EXPORT_FIELDS[report.kind];
  const columns = names.flatMap((name) => {
    const field = report.fields[name];
    if (!field) return [];
    const expression = field.type === 'timestamp' ? isoTimestampSql(field.sql) : `(${field.sql})::text`;
    return [{ header: name, expression, freeText: field.freeText ?? false }];
  });
  return {
    columns,
    from: report.from,
    where: whereOf(report, scope, saved.filters ?? {}),
    orderBy: [
      { expression: report.dateColumn, type: 'timestamptz' },
      { expression: report.idColumn, type: 'text' },
    ],
    includeHeaders: saved.include_headers ?? true,
  };
};

import {
  COUNT_CAP,
  splitFilterValues,
  type TParsedTransactionFilters,
  TRANSACTION_MULTI_FILTERS,
} from '@laurel/contract';
import { literal } from '../../db/database';
import { containsPattern, startOfDay, startOfNextDay } from '../../db/filters';
import { isoTimestampSql } from '../../exports/csv-stream';
import type { ReportDefinition, ReportField } from './report-definition';

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
    const pattern = literal(containsPattern(filters.search_string));
    parts.push(`(${report.search.map((column) => `${column} ILIKE ${pattern}`).join(' OR ')})`);
  }
  for (const name of TRANSACTION_MULTI_FILTERS[report.kind]) {
    const filter = report.multi[name as keyof typeof report.multi];
    const chosen = splitFilterValues((filters as Record<string, string | undefined>)[name] ?? '');
    if (filter && chosen.length > 0) parts.push(`${filter.sql} IN (${list(chosen)})`);
  }
  return parts.join(' AND ');
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

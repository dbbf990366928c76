import {
  EXPORT_FIELDS,
  splitFilterValues,
  type TParsedTransactionFilters,
  TRANSACTION_MULTI_FILTERS,
  type TTransactionMultiFilter,
} from '@laurel/contract';
import { literal } from '../../db/database';
import { containsPattern, startOfDay, startOfNextDay } from '../../db/filters';
import { type CsvQuery, isoTimestampSql } from '../../exports/csv-stream';
import type { ReportCard, ReportDefinition, ReportField, ReportTotals } from './report-definition';
import { totalsRange } from './totals-range';

/**
 * Whose rows: the client, and for managers the branches they manage (null: every branch); `timeZone` is the
 * business's, in which the date filters' days begin and end (as on its dashboard).
 */
export type ReportScope = { clientId: string; branchIds: string[] | null; timeZone: string };

/** The ids the chosen names of id-compared multi-selects stand for (ReportMultiFilter.ids), per filter. */
export type ResolvedIds = Partial<Record<TTransactionMultiFilter, string[]>>;

const ID = /^[0-9a-f]{24}$/i;
const list = (values: readonly string[]) => values.map(literal).join(', ');
const chosenOf = (filters: Partial<TParsedTransactionFilters>, name: string) =>
  splitFilterValues((filters as Record<string, string | undefined>)[name] ?? '');
const multiFiltersOf = (report: ReportDefinition) =>
  TRANSACTION_MULTI_FILTERS[report.kind].map((name) => ({
    name: name as TTransactionMultiFilter,
    filter: report.multi[name as TTransactionMultiFilter],
  }));

/** The lookups that turn chosen names into ids (the service runs them once per request): filter name and SQL. */
export const idLookupsOf = (
  report: ReportDefinition,
  scope: ReportScope,
  filters: Partial<TParsedTransactionFilters>,
) =>
  multiFiltersOf(report).flatMap(({ name, filter }) => {
    const chosen = chosenOf(filters, name);
    if (!filter || !('ids' in filter) || chosen.length === 0) return [];
    return [{ name, sql: filter.ids.lookup(literal(scope.clientId), chosen.map(literal)) }];
  });

const resolvedIds = (ids: ResolvedIds, name: TTransactionMultiFilter) => {
  const found = ids[name];
  if (!found) throw new Error(`${name}: names not resolved to ids (idLookupsOf)`);
  return found;
};

/** `column IN (ids)`, or false when the names matched nothing. */
const inIds = (column: string, ids: readonly string[]) =>
  ids.length === 0 ? 'false' : `${column} IN (${list(ids)})`;

/** The chosen values' conditions OR-ed (ReportMultiFilter.conditions); a value it does not know matches nothing. */
const anyOf = (conditions: Readonly<Record<string, string>>, chosen: readonly string[]) =>
  `(${chosen.map((value) => (Object.hasOwn(conditions, value) ? conditions[value] : 'false')).join(' OR ')})`;

/** Whether anything besides branch scope narrows the rows (a filtered list counts less far: transactionCountCap). */
export const isFiltered = (report: ReportDefinition, filters: Partial<TParsedTransactionFilters>) =>
  Boolean(
    filters.search_string ||
      filters.customer_id ||
      filters.start_date ||
      filters.end_date ||
      filters.min_value !== undefined ||
      filters.max_value !== undefined ||
      multiFiltersOf(report).some(({ name }) => chosenOf(filters, name).length > 0),
  );

/**
 * The WHERE condition of a report for a scope and filters, every value inlined as an escaped literal: the same
 * text serves the list, the cards and COPY (which takes no parameters). Filters are already validated.
 */
export const whereOf = (
  report: ReportDefinition,
  scope: ReportScope,
  filters: Partial<TParsedTransactionFilters>,
  ids: ResolvedIds,
) => {
  if (!ID.test(scope.clientId)) throw new Error('invalid client id');
  const parts = [`t.client_id = ${literal(scope.clientId)}`];
  if (report.rowsShown) parts.push(report.rowsShown);
  if (scope.branchIds !== null) {
    const ids = scope.branchIds.filter((id) => ID.test(id));
    parts.push(ids.length === 0 ? 'false' : `${report.branchColumn} IN (${list(ids)})`);
  }
  if (filters.customer_id) parts.push(`t.customer_id = ${literal(filters.customer_id)}`);
  if (filters.start_date)
    parts.push(
      `${report.dateColumn} >= ${literal(startOfDay(filters.start_date, scope.timeZone).toISOString())}::timestamptz`,
    );
  if (filters.end_date)
    parts.push(
      `${report.dateColumn} < ${literal(startOfNextDay(filters.end_date, scope.timeZone).toISOString())}::timestamptz`,
    );
  if (filters.min_value !== undefined) parts.push(`${report.value} >= ${Number(filters.min_value)}`);
  if (filters.max_value !== undefined) parts.push(`${report.value} <= ${Number(filters.max_value)}`);
  if (filters.search_string) {
    // Spec 3: a multi-select's values are joined with '|' into the search string; a row matches any of them.
    const terms = filters.search_string
      .split('|')
      .map((term) => term.trim())
      .filter((term) => term !== '');
    // Customers through their own trigram-indexed search text (name, email, number), then the report's names.
    const matches = terms.flatMap((term) => [
      `t.customer_id IN (SELECT id FROM customers WHERE client_id = ${literal(scope.clientId)} ` +
        `AND search_text LIKE ${literal(containsPattern(term.toLowerCase()))})`,
      ...report.search.map((column) => `${column} ILIKE ${literal(containsPattern(term))}`),
    ]);
    if (matches.length > 0) parts.push(`(${matches.join(' OR ')})`);
  }
  for (const { name, filter } of multiFiltersOf(report)) {
    const chosen = chosenOf(filters, name);
    if (!filter || chosen.length === 0) continue;
    parts.push(
      'ids' in filter
        ? inIds(filter.ids.column, resolvedIds(ids, name))
        : 'conditions' in filter
          ? anyOf(filter.conditions, chosen)
          : `${filter.sql} IN (${list(chosen)})`,
    );
  }
  return parts.join(' AND ');
};

const DAY_MS = 86_400_000;
const utcDay = (at: Date) => at.toISOString().slice(0, 10);
const isUtcMidnight = (at: Date) => at.getTime() % DAY_MS === 0;

/**
 * A range of the business's days as UTC days and edges: `firstDay`…`lastDay` (UTC, both included, either open) are
 * the whole UTC days inside it; `edges` the instants at either end outside them (a local day starting at 11:00 UTC
 * leaves 13 hours of its first UTC day to the rows); `empty` when no whole UTC day is inside at all.
 */
export const utcDaysWithin = (start: string | undefined, end: string | undefined, timeZone: string) => {
  const from = start ? startOfDay(start, timeZone) : null;
  const to = end ? startOfNextDay(end, timeZone) : null;
  const edges: [Date, Date][] = [];
  let firstDay: string | undefined;
  let lastDay: string | undefined;
  let wholeFrom = from;
  if (from && !isUtcMidnight(from)) {
    wholeFrom = new Date(Math.ceil(from.getTime() / DAY_MS) * DAY_MS);
  }
  let wholeTo = to;
  if (to && !isUtcMidnight(to)) wholeTo = new Date(Math.floor(to.getTime() / DAY_MS) * DAY_MS);
  if (wholeFrom && wholeTo && wholeFrom >= wholeTo) {
    // Shorter than a whole UTC day inside: the rows alone.
    if (from && to && from < to) edges.push([from, to]);
    return { firstDay, lastDay, edges, empty: true };
  }
  if (from && wholeFrom && from < wholeFrom) edges.push([from, wholeFrom]);
  if (to && wholeTo && wholeTo < to) edges.push([wholeTo, to]);
  if (wholeFrom) firstDay = utcDay(wholeFrom);
  if (wholeTo) lastDay = utcDay(new Date(wholeTo.getTime() - DAY_MS));
  return { firstDay, lastDay, edges, empty: false };
};

/**
 * The same filters over a report's totals (`FROM … WHERE …` for its cards and count): whole months of the date
 * range from the monthly totals, the days at its edges from the daily ones. Null when a filter needs the rows
 * themselves (search, value range, one customer): then the cards are computed from the rows.
 */
export const totalsQueryOf = (
  report: ReportDefinition,
  scope: ReportScope,
  filters: Partial<TParsedTransactionFilters>,
  ids: ResolvedIds,
): { totals: ReportTotals; fromWhere: string } | null => {
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
  for (const { name, filter } of multiFiltersOf(report)) {
    const chosen = chosenOf(filters, name);
    if (chosen.length === 0) continue;
    const column = totals.multi[name];
    if (!column || (filter && 'conditions' in filter)) return null;
    parts.push(
      filter && 'ids' in filter ? inIds(column, resolvedIds(ids, name)) : `${column} IN (${list(chosen)})`,
    );
  }
  const day = (value: string) => `${literal(value)}::date`;
  // The totals hold UTC days; the business's days begin at its own midnight. The whole UTC days inside the range
  // come from the totals, the hours at either end (none in UTC) from the ledger's rows, in the totals' columns.
  const bounds = utcDaysWithin(filters.start_date, filters.end_date, scope.timeZone);
  const { months, edgeDays } = totalsRange(bounds.firstDay, bounds.lastDay);
  const selects: string[] = [];
  for (const [from, to] of bounds.edges)
    selects.push(
      `SELECT ${totals.fromRows} FROM ${report.table} t WHERE ${[
        ...parts,
        `${report.dateColumn} >= ${literal(from.toISOString())}::timestamptz`,
        `${report.dateColumn} < ${literal(to.toISOString())}::timestamptz`,
      ].join(' AND ')}`,
    );
  if (bounds.empty)
    return {
      totals,
      fromWhere: `FROM (${selects[0] ? selects.join(' UNION ALL ') : `SELECT ${totals.fromRows} FROM ${report.table} t WHERE false`}) t`,
    };
  const select = (table: string, dates: string[]) =>
    selects.push(
      `SELECT ${totals.columns.map((column) => `t.${column}`).join(', ')} FROM ${table} t ` +
        `WHERE ${[...parts, ...dates].join(' AND ')}`,
    );
  if (months) {
    select(totals.monthly, [
      ...(months.from ? [`t.month >= ${day(months.from)}`] : []),
      ...(months.to ? [`t.month < ${day(months.to)}`] : []),
    ]);
  }
  if (edgeDays) {
    const outsideMonths = [
      ...(months?.from ? [`t.day < ${day(months.from)}`] : []),
      ...(months?.to ? [`t.day >= ${day(months.to)}`] : []),
    ];
    select(totals.daily, [
      ...(bounds.firstDay ? [`t.day >= ${day(bounds.firstDay)}`] : []),
      ...(bounds.lastDay ? [`t.day <= ${day(bounds.lastDay)}`] : []),
      ...(months ? [`(${outsideMonths.join(' OR ')})`] : []),
    ]);
  }
  return { totals, fromWhere: `FROM (${selects.join(' UNION ALL ')}) t` };
};

/** A field as the API shows it: timestamps ISO-8601 UTC, numbers as numbers. */
export const fieldSql = ({ sql, type }: ReportField) =>
  type === 'timestamp' ? isoTimestampSql(sql) : type === 'number' ? `(${sql})::float8` : sql;

export const pageSql = (report: ReportDefinition, where: string, page: number, size: number) =>
  `SELECT ${Object.entries(report.fields)
    .map(([name, field]) => `${fieldSql(field)} AS "${name}"`)
    .join(', ')} ${report.from} WHERE ${where}` +
  ` ORDER BY ${report.dateColumn} DESC, ${report.idColumn} DESC LIMIT ${size + 1} OFFSET ${(page - 1) * size}`;

/** The ledger alone: what counts and cards read (a join, even one PostgreSQL removes, rules out index-only scans). */
export const ledgerFrom = (report: ReportDefinition) => `FROM ${report.table} t`;

/** Counting stops past the cap (transactionCountCap), as the customer list does: the exact figure is the summary's. */
export const cappedCountSql = (report: ReportDefinition, where: string, cap: number) =>
  `SELECT count(*)::int AS count FROM (SELECT 1 ${ledgerFrom(report)} WHERE ${where} LIMIT ${cap + 1}) capped`;

export const countSql = (report: ReportDefinition, where: string) =>
  `SELECT count(*)::int AS count ${ledgerFrom(report)} WHERE ${where}`;

/** The condition the cards' rows must also meet (ReportDefinition.cardsUnlessFiltered), or null. */
export const cardsLeftOut = (report: ReportDefinition, filters: Partial<TParsedTransactionFilters>) => {
  const rule = report.cardsUnlessFiltered;
  return rule && chosenOf(filters, rule.filter).length === 0 ? rule.condition : null;
};

/**
 * The snapshot cards and the exact count: every plain aggregate card and the count in one pass over the rows (or
 * totals), each other card in a query of its own. Answers the statements and how to read their rows.
 */
export const cardsSql = (cards: readonly ReportCard[], fromWhere: string, count: string) => {
  const aggregates = cards.flatMap((card, index) => ('aggregate' in card ? [{ card, index }] : []));
  const combined = `SELECT ${[
    ...aggregates.map(({ card, index }) => `${(card as { aggregate: string }).aggregate} AS "c${index}"`),
    `${count} AS count`,
  ].join(', ')} ${fromWhere}`;
  const others = cards.flatMap((card, index) =>
    'sql' in card ? [{ label: card.label, index, sql: card.sql(fromWhere) }] : [],
  );
  return { combined, others };
};

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
  ids: ResolvedIds,
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
    where: whereOf(report, scope, saved.filters ?? {}, ids),
    orderBy: [
      { expression: report.dateColumn, type: 'timestamptz' },
      { expression: report.idColumn, type: 'text' },
    ],
    includeHeaders: saved.include_headers ?? true,
  };
};

import type { Readable } from 'node:stream';
import {
  EXPORTABLE_FIELDS,
  exportFileName,
  type TParsedTransactionFilters,
  TRANSACTION_FILTER_MESSAGES,
  TRANSACTION_MULTI_FILTERS,
  type TReportCard,
  type TTransactionExportRequest,
  type TTransactionSummary,
} from '@laurel/contract';
import { and, eq, gt } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { literal } from '../../db/database';
import { newId } from '../../db/ids';
import { exportRequests } from '../../db/schema';
import { streamCsv } from '../../exports/csv-stream';
import type { Principal } from '../../http/auth/principal';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { ReportDefinition } from './report-definition';
import {
  cappedCountSql,
  countSql,
  exportQueryOf,
  pageSql,
  type ReportScope,
  type TSavedExport,
  totalsWhereOf,
  whereOf,
} from './report-query';

const EXPORT_LIFETIME_MS = 60 * 60 * 1000;

/** Numbers come back from PostgreSQL as text for numeric and bigint; the API answers numbers. */
const typed = (report: ReportDefinition, row: Record<string, unknown>) => {
  const out: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(report.fields)) {
    const value = row[name];
    out[name] = field.type === 'number' && value !== null && value !== undefined ? Number(value) : value;
  }
  return out;
};

/**
 * One export stream at a time per client in this process: a second is refused with a 409 rather than doubling
 * the load of a large COPY.
 */
const runningExports = new Set<string>();

export const createTransactionsService = (ctx: AppContext) => {
  const { database } = ctx;

  const list = async (
    report: ReportDefinition,
    scope: ReportScope,
    filters: Partial<TParsedTransactionFilters>,
    page: number,
    size: number,
  ) => {
    const where = whereOf(report, scope, filters);
    const [rows, [counted]] = await Promise.all([
      database.query<Record<string, unknown>>(pageSql(report, where, page, size)),
      database.query<{ count: number }>(cappedCountSql(report, where)),
    ]);
    const hasMore = rows.length > size;
    return {
      transactions: rows.slice(0, size).map((row) => typed(report, row)),
      count: Number(counted?.count ?? 0),
      hasMore,
    };
  };

  const optionsOf = async (report: ReportDefinition, scope: ReportScope) => {
    const client = literal(scope.clientId);
    const branches = scope.branchIds?.map(literal) ?? null;
    const options: Record<string, string[]> = {};
    for (const name of TRANSACTION_MULTI_FILTERS[report.kind]) {
      const source = report.multi[name as keyof typeof report.multi]?.options;
      if (!source) continue;
      options[name] =
        typeof source === 'function'
          ? (await database.query<{ option: string }>(source(client, branches))).map((row) =>
              String(row.option),
            )
          : [...source];
    }
    return options;
  };

  const summary = async (
    report: ReportDefinition,
    scope: ReportScope,
    filters: Partial<TParsedTransactionFilters>,
  ): Promise<TTransactionSummary> => {
    const fromTotals = totalsWhereOf(report, scope, filters);
    const where = whereOf(report, scope, filters);
    const fromWhere = fromTotals
      ? `${fromTotals.totals.from} WHERE ${fromTotals.where}`
      : `${report.from} WHERE ${where}`;
    const cardSql = fromTotals ? fromTotals.totals.cards : report.cards;
    const [cards, [counted], options] = await Promise.all([
      Promise.all(
        cardSql.map(async (card): Promise<TReportCard> => {
          const [row] = await database.query<{ value: unknown; detail: unknown }>(card.sql(fromWhere));
          const value = row?.value ?? null;
          const numeric = typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value);
          return {
            label: card.label,
            value: value === null ? 0 : numeric ? Number(value) : String(value),
            detail: row?.detail === null || row?.detail === undefined ? null : String(row.detail),
          };
        }),
      ),
      database.query<{ count: number }>(
        fromTotals ? `SELECT ${fromTotals.totals.count} AS count ${fromWhere}` : countSql(report, where),
      ),
      optionsOf(report, scope),
    ]);
    return { cards, options, count: Number(counted?.count ?? 0) };
  };

  const requestExport = async (
    report: ReportDefinition,
    principal: Principal,
    scope: ReportScope,
    request: TTransactionExportRequest & { filters: Partial<TParsedTransactionFilters> },
  ) => {
    const allowed = EXPORTABLE_FIELDS[report.kind];
    const unknown = (request.fields ?? []).find((field) => !allowed.includes(field));
    if (unknown)
      throw badRequest([{ field: 'fields', message: TRANSACTION_FILTER_MESSAGES.unknownField(unknown) }]);
    const [counted] = await database.query<{ count: number }>(
      countSql(report, whereOf(report, scope, request.filters)),
    );
    const id = newId();
    const fileName = exportFileName(report.kind, new Date());
    await database.db.insert(exportRequests).values({
      id,
      clientId: principal.clientId,
      userId: principal.userId,
      kind: report.kind,
      filters: { ...request, filters: request.filters } as Record<string, unknown>,
      fileName,
      expiresAt: new Date(Date.now() + EXPORT_LIFETIME_MS),
    });
    return {
      file_id: id,
      file_name: fileName,
      url: `/api/transactions/${report.kind}/files?file_id=${id}`,
      row_count: Number(counted?.count ?? 0),
    };
  };

  /** Streams a prepared export; branch scope applies as of now, to whoever downloads. */
  const download = async (
    report: ReportDefinition,
    principal: Principal,
    scope: ReportScope,
    fileId: string,
  ): Promise<{ fileName: string; stream: Readable }> => {
    const [found] = await database.db
      .select()
      .from(exportRequests)
      .where(
        and(
          eq(exportRequests.id, fileId),
          eq(exportRequests.clientId, principal.clientId),
          eq(exportRequests.userId, principal.userId),
          eq(exportRequests.kind, report.kind),
          gt(exportRequests.expiresAt, new Date()),
        ),
      );
    if (!found) throw notFound(TRANSACTION_FILTER_MESSAGES.exportExpired);
    if (runningExports.has(principal.clientId)) throw conflict(TRANSACTION_FILTER_MESSAGES.exportRunning);
    const saved = found.filters as TSavedExport;
    runningExports.add(principal.clientId);
    try {
      const stream = await streamCsv(database, exportQueryOf(report, scope, saved));
      const release = () => runningExports.delete(principal.clientId);
      stream.once('close', release);
      stream.once('error', release);
      return { fileName: found.fileName, stream };
    } catch (error) {
      runningExports.delete(principal.clientId);
      throw error;
    }
  };

  return { list, summary, requestExport, download };
};

import type { Readable } from 'node:stream';
import {
  EXPORTABLE_FIELDS,
  exportFileName,
  type TParsedTransactionExportRequest,
  type TParsedTransactionFilters,
  TRANSACTION_FILTER_MESSAGES,
  TRANSACTION_MULTI_FILTERS,
  type TReportCard,
  type TTransactionSummary,
  transactionCountCap,
} from '@laurel/contract';
import { and, eq, gt } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { literal } from '../../db/database';
import { newId } from '../../db/ids';
import { exportRequests } from '../../db/schema';
import { ExportBusyError, streamCsv } from '../../exports/csv-stream';
import type { Principal } from '../../http/auth/principal';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { ReportDefinition } from './report-definition';
import {
  cappedCountSql,
  cardsLeftOut,
  cardsSql,
  countSql,
  exportQueryOf,
  idLookupsOf,
  isFiltered,
  ledgerFrom,
  pageSql,
  type ReportScope,
  type ResolvedIds,
  type TSavedExport,
  totalsQueryOf,
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
 * A card's figure as the API answers it: numbers as numbers, "most …" names as text; an aggregate over nothing as
 * 0, a card of its own query that found no row (a "most …" card over no rows) as null: there is none.
 */
const cardOf = (label: string, value: unknown, detail: unknown, none: 0 | null = 0): TReportCard => {
  const numeric = typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value);
  return {
    label,
    value: value === null || value === undefined ? none : numeric ? Number(value) : String(value),
    detail: detail === null || detail === undefined ? null : String(detail),
  };
};

/** The key of a business's one running transaction export (streamCsv's `exclusive`). */
export const transactionExportKey = (clientId: string) => `transactions:${clientId}`;

export const createTransactionsService = (ctx: AppContext) => {
  // Reports read the read side (a replica when configured); export requests are written to the primary.
  const database = ctx.reads.database;
  const primary = ctx.database;

  /** The chosen branch and currency names as ids, once per request (one small lookup each). */
  const resolveIds = async (
    report: ReportDefinition,
    scope: ReportScope,
    filters: Partial<TParsedTransactionFilters>,
  ): Promise<ResolvedIds> => {
    const lookups = idLookupsOf(report, scope, filters);
    const found = await Promise.all(
      lookups.map(async ({ name, sql }) => {
        const rows = await database.query<{ id: string }>(sql);
        return [name, rows.map((row) => row.id)] as const;
      }),
    );
    return Object.fromEntries(found);
  };

  const list = async (
    report: ReportDefinition,
    scope: ReportScope,
    filters: Partial<TParsedTransactionFilters>,
    page: number,
    size: number,
  ) => {
    const where = whereOf(report, scope, filters, await resolveIds(report, scope, filters));
    const cap = transactionCountCap(page, size, isFiltered(report, filters));
    const [rows, [counted]] = await Promise.all([
      database.query<Record<string, unknown>>(pageSql(report, where, page, size)),
      database.query<{ count: number }>(cappedCountSql(report, where, cap)),
    ]);
    const count = Number(counted?.count ?? 0);
    return {
      transactions: rows.slice(0, size).map((row) => typed(report, row)),
      count,
      countCapped: count > cap,
      hasMore: rows.length > size,
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
    const ids = await resolveIds(report, scope, filters);
    const where = whereOf(report, scope, filters, ids);
    // The cards leave some rows out (cardsUnlessFiltered): the exact count of the listed rows is then read apart.
    const leftOut = cardsLeftOut(report, filters);
    const fromTotals = leftOut ? null : totalsQueryOf(report, scope, filters, ids);
    const cards = fromTotals ? fromTotals.totals.cards : report.cards;
    const { combined, others } = cardsSql(
      cards,
      fromTotals
        ? fromTotals.fromWhere
        : `${ledgerFrom(report)} WHERE ${where}${leftOut ? ` AND ${leftOut}` : ''}`,
      fromTotals ? fromTotals.totals.count : 'count(*)::int',
    );
    const [[totals], separate, options, listed] = await Promise.all([
      database.query<Record<string, unknown>>(combined),
      Promise.all(
        others.map(async ({ sql }) => (await database.query<{ value: unknown; detail: unknown }>(sql))[0]),
      ),
      optionsOf(report, scope),
      leftOut ? database.query<{ count: number }>(countSql(report, where)) : Promise.resolve(null),
    ]);
    const separateByIndex = new Map(others.map(({ index }, at) => [index, separate[at]]));
    return {
      cards: cards.map((card, index) =>
        'aggregate' in card
          ? cardOf(card.label, totals?.[`c${index}`], null)
          : cardOf(
              card.label,
              separateByIndex.get(index)?.value,
              separateByIndex.get(index)?.detail,
              separateByIndex.get(index) ? 0 : null,
            ),
      ),
      options,
      count: Number((listed ? listed[0]?.count : totals?.count) ?? 0),
    };
  };

  /** Records what to export; the rows are read (in the downloader's branch scope) when the file is fetched. */
  const requestExport = async (
    report: ReportDefinition,
    principal: Principal,
    request: TParsedTransactionExportRequest,
  ) => {
    const allowed = EXPORTABLE_FIELDS[report.kind];
    const unknown = (request.fields ?? []).find((field) => !allowed.includes(field));
    if (unknown)
      throw badRequest([{ field: 'fields', message: TRANSACTION_FILTER_MESSAGES.unknownField(unknown) }]);
    const id = newId();
    const fileName = exportFileName(report.kind, new Date());
    await primary.db.insert(exportRequests).values({
      id,
      clientId: principal.clientId,
      userId: principal.userId,
      kind: report.kind,
      filters: { ...request, filters: request.filters } as Record<string, unknown>,
      fileName,
      expiresAt: new Date(Date.now() + EXPORT_LIFETIME_MS),
    });
    return { file_id: id, file_name: fileName };
  };

  /** Streams a prepared export; branch scope applies as of now, to whoever downloads. */
  const download = async (
    report: ReportDefinition,
    principal: Principal,
    scope: ReportScope,
    fileId: string,
  ): Promise<{ fileName: string; stream: Readable }> => {
    // The request was just written on the primary: a replica may not have it yet.
    const [found] = await primary.db
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
    const saved = found.filters as TSavedExport;
    const ids = await resolveIds(report, scope, saved.filters ?? {});
    try {
      // One running export per client, whichever API process serves it: a second is refused with a 409 rather
      // than doubling the load of a large COPY.
      const stream = await streamCsv(database, exportQueryOf(report, scope, saved, ids), {
        exclusive: transactionExportKey(principal.clientId),
      });
      return { fileName: found.fileName, stream };
    } catch (error) {
      if (error instanceof ExportBusyError) throw conflict(TRANSACTION_FILTER_MESSAGES.exportRunning);
      throw error;
    }
  };

  return { list, summary, requestExport, download };
};

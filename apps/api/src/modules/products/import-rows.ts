import { IMPORT_MESSAGES, type TImportReport, type TImportRowError } from '@laurel/contract';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { HttpError } from '../../http/errors';
import { type CsvRecord, rowError } from './csv-file';

/** What the catalogue imports share: row validation, the all-or-nothing rule, the report, batching. */

export type ImportOptions = { text: string; skipInvalid: boolean; mayUpdate: boolean };

const CHUNK = 1000;
export const chunks = <T>(items: T[]) =>
  Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, i) => items.slice(i * CHUNK, (i + 1) * CHUNK));
export const param = (values: readonly unknown[]) => sql.param(values);

/** One import at a time per client and kind: two uploads of the same new SKU cannot race. */
export const lockImports = (tx: Tx, clientId: string, kind: string) =>
  tx.execute(
    sql`SELECT pg_advisory_xact_lock(hashtextextended(${`catalogue-import:${kind}:${clientId}`}, 0))`,
  );

export type Counts = { created: number; updated: number; unchanged: number };

/** Validates every row the same way the editor's body is validated, and finds repeated keys. */
export const validateRows = <T>(
  records: CsvRecord[],
  key: string,
  check: (record: CsvRecord) => { value?: T; errors: TImportRowError[] },
) => {
  const errors: TImportRowError[] = [];
  const valid: { row: number; value: T }[] = [];
  const firstRowOf = new Map<string, number>();
  for (const record of records) {
    const result = check(record);
    const keyValue = (record.cells.get(key) ?? '').toLowerCase();
    const firstRow = keyValue ? firstRowOf.get(keyValue) : undefined;
    if (firstRow !== undefined) {
      result.errors.push(rowError(record.row, key, IMPORT_MESSAGES.repeatedKey(key, firstRow)));
    } else if (keyValue) {
      firstRowOf.set(keyValue, record.row);
    }
    if (result.errors.length > 0) errors.push(...result.errors);
    else if (result.value !== undefined) valid.push({ row: record.row, value: result.value });
  }
  const badRows = new Set(errors.map((error) => error.row)).size;
  return { errors, valid, badRows };
};

export const issuesOf = (row: number, issues: readonly { path: PropertyKey[]; message: string }[]) =>
  issues.map((issue) => rowError(row, String(issue.path[0] ?? 'file'), issue.message));

/** A file with bad rows imports nothing unless the caller asked to skip them (then the report still lists them). */
export const refuseIfInvalid = (
  records: CsvRecord[],
  checked: { errors: TImportRowError[]; badRows: number },
  skipInvalid: boolean,
) => {
  if (checked.errors.length === 0 || skipInvalid) return;
  const report: TImportReport = {
    imported: false,
    rows: records.length,
    created: 0,
    updated: 0,
    unchanged: 0,
    skipped: checked.badRows,
    errors: checked.errors,
  };
  throw new HttpError(400, IMPORT_MESSAGES.nothingImported(checked.badRows), report);
};

export const finished = (
  records: CsvRecord[],
  counts: Counts,
  checked: { errors: TImportRowError[]; badRows: number },
) => ({
  report: {
    imported: true,
    rows: records.length,
    ...counts,
    skipped: checked.badRows,
    errors: checked.errors,
  } satisfies TImportReport,
  message:
    checked.badRows > 0
      ? IMPORT_MESSAGES.importedSkipping(counts.created, counts.updated, counts.unchanged, checked.badRows)
      : IMPORT_MESSAGES.imported(counts.created, counts.updated, counts.unchanged),
});

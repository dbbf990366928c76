import {
  IMPORT_MAX_ROWS,
  IMPORT_MESSAGES,
  isTextHeaderCell,
  type TImportReport,
  type TImportRowError,
  ZImportQuery,
} from '@laurel/contract';
import { CsvError, parse } from 'csv-parse/sync';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../http/errors';
import { readMultipartForm } from '../../http/multipart-form';

/** A data row of an import file: its spreadsheet row number (the header is row 1) and its cells by column. */
export type CsvRecord = { row: number; cells: Map<string, string> };

export const rowError = (row: number, column: string, message: string): TImportRowError => ({
  row,
  column,
  field: column,
  message,
});

export const emptyReport = (errors: TImportRowError[] = []): TImportReport => ({
  imported: false,
  rows: 0,
  created: 0,
  updated: 0,
  unchanged: 0,
  skipped: 0,
  errors,
});

/** A problem with the file as a whole: a 400 whose content is the report, like a file with bad rows. */
const fileProblem = (row: number, column: string, message: string) =>
  new HttpError(400, message, emptyReport([rowError(row, column, message)]));

const tooLarge = () => new HttpError(413, IMPORT_MESSAGES.tooLarge);

/**
 * The CSV of an import request: a multipart upload (field `file`, and `skip_invalid` as a form field or in the
 * query) or a text/csv body. Anything else is 415.
 */
export const readCsvRequest = async (request: FastifyRequest, query: { skip_invalid: boolean }) => {
  let skipInvalid = query.skip_invalid;
  if (request.isMultipart()) {
    const { fields, file } = await readMultipartForm(request, {
      tooLarge,
      oneFileOnly: () => fileProblem(0, 'file', IMPORT_MESSAGES.fileRequired),
    });
    if (fields.skip_invalid !== undefined) {
      const parsed = ZImportQuery.safeParse({ skip_invalid: fields.skip_invalid });
      if (!parsed.success) throw fileProblem(0, 'skip_invalid', 'skip_invalid must be true or false');
      skipInvalid = parsed.data.skip_invalid;
    }
    if (file === null) throw fileProblem(0, 'file', IMPORT_MESSAGES.fileRequired);
    return { text: file.bytes.toString('utf8'), skipInvalid };
  }
  if (typeof request.body === 'string') return { text: request.body, skipInvalid };
  if (request.body === undefined || request.body === null)
    throw fileProblem(0, 'file', IMPORT_MESSAGES.fileRequired);
  throw new HttpError(415, IMPORT_MESSAGES.sendCsv);
};

const normaliseHeader = (cell: string) => cell.trim().toLowerCase().replace(/\s+/g, '_');

/** Semicolon-separated files (spreadsheets in many locales) are read as such when the header says so. */
const delimiterOf = (text: string) => {
  const firstLine = text.slice(0, text.indexOf('\n') === -1 ? text.length : text.indexOf('\n'));
  return firstLine.includes(';') && !firstLine.includes(',') ? ';' : ',';
};

/**
 * Parses the file and checks its header against the import's columns. Blank lines are counted (so row numbers
 * match what a spreadsheet shows) but not imported.
 */
export const parseCsv = (
  text: string,
  columns: { known: readonly string[]; required: readonly string[] },
): { header: string[]; records: CsvRecord[] } => {
  let raw: string[][];
  try {
    raw = parse(text, {
      bom: true,
      delimiter: delimiterOf(text),
      relax_column_count: true,
      skip_empty_lines: false,
      trim: true,
    }) as string[][];
  } catch (error) {
    if (error instanceof CsvError) throw fileProblem(0, 'file', IMPORT_MESSAGES.unreadable(error.message));
    throw error;
  }
  const [headerCells, ...rest] = raw;
  const isBlank = (cells: string[]) => cells.every((cell) => cell === '');
  if (!headerCells || isBlank(headerCells)) throw fileProblem(1, 'file', IMPORT_MESSAGES.empty);
  if (!headerCells.every(isTextHeaderCell)) throw fileProblem(1, 'file', IMPORT_MESSAGES.notText);
  const header = headerCells.map(normaliseHeader);
  const seen = new Set<string>();
  for (const column of header) {
    if (column === '') continue;
    if (!columns.known.includes(column)) throw fileProblem(1, column, IMPORT_MESSAGES.unknownColumn(column));
    if (seen.has(column)) throw fileProblem(1, column, IMPORT_MESSAGES.duplicateColumn(column));
    seen.add(column);
  }
  for (const column of columns.required) {
    if (!seen.has(column)) throw fileProblem(1, column, IMPORT_MESSAGES.missingColumn(column));
  }
  const records: CsvRecord[] = [];
  rest.forEach((cells, index) => {
    if (isBlank(cells)) return;
    const map = new Map<string, string>();
    header.forEach((column, position) => {
      if (column !== '') map.set(column, cells[position] ?? '');
    });
    records.push({ row: index + 2, cells: map });
  });
  if (records.length === 0) throw fileProblem(2, 'file', IMPORT_MESSAGES.empty);
  if (records.length > IMPORT_MAX_ROWS) throw fileProblem(0, 'file', IMPORT_MESSAGES.tooManyRows);
  return { header: [...seen], records };
};

/** The number in a price cell, or the text itself so that validation says it is not a number. */
export const numberCell = (cell: string | undefined) => {
  if (cell === undefined || cell === '') return undefined;
  return /^-?\d+(?:\.\d+)?$/.test(cell) ? Number(cell) : cell;
};

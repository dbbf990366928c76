import { Readable } from 'node:stream';
import { CSV_GUARD_PREFIX, CSV_SAFE_NUMBER_REGEX } from '@laurel/contract';
import { type Database, literal } from '../db/database';

/** Another export holds the same exclusive key (streamCsv's `exclusive`): try again when it has finished. */
export class ExportBusyError extends Error {
  constructor(readonly key: string) {
    super('An export with this key is already running');
  }
}

// Advisory lock namespace of exclusive exports (other namespaces: engine/core/locks.ts, economy currencies).
const EXPORT_LOCK_NAMESPACE = 7_501;
/** Exclusive keys streaming in this process: PGlite's (one process by construction; PostgreSQL's hold a lock). */
const streamingHere = new Set<string>();

/**
 * One column of an export: its header, the SQL that reads it, and whether it is free text that needs the formula
 * guard (ids, validated numbers, dates, amounts and enums cannot start a formula).
 */
export type CsvColumn = { header: string; expression: string; freeText: boolean };

/** A keyset column the rows are ordered by (descending), with the SQL type its last value is cast back to. */
export type CsvOrderKey = { expression: string; type: 'timestamptz' | 'text' | 'bigint' };

export type CsvQuery = {
  columns: readonly CsvColumn[];
  /** `FROM …` with its joins, and the WHERE condition; values inlined with `literal` (COPY takes no parameters). */
  from: string;
  where: string;
  /** Descending order; the last key must be unique so keyset paging neither skips nor repeats a row. */
  orderBy: readonly CsvOrderKey[];
  includeHeaders?: boolean;
};

const PHONE = '^\\+[0-9][0-9 ]{6,}$';
const NUMBER = CSV_SAFE_NUMBER_REGEX.source.replace('(?:', '(').replace('(?:', '(');

/** SQL for DESIGN §9's rule: a cell starting with = + - @ tab or CR gets a leading ' unless it is a number or phone. */
export const guardedSql = (expression: string) =>
  `CASE WHEN ${expression} ~ '^[=+@\\t\\r-]' AND ${expression} !~ '${NUMBER}' AND ${expression} !~ '${PHONE}' ` +
  `THEN '${CSV_GUARD_PREFIX}${CSV_GUARD_PREFIX}' || ${expression} ELSE ${expression} END`;

/** An ISO-8601 UTC timestamp, the way the API writes dates, for list rows and CSV cells alike. */
export const isoTimestampSql = (expression: string) =>
  `to_char(${expression} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** RFC 4180, the way PostgreSQL's COPY … CSV writes it: NULL empty, an empty string "", quotes doubled. */
export const csvCell = (value: unknown) => {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return text === '' || /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

const selectSql = (query: CsvQuery, keyset = '', limit = '') => {
  const cells = query.columns.map(
    ({ expression, freeText }, index) =>
      `${freeText ? guardedSql(`(${expression})`) : expression} AS "c${index}"`,
  );
  // As text: a timestamp read into a JS Date keeps milliseconds only, and a next page keyed on it would skip the rows
  // of the same millisecond (a batch's rows share now(), to the microsecond).
  const keys = limit
    ? query.orderBy.map(({ expression }, index) => `(${expression})::text AS "k${index}"`)
    : [];
  const order = query.orderBy.map(({ expression }) => `${expression} DESC`).join(', ');
  return `SELECT ${[...cells, ...keys].join(', ')} ${query.from} WHERE (${query.where})${keyset} ORDER BY ${order}${limit}`;
};

/** The COPY statement PostgreSQL runs for an export (benchmarks compare the API's stream with it). */
export const copyStatement = (query: CsvQuery) => `COPY (${selectSql(query)}) TO STDOUT WITH (FORMAT csv)`;

const BATCH = 5_000;

/**
 * The rows of `query` as CSV, streamed: COPY on PostgreSQL (the fastest way out of the database); keyset-paged
 * batches on PGlite. Memory stays flat whatever the row count. Every export (customers, the four transaction
 * reports) goes through here, so the formula guard and the CSV dialect are the same everywhere.
 *
 * `exclusive`: at most one stream per key at a time, across every API process on the same PostgreSQL (the COPY's
 * connection holds an advisory lock on the key until the stream ends); a second throws ExportBusyError.
 */
export const streamCsv = async (
  database: Database,
  query: CsvQuery,
  options: { exclusive?: string } = {},
): Promise<Readable> => {
  const header = `${query.columns.map(({ header }) => csvCell(header)).join(',')}\n`;
  const withHeader = query.includeHeaders ?? true;
  const { exclusive } = options;
  if (database.copyOut) {
    const copy = await database.copyOut(
      copyStatement(query),
      exclusive ? { lock: { namespace: EXPORT_LOCK_NAMESPACE, key: exclusive } } : {},
    );
    if (!copy) throw new ExportBusyError(exclusive ?? '');
    const { stream: rows, released } = copy;
    async function* copied() {
      if (withHeader) yield header;
      yield* rows as AsyncIterable<Buffer>;
      // The file ends once its lock is let go, so a next export that starts on the download's end finds it free.
      await released;
    }
    const out = Readable.from(copied());
    // A download abandoned before or while it streams ends the COPY too (its connection and lock are let go).
    out.once('close', () => (rows as Readable).destroy());
    return out;
  }
  if (exclusive !== undefined) {
    if (streamingHere.has(exclusive)) throw new ExportBusyError(exclusive);
    streamingHere.add(exclusive);
  }
  async function* batches() {
    try {
      yield* keysetBatches();
    } finally {
      if (exclusive !== undefined) streamingHere.delete(exclusive);
    }
  }
  async function* keysetBatches() {
    if (withHeader) yield header;
    let keyset = '';
    for (;;) {
      const rows = await database.query<Record<string, unknown>>(selectSql(query, keyset, ` LIMIT ${BATCH}`));
      if (rows.length === 0) return;
      yield rows
        .map((row) => `${query.columns.map((_, index) => csvCell(row[`c${index}`])).join(',')}\n`)
        .join('');
      const last = rows.at(-1) as Record<string, unknown>;
      const left = query.orderBy.map(({ expression }) => expression).join(', ');
      const right = query.orderBy
        .map(({ type }, index) => `${literal(String(last[`k${index}`]))}::${type}`)
        .join(', ');
      keyset = ` AND (${left}) < (${right})`;
      if (rows.length < BATCH) return;
    }
  }
  const stream = Readable.from(batches());
  if (exclusive !== undefined) stream.once('close', () => streamingHere.delete(exclusive));
  return stream;
};

import { Readable } from 'node:stream';
import { CSV_GUARD_PREFIX, CSV_SAFE_NUMBER_REGEX } from '@laurel/contract';
import { type Database, literal } from '../../db/database';
import type { CustomerFilter } from './customers.queries';
import { searchPattern } from './customers.queries';

/**
 * Columns of the customer CSV, in order (header names as the console shows them), and whether the column is free
 * text that needs the formula guard; ids, validated numbers, dates, amounts and enums cannot start a formula.
 */
const COLUMNS = [
  ['ID', 'c.id', false],
  ['Name', 'c.name', true],
  ['Surname', 'c.surname', true],
  ['Number', 'c.cell_number', false],
  ['Email', 'c.email', true],
  [
    'Last Transacted',
    `to_char(c.last_transacted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
    false,
  ],
  ['Last Order Amount', `to_char(c.last_order_amount_minor / 100.0, 'FM999999999990.00')`, false],
  ['Total Value', `to_char(c.total_order_value_minor / 100.0, 'FM999999999990.00')`, false],
  ['Status', 'c.status', false],
  ['Gender', 'c.gender', false],
  ['Birthday', 'c.birthday', false],
  ['Member Card Number', 'c.member_card_number', true],
  ['Member Date', 'c.member_date', false],
  ['Branch', 'b.display_name', true],
  ['Joined', `to_char(c.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`, false],
] as const;

const PHONE = '^\\+[0-9][0-9 ]{6,}$';
const NUMBER = CSV_SAFE_NUMBER_REGEX.source.replace('(?:', '(').replace('(?:', '(');

/** SQL for DESIGN §9's rule: a cell starting with = + - @ tab or CR gets a leading ' unless it is a number or phone. */
const guarded = (expression: string) =>
  `CASE WHEN ${expression} ~ '^[=+@\\t\\r-]' AND ${expression} !~ '${NUMBER}' AND ${expression} !~ '${PHONE}' ` +
  `THEN '${CSV_GUARD_PREFIX}${CSV_GUARD_PREFIX}' || ${expression} ELSE ${expression} END`;

const isHex = (value: string) => /^[0-9a-f]{24}$/i.test(value);

/** The WHERE clause with every value inlined as a literal (COPY takes no parameters); inputs are validated. */
const whereSql = (filter: CustomerFilter) => {
  if (!isHex(filter.clientId)) throw new Error('invalid client id');
  const parts = [`c.client_id = ${literal(filter.clientId)}`];
  if (filter.branchIds !== null) {
    const ids = filter.branchIds.filter(isHex).map(literal);
    parts.push(ids.length === 0 ? 'false' : `c.member_branch_id IN (${ids.join(', ')})`);
  }
  if (filter.status && filter.status !== 'ALL') parts.push(`c.status = ${literal(filter.status)}`);
  if (filter.startDate) parts.push(`c.created_at >= ${literal(filter.startDate)}::date`);
  if (filter.endDate) parts.push(`c.created_at < ${literal(filter.endDate)}::date + 1`);
  if (filter.search) parts.push(`c.search_text LIKE ${literal(searchPattern(filter.search))}`);
  return parts.join(' AND ');
};

const selectSql = (filter: CustomerFilter, keyset = '', limit = '') =>
  `SELECT ${COLUMNS.map(([header, expression, text]) => `${text ? guarded(`(${expression})`) : expression} AS "${header}"`).join(', ')}` +
  (limit ? ', c.created_at AS k_created, c.id AS k_id' : '') +
  ` FROM customers c LEFT JOIN branches b ON b.id = c.member_branch_id WHERE ${whereSql(filter)}${keyset}` +
  ` ORDER BY c.created_at DESC, c.id DESC${limit}`;

/** RFC 4180, the way PostgreSQL's COPY … CSV writes it: NULL empty, an empty string "", quotes doubled. */
export const csvCell = (value: unknown) => {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return text === '' || /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

const HEADER = `${COLUMNS.map(([header]) => csvCell(header)).join(',')}\n`;
const BATCH = 5_000;

/**
 * The customers matching the filter as CSV, streamed: COPY on PostgreSQL; keyset-paged batches on PGlite.
 * Memory stays flat whatever the row count.
 */
export const streamCustomerCsv = async (database: Database, filter: CustomerFilter): Promise<Readable> => {
  if (database.copyOut) {
    const copy = await database.copyOut(
      `COPY (${selectSql(filter)}) TO STDOUT WITH (FORMAT csv, HEADER true)`,
    );
    return Readable.from(copy as AsyncIterable<Buffer>);
  }
  async function* batches() {
    yield HEADER;
    let keyset = '';
    for (;;) {
      const rows = await database.query<Record<string, unknown>>(
        selectSql(filter, keyset, ` LIMIT ${BATCH}`),
      );
      if (rows.length === 0) return;
      yield rows.map((row) => `${COLUMNS.map(([header]) => csvCell(row[header])).join(',')}\n`).join('');
      const last = rows.at(-1) as { k_created: Date | string; k_id: string };
      const created = last.k_created instanceof Date ? last.k_created.toISOString() : String(last.k_created);
      keyset = ` AND (c.created_at, c.id) < (${literal(created)}::timestamptz, ${literal(last.k_id)})`;
      if (rows.length < BATCH) return;
    }
  }
  return Readable.from(batches());
};

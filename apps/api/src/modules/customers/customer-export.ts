import type { Readable } from 'node:stream';
import type { Database } from '../../db/database';
import { literal } from '../../db/database';
import { startOfDay, startOfNextDay } from '../../db/filters';
import { type CsvColumn, streamCsv } from '../../exports/csv-stream';
import type { CustomerFilter } from './customers.queries';
import { searchPattern } from './customers.queries';

const column = (header: string, expression: string, freeText = false): CsvColumn => ({
  header,
  expression,
  freeText,
});
const utc = (expression: string) => `to_char(${expression} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
const money = (minor: string) => `to_char(${minor} / 100.0, 'FM999999999990.00')`;

/** Columns of the customer CSV, in order, with the header names the console shows. */
const COLUMNS = [
  column('ID', 'c.id'),
  column('Name', 'c.name', true),
  column('Surname', 'c.surname', true),
  column('Number', 'c.cell_number'),
  column('Email', 'c.email', true),
  column('Last Transacted', utc('c.last_transacted_at')),
  column('Last Order Amount', money('c.last_order_amount_minor')),
  column('Total Value', money('c.total_order_value_minor')),
  column('Status', 'c.status'),
  column('Gender', 'c.gender'),
  column('Birthday', 'c.birthday'),
  column('Member Card Number', 'c.member_card_number', true),
  column('Member Date', 'c.member_date'),
  column('Branch', 'b.display_name', true),
  column('Joined', utc('c.created_at')),
];

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
  if (filter.startDate)
    parts.push(
      `c.created_at >= ${literal(startOfDay(filter.startDate, filter.timeZone).toISOString())}::timestamptz`,
    );
  if (filter.endDate)
    parts.push(
      `c.created_at < ${literal(startOfNextDay(filter.endDate, filter.timeZone).toISOString())}::timestamptz`,
    );
  // As the list's search (customers.queries.ts): a fragment of the search text, or the client's own id whole.
  if (filter.search)
    parts.push(
      `(c.search_text LIKE ${literal(searchPattern(filter.search))} OR c.external_id = ${literal(filter.search.trim())})`,
    );
  return parts.join(' AND ');
};

/** The customers matching the filter as CSV, newest first, streamed by the shared export module. */
export const streamCustomerCsv = (database: Database, filter: CustomerFilter): Promise<Readable> =>
  streamCsv(database, {
    columns: COLUMNS,
    from: 'FROM customers c LEFT JOIN branches b ON b.id = c.member_branch_id',
    where: whereSql(filter),
    orderBy: [
      { expression: 'c.created_at', type: 'timestamptz' },
      { expression: 'c.id', type: 'text' },
    ],
  });

import {
  CUSTOMER_IMPORT_BALANCE_PREFIX,
  CUSTOMER_IMPORT_COLUMNS,
  CUSTOMER_IMPORT_REQUIRED_COLUMNS,
  isTextHeaderCell,
  CUSTOMER_IMPORT_MESSAGES as M,
  type TCustomerImportColumn,
} from '@laurel/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/database';
import { arrayParam, rowsOf } from '../../../db/raw-sql';
import { badRequest } from '../../../http/errors';

/** A column of the file: one of the customer columns, or an opening balance in one currency. */
export type ImportColumn =
  | { kind: 'field'; name: TCustomerImportColumn }
  | { kind: 'balance'; name: string; currencyId: string }
  | { kind: 'unused' };

const KNOWN = new Set<string>(CUSTOMER_IMPORT_COLUMNS);

/** A header cell as the import reads it: trimmed, lower case, inner spaces as underscores; a balance keeps its code. */
export const normaliseHeaderCell = (cell: string) => {
  const trimmed = cell.replace(/^\uFEFF/, '').trim();
  const lower = trimmed.toLowerCase();
  if (lower.startsWith(CUSTOMER_IMPORT_BALANCE_PREFIX))
    return `${CUSTOMER_IMPORT_BALANCE_PREFIX}${trimmed.slice(CUSTOMER_IMPORT_BALANCE_PREFIX.length).trim()}`;
  return lower.replace(/\s+/g, '_');
};

const problem = (message: string) => badRequest([{ field: 'file', message }]);

/**
 * Checks the header row (any order and case) and resolves each `balance:<CODE>` column to the client's live
 * currency of that code. Every problem with the header is a 400 before any row is read.
 */
export const readImportHeader = async (
  db: DbOrTx,
  clientId: string,
  cells: readonly string[],
): Promise<{ names: string[]; columns: ImportColumn[] }> => {
  if (!cells.every(isTextHeaderCell)) throw problem(M.notText);
  // A tab-separated export reads as one cell of joined names: said as such, not as an unknown column.
  if (cells.length === 1 && cells[0]?.includes('\t')) throw problem(M.tabSeparated);
  const names = cells.map(normaliseHeaderCell);
  if (names.every((name) => name === '')) throw problem(M.empty);
  const seen = new Set<string>();
  for (const [index, name] of names.entries()) {
    if (name === '') continue;
    const key = name.toLowerCase();
    if (seen.has(key)) throw problem(M.duplicateColumn(name));
    seen.add(key);
    // Named as the file has it ('Favourite Drink'), not as read ('favourite_drink').
    if (!KNOWN.has(name) && !name.startsWith(CUSTOMER_IMPORT_BALANCE_PREFIX))
      throw problem(M.unknownColumn((cells[index] ?? name).replace(/^\uFEFF/, '').trim()));
  }
  for (const required of CUSTOMER_IMPORT_REQUIRED_COLUMNS)
    if (!seen.has(required)) throw problem(M.missingColumn(required));
  if (!seen.has('external_id') && !seen.has('email')) throw problem(M.needKey);

  const codes = names
    .filter((name) => name.startsWith(CUSTOMER_IMPORT_BALANCE_PREFIX))
    .map((name) => name.slice(CUSTOMER_IMPORT_BALANCE_PREFIX.length));
  const currencies = codes.length
    ? await rowsOf<{ id: string; code: string }>(
        db,
        sql`SELECT id, lower(code) AS code FROM currencies
            WHERE client_id = ${clientId} AND deleted_at IS NULL
              AND lower(code) = ANY(${arrayParam(codes.map((code) => code.toLowerCase()))}::text[])`,
      )
    : [];
  const byCode = new Map(currencies.map((currency) => [currency.code, currency.id]));
  const columns = names.map((name): ImportColumn => {
    if (name === '') return { kind: 'unused' };
    if (!name.startsWith(CUSTOMER_IMPORT_BALANCE_PREFIX))
      return { kind: 'field', name: name as TCustomerImportColumn };
    const code = name.slice(CUSTOMER_IMPORT_BALANCE_PREFIX.length);
    const currencyId = byCode.get(code.toLowerCase());
    if (!currencyId) throw problem(M.unknownCurrency(code));
    return { kind: 'balance', name, currencyId };
  });
  return { names, columns };
};

import {
  ADD_CUSTOMER_MESSAGES,
  CUSTOMER_IMPORT_MESSAGES as M,
  normaliseCellNumber,
  type TCustomerImportError,
  tierNumber,
  ZCustomerImportRow,
} from '@laurel/contract';
import type { z } from 'zod';
import { normaliseEmail } from '../customers.service';
import type { CompactKeySet } from './compact-key-set';
import type { ImportColumn } from './import-header';

/** A valid row, normalised as the console stores it; null means the file left the cell empty (keep what is there). */
export type ImportRow = {
  row: number;
  externalId: string | null;
  email: string | null;
  cellNumber: string | null;
  name: string;
  surname: string;
  birthday: string | null;
  loyaltyNumber: string | null;
  branchId: string | null;
  tier: number | null;
  level: number | null;
  balances: { currencyId: string; cents: number }[];
};

/** A checked decimal cell (at most two decimals) in minor units, without floating point. */
const centsOf = (amount: string) => {
  const [whole = '0', fraction = ''] = amount.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
};

export type RowContext = {
  columns: readonly ImportColumn[];
  /** The client's branches by lower-cased name. */
  branchesByName: ReadonlyMap<string, string>;
  /** A manager's branches; null when the starter may use any. */
  branchScope: ReadonlySet<string> | null;
  /** The highest level the client's level track gives; null without one (a level is then written as given). */
  topLevel: number | null;
  keys: CompactKeySet;
};

export type RowResult = { ok: true; row: ImportRow } | { ok: false; errors: TCustomerImportError[] };

const KEY_COLUMNS = [
  ['external_id', 'e'],
  ['email', 'm'],
  ['cell_number', 'c'],
  ['loyalty_number', 'l'],
] as const;

/** A cell the schema accepted, or undefined. */
const textCell = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** Each column's own schema, for reading a cell of a row that failed as a whole. */
const FIELD_SCHEMAS = ZCustomerImportRow.shape as Record<string, z.ZodType | undefined>;

/**
 * Checks one data row with the add form's rules and messages and normalises it; a key (external id, email, cell or
 * loyalty number) already on an earlier row of the file fails it. Every bad cell of the row is reported (one message
 * a cell: the first, as the form shows it), the branch and repeated keys too when another cell is bad. Only a valid
 * row's keys are remembered.
 */
export const readImportRow = (context: RowContext, cells: readonly string[], row: number): RowResult => {
  const input: Record<string, unknown> = {};
  const balances: Record<string, string> = {};
  const currencyOf = new Map<string, string>();
  context.columns.forEach((column, index) => {
    const value = (cells[index] ?? '').trim();
    if (value === '' || column.kind === 'unused') return;
    if (column.kind === 'balance') {
      balances[column.name] = value;
      currencyOf.set(column.name, column.currencyId);
    } else input[column.name] = value;
  });
  input.balances = balances;
  const parsed = ZCustomerImportRow.safeParse(input);
  const errors: TCustomerImportError[] = [];
  const failed = (field: string) => errors.some((error) => error.field === field);
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] === 'balances' ? issue.path[1] : (issue.path[0] ?? 'row'));
      if (!failed(field)) errors.push({ row, field, message: issue.message });
    }
  // The cells as the schema reads them (trimmed, normalised): from the whole row when it is valid, else each cell
  // it did not refuse through its own field's schema, so a failing row looks up its branch and keys as a valid one.
  const cell = (field: string) => {
    if (parsed.success) return textCell((parsed.data as Record<string, unknown>)[field]);
    if (failed(field)) return undefined;
    const own = FIELD_SCHEMAS[field]?.safeParse(input[field]);
    return own?.success ? textCell(own.data) : undefined;
  };

  let branchId: string | null = null;
  const branch = cell('branch');
  if (branch !== undefined) {
    branchId = context.branchesByName.get(branch.toLowerCase()) ?? null;
    if (!branchId) errors.push({ row, field: 'branch', message: M.unknownBranch(branch) });
    else if (context.branchScope && !context.branchScope.has(branchId))
      errors.push({ row, field: 'branch', message: M.branchNotManaged });
  }
  const level = typeof input.level === 'string' && !failed('level') ? Number(input.level) : null;
  if (context.topLevel !== null && level !== null && level > context.topLevel)
    errors.push({ row, field: 'level', message: M.levelAboveTrack(context.topLevel) });
  // Cells past the header's columns mean the row's cells have shifted: nothing of it can be trusted.
  if (cells.slice(context.columns.length).some((extra) => extra.trim() !== ''))
    errors.push({ row, field: 'row', message: M.extraCells(context.columns.length) });
  const externalId = cell('external_id') ?? null;
  const email = normaliseEmail(cell('email'));
  const rawCell = cell('cell_number');
  const cellNumber = rawCell ? (normaliseCellNumber(rawCell) ?? rawCell) : null;
  const keys = {
    external_id: externalId,
    email: email?.toLowerCase() ?? null,
    cell_number: cellNumber,
    loyalty_number: cell('loyalty_number') ?? null,
  };
  if (!externalId && !email && !failed('external_id') && !failed('email'))
    errors.push({ row, field: 'email', message: ADD_CUSTOMER_MESSAGES.invalidEmail });
  for (const [column, prefix] of KEY_COLUMNS) {
    const value = keys[column];
    const first = value === null ? null : context.keys.rowOf(`${prefix}${value}`);
    if (first !== null) errors.push({ row, field: column, message: M.repeatedKey(column, first) });
  }
  if (!parsed.success || errors.length > 0) return { ok: false, errors };
  const data = parsed.data;
  for (const [column, prefix] of KEY_COLUMNS) {
    const value = keys[column];
    if (value !== null) context.keys.add(`${prefix}${value}`, row);
  }
  return {
    ok: true,
    row: {
      row,
      externalId: keys.external_id,
      email,
      cellNumber,
      name: data.name,
      surname: data.surname,
      birthday: data.birthday || null,
      loyaltyNumber: keys.loyalty_number,
      branchId,
      tier: data.tier === undefined ? null : tierNumber(data.tier),
      level: data.level ?? null,
      balances: Object.entries(data.balances).map(([column, amount]) => ({
        currencyId: currencyOf.get(column) as string,
        cents: centsOf(amount),
      })),
    },
  };
};

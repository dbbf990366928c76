import {
  ADD_CUSTOMER_MESSAGES,
  CUSTOMER_IMPORT_MESSAGES as M,
  type TCustomerImportError,
} from '@laurel/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/database';
import { arrayParam, rowsOf } from '../../../db/raw-sql';
import type { ImportRow } from './import-row';

/** What an import needs to know of who started it and how. */
export type ImportJob = {
  id: string;
  clientId: string;
  fileName: string;
  dryRun: boolean;
  mayUpdate: boolean;
  /** A manager's branches; null: any. */
  branchScope: ReadonlySet<string> | null;
  defaultBranchId: string | null;
  timeZone: string;
  /** Who started it: the author of the audit entries its rows write. */
  startedBy: { userId: string | null; name: string | null };
};

/** The customer a row names, as stored now. */
export type ExistingCustomer = {
  id: string;
  status: string;
  external_id: string | null;
  name: string;
  surname: string;
  email: string | null;
  cell_number: string | null;
  birthday: string | null;
  member_branch_id: string | null;
  loyalty_number: string | null;
};

/** The customer fields an import writes, merged: a cell left empty keeps what is stored. */
export type CustomerValues = Omit<ExistingCustomer, 'id' | 'status' | 'loyalty_number'>;

export type RowPlan = {
  row: ImportRow;
  /** null: a new customer. */
  existing: ExistingCustomer | null;
  values: CustomerValues;
  /** The customers columns the row changes (none for a new customer). */
  changedColumns: string[];
  fieldsChanged: boolean;
  /** The loyalty number to give (a new record or a changed number); null: none to write. */
  newLoyaltyNumber: string | null;
};

const WRITABLE_STATUSES = new Set(['ACTIVE', 'AWAITING-SIGNUP']);

type Holders = {
  n: number;
  by_external_id: string | null;
  by_email: string | null;
  email_external_id: string | null;
  by_cell: string | null;
  loyalty_owners: string[] | null;
};

/** Who holds each key of each row now, in one statement (every lookup by a unique index). */
const holdersOf = (db: DbOrTx, clientId: string, rows: readonly ImportRow[]) =>
  rowsOf<Holders>(
    db,
    sql`SELECT u.n,
          (SELECT c.id FROM customers c WHERE c.client_id = ${clientId} AND c.external_id = u.ext) AS by_external_id,
          m.id AS by_email, m.external_id AS email_external_id,
          (SELECT c.id FROM customers c WHERE c.client_id = ${clientId} AND c.cell_number = u.cell) AS by_cell,
          (SELECT array_agg(DISTINCT l.customer_id) FROM loyalty_accounts l
            WHERE l.client_id = ${clientId} AND (l.loyalty_number = u.loy OR l.card_number = u.loy)) AS loyalty_owners
        FROM unnest(${arrayParam(rows.map((r) => r.row))}::int[], ${arrayParam(rows.map((r) => r.externalId))}::text[],
                    ${arrayParam(rows.map((r) => r.email?.toLowerCase() ?? null))}::text[],
                    ${arrayParam(rows.map((r) => r.cellNumber))}::text[],
                    ${arrayParam(rows.map((r) => r.loyaltyNumber))}::text[]) AS u(n, ext, email, cell, loy)
        -- One index probe a row: a plain join on the partial expression index is planned as a scan of every customer.
        LEFT JOIN LATERAL (SELECT c.id, c.external_id FROM customers c
                           WHERE c.client_id = ${clientId} AND c.email IS NOT NULL AND lower(c.email) = u.email
                           LIMIT 1) m ON true`,
  );

const existingCustomers = async (db: DbOrTx, clientId: string, ids: readonly string[]) => {
  if (ids.length === 0) return new Map<string, ExistingCustomer>();
  const rows = await rowsOf<ExistingCustomer>(
    db,
    sql`SELECT c.id, c.status, c.external_id, c.name, c.surname, c.email, c.cell_number, c.birthday,
               c.member_branch_id, l.loyalty_number
        FROM customers c LEFT JOIN loyalty_accounts l ON l.customer_id = c.id
        WHERE c.client_id = ${clientId} AND c.id = ANY(${arrayParam([...ids])}::text[])`,
  );
  return new Map(rows.map((row) => [row.id, row]));
};

/** The customers columns an import writes (besides the status a new loyalty number may change). */
export const VALUE_COLUMNS = [
  'external_id',
  'name',
  'surname',
  'email',
  'cell_number',
  'birthday',
  'member_branch_id',
] as const satisfies readonly (keyof CustomerValues)[];

/** The columns whose stored value the row changes. */
const changedColumns = (a: CustomerValues, b: CustomerValues) =>
  VALUE_COLUMNS.filter((column) => a[column] !== b[column]);

/**
 * Decides each valid row against what is stored: the customer it names (external_id, else email; a new
 * external_id with the email of a customer who has none links that customer, as the integrator API does), the
 * keys another customer holds, a suspension, the starter's branches and permission. Reads only.
 */
export const planRows = async (db: DbOrTx, job: ImportJob, rows: readonly ImportRow[]) => {
  const errors: TCustomerImportError[] = [];
  if (rows.length === 0) return { plans: [] as RowPlan[], errors };
  const holders = new Map((await holdersOf(db, job.clientId, rows)).map((h) => [h.n, h]));
  const targetOf = (row: ImportRow, h: Holders) => {
    if (row.externalId === null) return { id: h.by_email, emailClash: false };
    if (h.by_external_id)
      return { id: h.by_external_id, emailClash: h.by_email !== null && h.by_email !== h.by_external_id };
    if (h.by_email && h.email_external_id === null) return { id: h.by_email, emailClash: false };
    return { id: null, emailClash: h.by_email !== null };
  };
  const targets = rows.map((row) => targetOf(row, holders.get(row.row) as Holders));
  const existing = await existingCustomers(
    db,
    job.clientId,
    targets.flatMap((t) => (t.id ? [t.id] : [])),
  );
  const plans: RowPlan[] = [];
  // Two rows may find one customer by different keys (one by external_id, one by an email): one statement cannot
  // write both, so the later row is refused rather than one of them silently lost.
  const firstRowOf = new Map<string, number>();
  for (const [index, row] of rows.entries()) {
    const h = holders.get(row.row) as Holders;
    const target = targets[index] as { id: string | null; emailClash: boolean };
    const current = target.id ? (existing.get(target.id) ?? null) : null;
    const fail = (field: string, message: string) => errors.push({ row: row.row, field, message });
    if (target.emailClash) {
      fail('email', M.emailTaken);
      continue;
    }
    const first = target.id ? firstRowOf.get(target.id) : undefined;
    if (first !== undefined) {
      fail(row.externalId === null ? 'email' : 'external_id', M.sameCustomerAs(first));
      continue;
    }
    if (h.by_cell && h.by_cell !== target.id) {
      fail('cell_number', M.cellTaken);
      continue;
    }
    if ((h.loyalty_owners ?? []).some((owner) => owner !== target.id)) {
      fail('loyalty_number', M.loyaltyNumberTaken);
      continue;
    }
    if (current && !WRITABLE_STATUSES.has(current.status)) {
      fail('external_id', M.suspended);
      continue;
    }
    const scope = job.branchScope;
    if (current && scope && !(current.member_branch_id && scope.has(current.member_branch_id))) {
      fail('branch', M.branchNotManaged);
      continue;
    }
    const branchId = row.branchId ?? (current ? current.member_branch_id : job.defaultBranchId);
    if (!current && scope && !branchId) {
      fail('branch', ADD_CUSTOMER_MESSAGES.branchRequired);
      continue;
    }
    const values: CustomerValues = {
      external_id: row.externalId ?? current?.external_id ?? null,
      name: row.name,
      surname: row.surname,
      email: row.email ?? current?.email ?? null,
      cell_number: row.cellNumber ?? current?.cell_number ?? null,
      birthday: row.birthday ?? current?.birthday ?? null,
      member_branch_id: branchId ?? null,
    };
    const changed = current ? changedColumns(current, values) : [];
    const fieldsChanged = changed.length > 0;
    const newLoyaltyNumber =
      row.loyaltyNumber !== null && row.loyaltyNumber !== (current?.loyalty_number ?? null)
        ? row.loyaltyNumber
        : null;
    if (current && (fieldsChanged || newLoyaltyNumber) && !job.mayUpdate) {
      fail('external_id', M.updateNeedsPermission);
      continue;
    }
    if (target.id) firstRowOf.set(target.id, row.row);
    plans.push({ row, existing: current, values, changedColumns: changed, fieldsChanged, newLoyaltyNumber });
  }
  return { plans, errors };
};

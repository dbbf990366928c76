import {
  CUSTOMER_IMPORT_REPORT_ERRORS,
  type TCustomerImport,
  type TCustomerImportListItem,
  type TCustomerImportStatus,
} from '@laurel/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/database';
import { arrayParam, rowsOf } from '../../../db/raw-sql';

type ImportRecord = {
  id: string;
  file_name: string;
  file_size: string | number;
  dry_run: boolean;
  status: TCustomerImportStatus;
  rows_total: number;
  rows_done: number;
  created: number;
  updated: number;
  unchanged: number;
  failed: number;
  balances_set: number;
  balances_lowered: number;
  failure: string | null;
  created_by_name: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
};

const iso = (value: string | null) => (value === null ? null : new Date(value).toISOString());

const toListItem = (row: ImportRecord): TCustomerImportListItem => ({
  _id: row.id,
  file_name: row.file_name,
  file_size: Number(row.file_size),
  dry_run: row.dry_run,
  status: row.status,
  rows: row.rows_total,
  rows_done: row.rows_done,
  created: row.created,
  updated: row.updated,
  unchanged: row.unchanged,
  failed: row.failed,
  balances_set: row.balances_set,
  balances_lowered: row.balances_lowered,
  failure: row.failure,
  created_by: row.created_by_name,
  created_at: iso(row.created_at) as string,
  started_at: iso(row.started_at),
  finished_at: iso(row.finished_at),
});

const COLUMNS = sql`id, file_name, file_size, dry_run, status, rows_total, rows_done, created, updated, unchanged,
  failed, balances_set, balances_lowered, failure, created_by_name, created_at::text, started_at::text, finished_at::text`;

/** Who reads imports: the client, and for a manager (not an admin) the user and the branches they manage. */
export type ImportReader = { clientId: string; userId: string; managerOf: readonly string[] | null };

/**
 * The imports a reader may see (spec 1 §6: staff other than admins see only their branches): an admin every one of
 * the client's; anyone else those they started and those whose every row was bound to branches they manage (another
 * manager's of the same branches), never an admin's, whose rows could name any branch.
 */
const visibleTo = (reader: ImportReader) =>
  reader.managerOf === null
    ? sql`client_id = ${reader.clientId}`
    : sql`client_id = ${reader.clientId} AND (user_id = ${reader.userId}
        OR (branch_scope IS NOT NULL AND branch_scope <@ ${arrayParam([...reader.managerOf])}::text[]))`;

/** The imports the reader may see, newest first (an upload still arriving is not one yet). */
export const listImports = async (db: DbOrTx, reader: ImportReader, page: number, size: number) => {
  const rows = await rowsOf<ImportRecord & { total: string | number }>(
    db,
    sql`SELECT ${COLUMNS}, count(*) OVER () AS total FROM customer_imports
        WHERE ${visibleTo(reader)} AND status <> 'uploading'
        ORDER BY created_at DESC, id DESC LIMIT ${size} OFFSET ${(page - 1) * size}`,
  );
  const count = rows.length
    ? Number(rows[0]?.total)
    : Number(
        (
          await rowsOf<{ n: string | number }>(
            db,
            sql`SELECT count(*) AS n FROM customer_imports WHERE ${visibleTo(reader)} AND status <> 'uploading'`,
          )
        )[0]?.n ?? 0,
      );
  return { items: rows.map(toListItem), count, hasMore: page * size < count };
};

/** One import with its first errors, or null when the reader may see none by that id. */
export const findImport = async (
  db: DbOrTx,
  reader: ImportReader,
  id: string,
): Promise<TCustomerImport | null> => {
  const [row] = await rowsOf<ImportRecord>(
    db,
    sql`SELECT ${COLUMNS} FROM customer_imports WHERE ${visibleTo(reader)} AND id = ${id} AND status <> 'uploading'`,
  );
  if (!row) return null;
  const errors = await rowsOf<{ row: number; field: string; message: string }>(
    db,
    sql`SELECT row, field, message FROM customer_import_errors WHERE import_id = ${id}
        ORDER BY row, field LIMIT ${CUSTOMER_IMPORT_REPORT_ERRORS}`,
  );
  return { ...toListItem(row), errors };
};

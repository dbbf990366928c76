import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * A customer import (DESIGN §10): the file is kept in `customer_import_parts` until the run ends, so any worker
 * can run it and a restart resumes it. `rows_done` and the counts move in the same transaction as the rows they
 * count, so a resumed run applies no row twice.
 */
export const customerImports = pgTable(
  'customer_imports',
  {
    id: text('id').primaryKey(),
    clientId: text('client_id').notNull(),
    userId: text('user_id'),
    createdByName: text('created_by_name'),
    fileName: text('file_name').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    fileSha256: text('file_sha256').notNull(),
    dryRun: boolean('dry_run').notNull(),
    /** queued | running | completed | failed */
    status: text('status').notNull(),
    /** The header as read (normalised column names, in file order). */
    columns: jsonb('columns').$type<string[]>().notNull(),
    /** The starter's branches when they manage some (a manager's rows must name one of them); null: any. */
    branchScope: text('branch_scope').array(),
    /** Where a new customer without a branch goes: a branch manager's branch; null otherwise. */
    defaultBranchId: text('default_branch_id'),
    /** Whether the starter may also update existing customers (CUSTOMERS:update). */
    mayUpdate: boolean('may_update').notNull(),
    rowsTotal: integer('rows_total').notNull(),
    rowsDone: integer('rows_done').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    balancesSet: integer('balances_set').notNull().default(0),
    /** Of those, the ones lower than the opening balance imported before: the difference is taken back. */
    balancesLowered: integer('balances_lowered').notNull().default(0),
    failure: text('failure'),
    /** A worker holds the run until then; a crashed worker's lease runs out and another resumes it. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('customer_imports_client_created_idx').on(
      table.clientId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('customer_imports_waiting_idx')
      .on(table.createdAt)
      .where(sql`${table.status} IN ('queued', 'running')`),
  ],
);

/** The uploaded file in order, in parts of about 1 MiB (stored uncompressed: CSV parts are read once). */
export const customerImportParts = pgTable(
  'customer_import_parts',
  {
    importId: text('import_id').notNull(),
    seq: integer('seq').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (table) => [primaryKey({ columns: [table.importId, table.seq] })],
);

/** Every failed row of an import: its spreadsheet row number, the column and the message. */
export const customerImportErrors = pgTable(
  'customer_import_errors',
  {
    importId: text('import_id').notNull(),
    row: integer('row').notNull(),
    field: text('field').notNull(),
    message: text('message').notNull(),
  },
  (table) => [primaryKey({ columns: [table.importId, table.row, table.field] })],
);

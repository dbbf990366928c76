import { type SQL, sql } from 'drizzle-orm';
import { fieldOfColumn } from '../customer-webhooks';
import { type ImportJob, VALUE_COLUMNS } from './import-plan';

/**
 * An import audits each customer it changes as the console does ('customer.updated' with each changed field's from
 * and to under the same keys), set-based: the entries are a CTE of the statement that writes the customers. An
 * erasure reads the member's trail, so what an import replaced is erased later too. The customers it creates are
 * counted in the import's own entry, not one entry each: a migration's hundred thousand members would bury the log,
 * and their values are their current ones, which an erasure knows anyway.
 */

type AuditRows = {
  /** The rows audited (a CTE of the statement, joined as needed). */
  from: SQL;
  /** Per row: the entry's id, the customer's id, its summary and its changes (null: none). */
  auditId: SQL;
  customerId: SQL;
  summary: SQL;
  changes: SQL | null;
  where?: SQL;
};

const auditInsertSql = (job: ImportJob, action: 'customer.updated', rows: AuditRows) =>
  sql`INSERT INTO audit_log (id, client_id, actor_id, actor_name, action, entity, entity_id, summary, changes, ip)
    SELECT ${rows.auditId}, ${job.clientId}::text, ${job.startedBy.userId}::text, ${job.startedBy.name}::text,
           ${action}::text, 'customer', ${rows.customerId}, ${rows.summary}, ${rows.changes ?? sql`NULL::jsonb`}, NULL
    FROM ${rows.from} ${rows.where ? sql`WHERE ${rows.where}` : sql``}
    RETURNING 1`;

/** The full name of `row` (a customers row of the statement) in a summary. */
const fullName = (row: string) => sql.raw(`${row}.name || ' ' || ${row}.surname`);

/**
 * The changes of the import's UPDATE as jsonb, for its RETURNING: each written column whose value in `old` (the row
 * as it was, locked) and `c` (the row written) differ, and a new loyalty number (`u.loyalty_from`, `u.loyalty_to`),
 * as { field: { from, to } } under the console's keys (cellNumber, loyalty_number).
 */
export const updateChangesSql = sql.join(
  [
    ...VALUE_COLUMNS.map((column) =>
      sql.raw(`CASE WHEN old.${column} IS DISTINCT FROM c.${column}
        THEN jsonb_build_object('${fieldOfColumn(column)}', jsonb_build_object('from', old.${column}, 'to', c.${column}))
        ELSE '{}'::jsonb END`),
    ),
    sql`CASE WHEN u.loyalty_to IS NOT NULL
      THEN jsonb_build_object('loyalty_number', jsonb_build_object('from', u.loyalty_from, 'to', u.loyalty_to))
      ELSE '{}'::jsonb END`,
  ],
  sql` || `,
);

/** 'customer.updated' for each customer `written` changed; its `audit_changes` column holds the changes. */
export const updatedAuditSql = (job: ImportJob) =>
  auditInsertSql(job, 'customer.updated', {
    from: sql`written JOIN u ON u.id = written.id`,
    auditId: sql`u.audit_id`,
    customerId: sql`written.id`,
    summary: sql`'Edited customer ' || ${fullName('written')} || ${` by importing ${job.fileName}`}::text`,
    changes: sql`written.audit_changes`,
    where: sql`written.audit_changes <> '{}'::jsonb`,
  });

import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import { customers } from '../../db/schema';
import type { WebhookMessage } from '../../engine/webhooks/outbox';

type CustomerRow = typeof customers.$inferSelect;
type CustomerWebhookType = 'customer.created' | 'customer.updated';

/** The member as customer webhooks show them: each key of `data.customer` and the customers field it comes from. */
const SHOWN = [
  ['_id', 'id'],
  ['external_id', 'externalId'],
  ['email', 'email'],
  ['cell_number', 'cellNumber'],
  ['name', 'name'],
  ['surname', 'surname'],
  ['birthday', 'birthday'],
  ['status', 'status'],
  ['member_branch_id', 'memberBranchId'],
  ['marketing_consent', 'getCommunication'],
] as const satisfies readonly (readonly [string, keyof CustomerRow])[];

/**
 * customer.created / customer.updated (DESIGN §10): the member as the integrator API shows their identity, and for
 * an update the fields that changed, so a receiver can tell a new email from a new surname.
 */
export const customerWebhook = (
  type: CustomerWebhookType,
  row: CustomerRow,
  changed: readonly string[] = [],
): WebhookMessage => ({
  clientId: row.clientId,
  type,
  customerId: row.id,
  data: {
    customer_id: row.id,
    customer: Object.fromEntries(SHOWN.map(([key, field]) => [key, row[field]])),
    ...(type === 'customer.updated' ? { changed } : {}),
  },
});

/**
 * The same `data` as a jsonb expression, for set-based writers (an import) whose outbox rows ride in the statement
 * that writes the customers: `row` names a customers row of that statement (a RETURNING CTE), `changed` a jsonb
 * array of the changed fields' API names (customer.updated only).
 */
export const customerWebhookDataSql = (row: string, changed: SQL | null = null) => {
  const column = (field: keyof CustomerRow) => sql.raw(`${row}.${customers[field].name}`);
  const shown = sql.join(
    SHOWN.map(([key, field]) => sql`${sql.raw(`'${key}'`)}, ${column(field)}`),
    sql`, `,
  );
  return sql`jsonb_build_object('customer_id', ${column('id')}, 'customer', jsonb_build_object(${shown})${
    changed ? sql`, 'changed', ${changed}` : sql``
  })`;
};

const API_NAMES: Record<string, string> = {
  cellNumber: 'cell_number',
  memberBranchId: 'branch_id',
  getCommunication: 'marketing_consent',
  externalId: 'external_id',
};
/** The changed columns under the names the integrator API uses. */
export const apiFieldNames = (fields: readonly string[]) => fields.map((field) => API_NAMES[field] ?? field);

const FIELD_OF_COLUMN = new Map(
  Object.entries(getTableColumns(customers)).map(([field, column]) => [column.name, field]),
);
/** A customers column by the name of its field (member_branch_id → memberBranchId), as audit entries name it. */
export const fieldOfColumn = (column: string) => FIELD_OF_COLUMN.get(column) ?? column;
/** The same for changes a set-based writer knows by column name (member_branch_id → branch_id). */
export const apiNamesOfColumns = (columns: readonly string[]) => apiFieldNames(columns.map(fieldOfColumn));

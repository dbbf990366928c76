import type { customers } from '../../db/schema';
import type { WebhookMessage } from '../../engine/webhooks/outbox';

type CustomerRow = typeof customers.$inferSelect;

/**
 * customer.created / customer.updated (DESIGN §10): the member as the integrator API shows their identity, and for
 * an update the fields that changed, so a receiver can tell a new email from a new surname.
 */
export const customerWebhook = (
  type: 'customer.created' | 'customer.updated',
  row: CustomerRow,
  changed: readonly string[] = [],
): WebhookMessage => ({
  clientId: row.clientId,
  type,
  customerId: row.id,
  data: {
    customer_id: row.id,
    customer: {
      _id: row.id,
      external_id: row.externalId,
      email: row.email,
      cell_number: row.cellNumber,
      name: row.name,
      surname: row.surname,
      birthday: row.birthday,
      status: row.status,
      member_branch_id: row.memberBranchId,
    },
    ...(type === 'customer.updated' ? { changed } : {}),
  },
});

const API_NAMES: Record<string, string> = {
  cellNumber: 'cell_number',
  memberBranchId: 'branch_id',
  getCommunication: 'marketing_consent',
  externalId: 'external_id',
};
/** The changed columns under the names the integrator API uses. */
export const apiFieldNames = (fields: readonly string[]) => fields.map((field) => API_NAMES[field] ?? field);

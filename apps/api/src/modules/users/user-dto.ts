import type { TClientUser, TStaffFormStatus, TStaffRole } from '@laurel/contract';
import type { ClientUserRow } from '../auth/auth.queries';

export const toClientUser = (row: ClientUserRow): TClientUser => ({
  _id: row.id,
  user_id: row.id,
  client_id: row.clientId,
  name: row.name,
  surname: row.surname,
  user_name: row.userName ?? row.email,
  email: row.email,
  cell_number: row.cellNumber,
  role: row.role as TStaffRole,
  status: row.status as TStaffFormStatus,
  manager_of: row.managerOf,
  user_permissions: row.permissions,
  get_communication: row.getCommunication,
  agrees_terms_and_conditions: row.agreesTermsAndConditions,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/** The audited view of a user: what an admin would want to see change. */
export const auditedUser = (user: TClientUser) => ({
  name: user.name,
  surname: user.surname,
  user_name: user.user_name,
  email: user.email,
  cell_number: user.cell_number,
  role: user.role,
  status: user.status,
  manager_of: user.manager_of,
  user_permissions: user.user_permissions,
});

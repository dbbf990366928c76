import type { TSessionUser, TStaffFormStatus, TStaffRole } from '@laurel/contract';
import type { ClientUserRow } from './auth.queries';

export const toSessionUser = (
  user: ClientUserRow,
  paymentEngineId: string | null,
  rememberMe: boolean,
): TSessionUser => ({
  _id: user.id,
  name: user.name,
  surname: user.surname,
  email: user.email,
  cell_number: user.cellNumber,
  birthday: user.birthday,
  client_id: user.clientId,
  payment_engine_id: paymentEngineId,
  role: user.role as TStaffRole,
  status: user.status as TStaffFormStatus,
  manager_of: user.managerOf,
  user_permissions: user.permissions,
  remember_me: rememberMe,
  get_communication: user.getCommunication,
  agrees_terms_and_conditions: user.agreesTermsAndConditions,
});

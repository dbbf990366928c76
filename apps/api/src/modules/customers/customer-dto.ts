import type {
  TCommunicationMethod,
  TCustomer,
  TCustomerListItem,
  TCustomerStatus,
  TGender,
} from '@laurel/contract';
import { customers } from '../../db/schema';

export type CustomerRow = typeof customers.$inferSelect;

const money = (minor: number) => Math.round(minor) / 100;

/** What a list item is made of: the list reads only these columns (a row has twice as many). */
export const customerListColumns = {
  id: customers.id,
  name: customers.name,
  surname: customers.surname,
  cellNumber: customers.cellNumber,
  email: customers.email,
  lastOrderAmountMinor: customers.lastOrderAmountMinor,
  totalOrderValueMinor: customers.totalOrderValueMinor,
  lastTransactedAt: customers.lastTransactedAt,
  status: customers.status,
  memberBranchId: customers.memberBranchId,
  createdAt: customers.createdAt,
};
export type CustomerListRow = Pick<CustomerRow, keyof typeof customerListColumns>;

export const toCustomerListItem = (row: CustomerListRow): TCustomerListItem => ({
  _id: row.id,
  name: row.name,
  surname: row.surname,
  cell_number: row.cellNumber,
  email: row.email,
  last_order_amount: money(row.lastOrderAmountMinor),
  total_order_value: money(row.totalOrderValueMinor),
  last_transacted: row.lastTransactedAt?.toISOString() ?? null,
  status: row.status as TCustomerStatus,
  member_branch_id: row.memberBranchId,
  created_at: row.createdAt.toISOString(),
});

export const toCustomer = (
  row: CustomerRow,
  branch: { id: string; displayName: string } | null,
): TCustomer => ({
  ...toCustomerListItem(row),
  gender: row.gender as TGender,
  birthday: row.birthday,
  member_card_number: row.memberCardNumber,
  member_date: row.memberDate,
  communication_method: row.communicationMethod as TCommunicationMethod[],
  get_communication: row.getCommunication,
  agrees_terms_and_conditions: row.agreesTermsAndConditions,
  loyalty_sign_up: row.loyaltySignUp,
  member_branch: branch ? { _id: branch.id, display_name: branch.displayName } : null,
  external_id: row.externalId,
  updated_at: row.updatedAt.toISOString(),
});

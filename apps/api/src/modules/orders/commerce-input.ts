import {
  ADD_CUSTOMER_MESSAGES,
  normaliseCellNumber,
  type TCommerceItemInput,
  type TEventCustomerRef,
  toMinorUnits,
} from '@laurel/contract';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { branches, customers } from '../../db/schema';
import { mayAccessBranch } from '../../http/auth/branch-scope';
import type { Principal } from '../../http/auth/principal';
import { badRequest, forbidden } from '../../http/errors';
import { customerRefCondition } from '../customers';

/** What the orders and baskets of the integrator API share: the buyer, the branch, the items and the hash. */

export { arrayParam, rowsOf } from '../../db/raw-sql';
export { requestHash } from '../../http/request-hash';

export type Buyer = {
  id: string;
  name: string;
  email: string | null;
  cellNumber: string | null;
};

/** The customer a reference names (by _id, email, cell number, external id or loyalty number, like events), or null. */
export const resolveCustomer = async (
  db: DbOrTx,
  clientId: string,
  ref: TEventCustomerRef,
): Promise<Buyer | null> => {
  const [row] = await db
    .select({
      id: customers.id,
      name: customers.name,
      surname: customers.surname,
      email: customers.email,
      cellNumber: customers.cellNumber,
    })
    .from(customers)
    .where(customerRefCondition(clientId, ref))
    .limit(1);
  return row ? toBuyer(row) : null;
};

const toBuyer = (row: {
  id: string;
  name: string;
  surname: string;
  email: string | null;
  cellNumber: string | null;
}): Buyer => ({
  id: row.id,
  name: `${row.name} ${row.surname}`,
  email: row.email,
  cellNumber: row.cellNumber,
});

/**
 * The branch an order or basket is recorded at: it must be the client's, and a manager's own (spec 1 §6). A
 * manager must name one, since they could not see the record otherwise.
 */
export const checkBranch = async (
  db: DbOrTx,
  principal: Principal,
  branchId: string | null | undefined,
  messages: { branchNotFound: string; branchNotManaged: string },
) => {
  if (!branchId) {
    if (principal.role !== 'ADMIN')
      throw badRequest([{ field: 'branch_id', message: ADD_CUSTOMER_MESSAGES.branchRequired }]);
    return null;
  }
  if (!mayAccessBranch(principal, branchId)) throw forbidden(messages.branchNotManaged);
  const [branch] = await db
    .select({ id: branches.id })
    .from(branches)
    .where(and(eq(branches.clientId, principal.clientId), eq(branches.id, branchId)));
  if (!branch) throw badRequest([{ field: 'branch_id', message: messages.branchNotFound }]);
  return branchId;
};

export type PricedItem = {
  productId: string | null;
  sku: string | null;
  title: string;
  categoryIds: string[];
  quantity: number;
  unitPriceMinor: number;
  lineTotalMinor: number;
};

/** Each line in minor units; the title falls back to the sku or product id. */
export const priceItems = (items: readonly TCommerceItemInput[]): PricedItem[] =>
  items.map((item) => {
    const unitPriceMinor = toMinorUnits(item.price);
    return {
      productId: item.product_id ?? null,
      sku: item.sku ?? null,
      title: item.title ?? item.sku ?? item.product_id ?? '',
      categoryIds: item.category_ids ?? [],
      quantity: item.quantity,
      unitPriceMinor,
      lineTotalMinor: unitPriceMinor * item.quantity,
    };
  });

export const sumMinor = (items: readonly PricedItem[]) =>
  items.reduce((total, item) => total + item.lineTotalMinor, 0);

/** A guest's number as given, or `+27…` when it is a local cell number. */
export const normaliseContactNumber = (value: string | undefined) =>
  value === undefined ? null : (normaliseCellNumber(value) ?? value);

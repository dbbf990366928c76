import {
  BASKET_API_MESSAGES,
  BASKET_MESSAGES,
  COMMERCE_LIMITS,
  fromMinorUnits,
  type TBasket,
  type TBasketRow,
  type TBasketStatus,
  type TFulfilmentMethod,
  toMinorUnits,
  type ZBasketListQuery,
  type ZCustomerBasketListQuery,
  type ZUpsertBasketRequest,
} from '@laurel/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import { zoneForDays } from '../../db/filters';
import { newId } from '../../db/ids';
import { baskets, type StoredBasketItem } from '../../db/schema';
import { branchScope, mayAccessBranch } from '../../http/auth/branch-scope';
import type { Principal } from '../../http/auth/principal';
import { badRequest, forbidden } from '../../http/errors';
import { checkBranch, priceItems, requestHash, resolveCustomer, sumMinor } from '../orders';
import {
  type BasketFilter,
  type BasketRecord,
  findBasketByExternalId,
  listBasketRows,
} from './baskets.queries';

type UpsertInput = z.output<typeof ZUpsertBasketRequest>;
type ListQuery = z.output<typeof ZBasketListQuery>;
type CustomerListQuery = z.output<typeof ZCustomerBasketListQuery>;

/** A guest's basket shows 'Guest User' and '-' (spec 1 §2.15); so does a missing email or number. */
const toBasketRow = ({ basket, branchName }: BasketRecord): TBasketRow => ({
  _id: basket.id,
  basket_id: basket.externalId,
  customer: basket.customerName ?? BASKET_MESSAGES.guestUser,
  customer_id: basket.customerId,
  guest: basket.customerId === null,
  email: basket.customerEmail ?? BASKET_MESSAGES.missingValue,
  contact_number: basket.customerContactNumber ?? BASKET_MESSAGES.missingValue,
  branch: basket.branchId && branchName ? { _id: basket.branchId, display_name: branchName } : null,
  type: basket.type as TFulfilmentMethod,
  status: basket.status as TBasketStatus,
  item_count: basket.itemCount,
  total: fromMinorUnits(basket.totalMinor),
  created_at: basket.createdAt.toISOString(),
  updated_at: basket.updatedAt.toISOString(),
});

const toBasket = (record: BasketRecord): TBasket => ({
  ...toBasketRow(record),
  items: record.basket.items.map((item) => ({
    product_id: item.product_id,
    sku: item.sku,
    title: item.title,
    quantity: item.quantity,
    unit_price: fromMinorUnits(item.unit_price_minor),
    line_total: fromMinorUnits(item.line_total_minor),
  })),
});

const filterOf = (
  principal: Principal,
  query: Omit<CustomerListQuery, 'user_id' | 'page' | 'size'>,
  extra: Partial<BasketFilter>,
  requestedBranches?: string[],
): BasketFilter => ({
  clientId: principal.clientId,
  // Managers see their branches' baskets only, whatever the request asks (spec 1 §6).
  branchIds: branchScope(principal, requestedBranches ?? query.branch_id_list),
  status: query.status,
  type: query.type,
  fromDate: query.from_date,
  toDate: query.to_date,
  search: query.search_string || undefined,
  ...extra,
});

export const createBasketsService = (ctx: AppContext) => {
  const { db } = ctx.database;

  /**
   * `POST /api/v1/baskets`: one basket per channel basket id, replaced whole by each update; the same payload
   * again changes nothing (not even its date).
   */
  const upsert = async (principal: Principal, input: UpsertInput) => {
    const { clientId } = principal;
    const hash = requestHash(input);
    const existing = await findBasketByExternalId(db, clientId, input.basket_id);
    if (existing && !mayAccessBranch(principal, existing.basket.branchId))
      throw forbidden(BASKET_API_MESSAGES.branchNotManaged);
    if (existing?.basket.requestHash === hash)
      return { outcome: 'unchanged' as const, basket: toBasket(existing) };

    const buyer = input.customer ? await resolveCustomer(db, clientId, input.customer) : null;
    if (input.customer && !buyer)
      throw badRequest([{ field: 'customer', message: BASKET_API_MESSAGES.customerNotFound }]);
    const branchId = await checkBranch(db, principal, input.branch_id, BASKET_API_MESSAGES);
    const items = priceItems(input.items);
    const totalMinor = sumMinor(items);
    if (totalMinor > toMinorUnits(COMMERCE_LIMITS.maxTotal))
      throw badRequest([{ field: 'total', message: BASKET_API_MESSAGES.totalTooLarge }]);
    if (input.total !== undefined && toMinorUnits(input.total) !== totalMinor)
      throw badRequest([{ field: 'total', message: BASKET_API_MESSAGES.totalMismatch }]);

    const stored: StoredBasketItem[] = items.map((item) => ({
      product_id: item.productId,
      sku: item.sku,
      title: item.title,
      category_ids: item.categoryIds,
      quantity: item.quantity,
      unit_price_minor: item.unitPriceMinor,
      line_total_minor: item.lineTotalMinor,
    }));
    const values = {
      customerId: buyer?.id ?? null,
      customerName: buyer?.name ?? null,
      customerEmail: buyer?.email ?? null,
      customerContactNumber: buyer?.cellNumber ?? null,
      branchId,
      type: input.type,
      status: input.status,
      items: stored,
      itemCount: items.reduce((count, item) => count + item.quantity, 0),
      totalMinor,
      requestHash: hash,
      // The statement's time, as created_at's default: a new basket is never updated before it was created.
      updatedAt: sql`now()`,
    };
    // One statement, so that concurrent sends of one basket never make two; an identical one changes nothing.
    const [row] = await db
      .insert(baskets)
      .values({ id: newId(), clientId, externalId: input.basket_id, ...values })
      .onConflictDoUpdate({
        target: [baskets.clientId, baskets.externalId],
        set: values,
        setWhere: sql`${baskets.requestHash} <> excluded.request_hash`,
      })
      .returning({ id: baskets.id, inserted: sql<boolean>`(xmax = 0)` });
    const saved = await findBasketByExternalId(db, clientId, input.basket_id);
    if (!saved) throw new Error('basket vanished after its upsert');
    const outcome = !row ? 'unchanged' : row.inserted ? 'created' : 'updated';
    return { outcome, basket: toBasket(saved) } as const;
  };

  const list = async (principal: Principal, query: ListQuery) => {
    const filter = filterOf(
      principal,
      query,
      {
        minMinor: query.min_value === undefined ? undefined : toMinorUnits(query.min_value),
        maxMinor: query.max_value === undefined ? undefined : toMinorUnits(query.max_value),
      },
      query.branch_id ? [query.branch_id] : undefined,
    );
    filter.timeZone = await zoneForDays(db, principal.clientId, filter.fromDate, filter.toDate);
    const { rows, count, capped } = await listBasketRows(db, filter, query.page, query.size, {
      capCount: true,
    });
    return { baskets: rows.map(toBasketRow), count, count_capped: capped };
  };

  const listForCustomer = async (principal: Principal, query: CustomerListQuery) => {
    const filter = filterOf(principal, query, { customerId: query.user_id.toLowerCase() });
    filter.timeZone = await zoneForDays(db, principal.clientId, filter.fromDate, filter.toDate);
    const { rows, count } = await listBasketRows(db, filter, query.page, query.size, { capCount: false });
    return { baskets: rows.map(toBasketRow), count };
  };

  return { upsert, list, listForCustomer };
};

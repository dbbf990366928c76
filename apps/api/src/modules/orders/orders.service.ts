import {
  DEFAULT_ORDER_SORT,
  fromMinorUnits,
  type listCustomerOrderSummary,
  ORDER_INTAKE_MESSAGES,
  type TOrderDetail,
  type ZCustomerOrderListQuery,
  type ZOrderListQuery,
} from '@laurel/contract';
import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import { branchScope, mayAccessBranch } from '../../http/auth/branch-scope';
import type { Principal } from '../../http/auth/principal';
import { notFound } from '../../http/errors';
import { toOrderDetail, toOrderListRow, toSummaryRow } from './order-dto';
import {
  catalogueTitles,
  countedValueMinor,
  findOrderRecord,
  listOrderRows,
  type OrderFilter,
  type OrderSort,
  orderChildren,
  orderStatusesPresent,
} from './orders.queries';

type ListQuery = z.output<typeof ZOrderListQuery>;
type CustomerListQuery = z.output<typeof ZCustomerOrderListQuery>;
type SummaryQuery = z.output<NonNullable<(typeof listCustomerOrderSummary)['query']>>;

const filterOf = (
  principal: Principal,
  query: Pick<ListQuery, 'branch_id_list' | 'status' | 'method' | 'search_string'>,
  customerId?: string,
): OrderFilter => ({
  clientId: principal.clientId,
  // Managers see their branches' orders only, whatever the request asks (spec 1 §6).
  branchIds: branchScope(principal, query.branch_id_list),
  customerId,
  status: query.status,
  method: query.method,
  search: query.search_string || undefined,
});

const sortOf = (query: Pick<ListQuery, 'sort_key' | 'sort_direction'>): OrderSort =>
  query.sort_key
    ? { key: query.sort_key, direction: query.sort_direction ?? 'desc' }
    : { key: DEFAULT_ORDER_SORT.key, direction: query.sort_direction ?? DEFAULT_ORDER_SORT.direction };

export const createOrdersService = (ctx: AppContext) => {
  const { db } = ctx.database;

  const list = async (principal: Principal, query: ListQuery) => {
    const filter = filterOf(principal, query);
    const [{ rows, count, capped }, statuses] = await Promise.all([
      listOrderRows(db, filter, sortOf(query), query.page, query.size, { capCount: true }),
      orderStatusesPresent(db, filter),
    ]);
    return { order_list: rows.map(toOrderListRow), count, count_capped: capped, statuses };
  };

  const listForCustomer = async (principal: Principal, query: CustomerListQuery) => {
    const { rows, count } = await listOrderRows(
      db,
      filterOf(principal, query, query.user_id.toLowerCase()),
      sortOf(query),
      query.page,
      query.size,
      { capCount: false },
    );
    return { orders_list: rows.map(toOrderListRow), count };
  };

  const summary = async (principal: Principal, query: SummaryQuery) => {
    const filter = filterOf(principal, query, query.user_id.toLowerCase());
    const [{ rows, count }, valueMinor] = await Promise.all([
      listOrderRows(db, filter, DEFAULT_ORDER_SORT, query.page, query.size, { capCount: false }),
      countedValueMinor(db, filter),
    ]);
    return { orders_list: rows.map(toSummaryRow), count, total_value: fromMinorUnits(valueMinor) };
  };

  /** An order page's data; another client's order, or one outside a manager's branches, is not found. */
  const detail = async (principal: Principal, ref: string): Promise<TOrderDetail> => {
    const found = await findOrderRecord(db, principal.clientId, ref);
    if (!found || !mayAccessBranch(principal, found.order.branchId))
      throw notFound(ORDER_INTAKE_MESSAGES.notFound);
    const children = await orderChildren(db, found.order.id);
    // A line whose title fell back to its SKU (none was sent) shows the catalogue's title where the SKU is known.
    const untitled = children.lines.flatMap((line) =>
      line.sku && line.title === line.sku ? [line.sku] : [],
    );
    const titles = await catalogueTitles(db, principal.clientId, untitled);
    const lines = children.lines.map((line) => {
      const title = line.sku && line.title === line.sku ? titles.get(line.sku.toLowerCase()) : undefined;
      return title ? { ...line, title } : line;
    });
    return toOrderDetail(found.order, found.branchName, { ...children, lines });
  };

  return { list, listForCustomer, summary, detail };
};
export type OrdersService = ReturnType<typeof createOrdersService>;

import {
  ALL_FILTER_VALUE,
  COMMON_MESSAGES,
  CUSTOMER_PROFILE_MESSAGES,
  changeOrderStatus,
  changeParcelStatus,
  getOrder,
  listCustomerOrderSummary,
  listOrders,
  type TOrderDetail,
  type TOrderSortKey,
  type TOrderStatus,
  type TParcelStatus,
} from '@laurel/contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/api/http';
import { unwrap } from '@/api/http-client';
import type { TTableSort } from '@/ui/data-table';

export type TOrderStatusFilter = TOrderStatus | typeof ALL_FILTER_VALUE;

/** What the Orders table asks for. */
export type TOrderListQuery = {
  page: number;
  size: number;
  search: string;
  status: TOrderStatusFilter;
  sort: TTableSort<TOrderSortKey>;
};

export const orderKeys = {
  all: ['orders'] as const,
  lists: ['orders', 'list'] as const,
  list: (query: TOrderListQuery) => ['orders', 'list', query] as const,
  detail: (id: string) => ['orders', 'detail', id] as const,
  customer: (customerId: string, page: number, size: number) =>
    ['orders', 'customer', customerId, page, size] as const,
};

/**
 * `GET /api/v2/order/list`: one page of orders, sorted and filtered by the server. Branch scope is the server's: a
 * manager's token only ever sees their branches.
 */
export const orderListQuery = (query: TOrderListQuery) =>
  queryOptions({
    queryKey: orderKeys.list(query),
    queryFn: async ({ signal }) =>
      unwrap(
        await http.call(listOrders, {
          query: {
            page: query.page,
            size: query.size,
            search_string: query.search || undefined,
            status: query.status === ALL_FILTER_VALUE ? undefined : query.status,
            sort_key: query.sort.key,
            sort_direction: query.sort.direction,
          },
          signal,
        }),
      ).content,
    placeholderData: keepPreviousData,
    meta: { errorTitle: COMMON_MESSAGES.somethingWentWrong },
  });

/** `GET /api/orders/:id`: items, VAT-inclusive totals, parcels, status history and the moves allowed from here. */
export const orderQuery = (id: string) =>
  queryOptions({
    queryKey: orderKeys.detail(id),
    queryFn: async ({ signal }) => unwrap(await http.call(getOrder, { params: { id }, signal })).content,
    meta: { errorTitle: COMMON_MESSAGES.somethingWentWrong },
  });

/** `GET /api/v2/user/list/order/summary`: the customer profile's orders table, newest first. */
export const customerOrdersQuery = (customerId: string, page: number, size: number) =>
  queryOptions({
    queryKey: orderKeys.customer(customerId, page, size),
    queryFn: async ({ signal }) =>
      unwrap(
        await http.call(listCustomerOrderSummary, { query: { user_id: customerId, page, size }, signal }),
      ).content,
    placeholderData: keepPreviousData,
    meta: { errorTitle: CUSTOMER_PROFILE_MESSAGES.orderListFailed },
  });

/** The customers area keeps its queries under this prefix (profile analytics, player statistics). */
const CUSTOMER_QUERIES_PREFIX = ['customers'] as const;

export type TStatusChange =
  | { kind: 'order'; status: TOrderStatus }
  | { kind: 'parcel'; parcelId: string; status: TParcelStatus };

/**
 * `PATCH /api/orders/:id/status` or `/api/orders/:id/parcels/:parcel_id/status`. The answer is the whole order, so
 * the page shows it at once; the lists reload. A refused move (409: someone else moved it first) reloads the order,
 * so that the page offers the moves that are legal now; the caller shows the server's message.
 */
export const useChangeOrderStatus = (orderId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: TStatusChange) =>
      unwrap(
        change.kind === 'order'
          ? await http.call(changeOrderStatus, { params: { id: orderId }, body: { status: change.status } })
          : await http.call(changeParcelStatus, {
              params: { id: orderId, parcel_id: change.parcelId },
              body: { status: change.status },
            }),
      ).content,
    onSuccess: (order: TOrderDetail) => {
      queryClient.setQueryData(orderKeys.detail(orderId), order);
      return Promise.all([
        queryClient.invalidateQueries({
          predicate: (query) => query.queryKey[0] === 'orders' && query.queryKey[1] !== 'detail',
        }),
        // A refund or cancellation changes the customer's analytics and statistics; the profile reloads them.
        queryClient.invalidateQueries({ queryKey: CUSTOMER_QUERIES_PREFIX }),
      ]);
    },
    onError: () => queryClient.invalidateQueries({ queryKey: orderKeys.detail(orderId) }),
    meta: { errorTitle: COMMON_MESSAGES.somethingWentWrong },
  });
};

import {
  type ALL_FILTER_VALUE,
  CUSTOMER_PROFILE_MESSAGES,
  clientBranches,
  listClientBaskets,
  listCustomerBaskets,
  PAGE_SIZES,
  type TBasketStatus,
  type TBasketTypeFilter,
} from '@laurel/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { http } from '@/api/http';
import { type TEndpointInput, unwrap } from '@/api/http-client';

export type TBasketStatusFilter = TBasketStatus | typeof ALL_FILTER_VALUE;

/** The Baskets table's filters (spec 1 §3 "Basket state"). Dates are YYYY-MM-DD; amounts as typed. */
export type TBasketFilter = {
  search: string;
  from_date: string;
  to_date: string;
  type: TBasketTypeFilter;
  status: TBasketStatusFilter;
  min_value: string;
  max_value: string;
  branch_id: string;
};
export type TBasketListQuery = TBasketFilter & { page: number; size: number };

export const basketKeys = {
  all: ['baskets'] as const,
  list: (query: TBasketListQuery) => ['baskets', 'list', query] as const,
  customer: (customerId: string, page: number, size: number) =>
    ['baskets', 'customer', customerId, page, size] as const,
};

const amount = (value: string) => (value.trim() === '' ? undefined : Number(value));

/**
 * `GET /api/v2/client/basket/list`: one page of baskets, newest change first. Defaults (type BOTH, status ALL) are
 * sent as they are; empty filters are left out. Branch scope is the server's.
 */
export const basketListQuery = (query: TBasketListQuery) =>
  queryOptions({
    queryKey: basketKeys.list(query),
    queryFn: async ({ signal }) =>
      unwrap(
        await http.call(listClientBaskets, {
          query: {
            page: query.page,
            size: query.size,
            search_string: query.search || undefined,
            from_date: query.from_date || undefined,
            to_date: query.to_date || undefined,
            type: query.type,
            status: query.status,
            min_value: amount(query.min_value),
            max_value: amount(query.max_value),
            branch_id: query.branch_id || undefined,
          },
          signal,
        }),
      ).content,
    placeholderData: keepPreviousData,
    meta: { errorTitle: CUSTOMER_PROFILE_MESSAGES.clientBasketsFailed },
  });

/** `GET /api/v2/user/basket/list`: the customer profile's baskets table, newest change first. */
export const customerBasketsQuery = (customerId: string, page: number, size: number) =>
  queryOptions({
    queryKey: basketKeys.customer(customerId, page, size),
    queryFn: async ({ signal }) =>
      unwrap(await http.call(listCustomerBaskets, { query: { user_id: customerId, page, size }, signal }))
        .content,
    placeholderData: keepPreviousData,
    meta: { errorTitle: CUSTOMER_PROFILE_MESSAGES.basketListFailed },
  });

export type TBranchOption = { value: string; label: string };

/**
 * The branch filter's options (`GET /api/v2/client/branches`): every branch for an admin, only the managed ones
 * for anyone else. Kept under the 'branches' prefix so that editing a branch refreshes them.
 */
export const basketBranchOptionsQuery = (scope: 'all' | readonly string[]) =>
  queryOptions({
    queryKey: ['branches', 'basket-options', scope] as const,
    queryFn: async ({ signal }): Promise<TBranchOption[]> => {
      if (scope !== 'all' && scope.length === 0) return [];
      const query: TEndpointInput<typeof clientBranches>['query'] = {
        page: 1,
        size: PAGE_SIZES.filterOptions,
        branch_id_list: scope === 'all' ? undefined : [...scope],
      };
      return unwrap(await http.call(clientBranches, { query, signal })).content.branch_list.map((branch) => ({
        value: branch._id,
        label: branch.display_name,
      }));
    },
    staleTime: 60_000,
    meta: { errorTitle: CUSTOMER_PROFILE_MESSAGES.clientBasketsFailed },
  });

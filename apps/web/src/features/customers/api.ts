import {
  ADD_CUSTOMER_MESSAGES,
  ADDRESS_MESSAGES,
  addAddress,
  addCustomer,
  averageAnalytics,
  COMMON_MESSAGES,
  CUSTOMER_PROFILE_MESSAGES,
  clientBranches,
  deleteAddress,
  eraseCustomer,
  getCustomer,
  getLoyalty,
  getPlayer,
  lifetimeAnalytics,
  listAddresses,
  listCustomerCards,
  listCustomers,
  loyaltySignUp,
  monthlyAverageAnalytics,
  PAGE_SIZES,
  purchaseDateAnalytics,
  STATISTIC_MESSAGES,
  suspendCustomer,
  type TAddAddressRequest,
  type TAddCustomerRequest,
  type TCustomerStatus,
  type TLoyaltySignUpRequest,
  unsuspendCustomer,
  updateCustomer,
  updateLoyalty,
} from '@laurel/contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/api/http';
import { type TEndpointInput, unwrap } from '@/api/http-client';

export type TCustomerStatusFilter = TCustomerStatus | 'ALL';

/** What the Customers table asks for; the same filters go into the CSV export. */
export type TCustomerListFilter = {
  search: string;
  status: TCustomerStatusFilter;
  start_date: string;
  end_date: string;
};
export type TCustomerListQuery = TCustomerListFilter & { page: number; size: number };

export const customerKeys = {
  all: ['customers'] as const,
  list: (query: TCustomerListQuery) => ['customers', 'list', query] as const,
  detail: (id: string) => ['customers', 'detail', id] as const,
  loyalty: (id: string) => ['customers', 'loyalty', id] as const,
  addresses: (id: string) => ['customers', 'addresses', id] as const,
  cards: (id: string) => ['customers', 'cards', id] as const,
  analytics: (id: string, kind: string) => ['customers', 'analytics', id, kind] as const,
  player: (id: string) => ['customers', 'player', id] as const,
};

/** The list's filters as query-string values: empty ones are skipped by the HTTP client. */
export const customerFilterQuery = (filter: TCustomerListFilter) => ({
  search_string: filter.search || undefined,
  status: filter.status === 'ALL' ? undefined : filter.status,
  start_date: filter.start_date || undefined,
  end_date: filter.end_date || undefined,
});

/** `GET /api/v2/client/loyalty/users`: one page of customers, their count and whether the count is capped. */
export const customerListQuery = (query: TCustomerListQuery) =>
  queryOptions({
    queryKey: customerKeys.list(query),
    queryFn: async ({ signal }) =>
      unwrap(
        await http.call(listCustomers, {
          query: { page: query.page, size: query.size, ...customerFilterQuery(query) },
          signal,
        }),
      ).content,
    placeholderData: keepPreviousData,
    meta: { errorTitle: COMMON_MESSAGES.somethingWentWrong },
  });

/** `GET /api/v2/get/user?_id=`. */
export const customerQuery = (id: string) =>
  queryOptions({
    queryKey: customerKeys.detail(id),
    queryFn: async ({ signal }) =>
      unwrap(await http.call(getCustomer, { query: { _id: id }, signal })).content,
    // No modal: the profile says in place that the customer could not be loaded, with the server's message.
  });

/** `GET /api/v2/get/loyalty?customer_id=` (user token): the loyalty record, or null when there is none. */
export const loyaltyQuery = (id: string) =>
  queryOptions({
    queryKey: customerKeys.loyalty(id),
    queryFn: async ({ signal }) =>
      unwrap(await http.call(getLoyalty, { query: { customer_id: id }, signal })).content,
    meta: { errorTitle: COMMON_MESSAGES.somethingWentWrong },
  });

/** `GET /api/v1/players/:customer_id` (client token): the customer's current statistic values by name. */
export const playerQuery = (id: string) =>
  queryOptions({
    queryKey: customerKeys.player(id),
    queryFn: async ({ signal }) =>
      unwrap(await http.call(getPlayer, { params: { customer_id: id }, signal })).content,
    meta: { errorTitle: STATISTIC_MESSAGES.listFailed },
  });

/** `GET /api/v2/address/list?user_id=` (user token). */
export const addressesQuery = (id: string) =>
  queryOptions({
    queryKey: customerKeys.addresses(id),
    queryFn: async ({ signal }) =>
      unwrap(await http.call(listAddresses, { query: { user_id: id }, signal })).content.addresses,
    meta: { errorTitle: COMMON_MESSAGES.somethingWentWrong },
  });

/** `GET /api/v2/customer/card/list?user_id=` (payment-engine token). */
export const cardsQuery = (id: string) =>
  queryOptions({
    queryKey: customerKeys.cards(id),
    queryFn: async ({ signal }) =>
      unwrap(await http.call(listCustomerCards, { query: { user_id: id }, signal })).content,
    meta: { errorTitle: CUSTOMER_PROFILE_MESSAGES.cardDetailsFailed },
  });

/** The four analytics calls, each with its own failure title (spec 1 §8). */
export const analyticsQueries = (id: string) => ({
  lifetime: queryOptions({
    queryKey: customerKeys.analytics(id, 'lifetime'),
    queryFn: async ({ signal }) =>
      unwrap(await http.call(lifetimeAnalytics, { query: { user_id: id }, signal })).content,
    meta: { errorTitle: CUSTOMER_PROFILE_MESSAGES.lifetimeAnalyticsFailed },
  }),
  average: queryOptions({
    queryKey: customerKeys.analytics(id, 'average'),
    queryFn: async ({ signal }) =>
      unwrap(await http.call(averageAnalytics, { query: { user_id: id }, signal })).content,
    meta: { errorTitle: CUSTOMER_PROFILE_MESSAGES.averageAnalyticsFailed },
  }),
  monthly: queryOptions({
    queryKey: customerKeys.analytics(id, 'monthly'),
    queryFn: async ({ signal }) =>
      unwrap(await http.call(monthlyAverageAnalytics, { query: { user_id: id }, signal })).content,
    meta: { errorTitle: CUSTOMER_PROFILE_MESSAGES.averageMonthlyAnalyticsFailed },
  }),
  purchase: queryOptions({
    queryKey: customerKeys.analytics(id, 'purchase'),
    queryFn: async ({ signal }) =>
      unwrap(await http.call(purchaseDateAnalytics, { query: { user_id: id }, signal })).content,
    meta: { errorTitle: CUSTOMER_PROFILE_MESSAGES.purchaseAnalyticsFailed },
  }),
});

export type TBranchOption = { value: string; label: string };

/**
 * Branch picker options (`GET /api/v2/client/branches`): every branch matching the search for an admin, only the
 * managed ones for anyone else. Kept under the 'branches' prefix so that editing a branch refreshes them.
 */
export const branchOptionsQuery = (scope: 'all' | readonly string[], search: string) =>
  queryOptions({
    queryKey: ['branches', 'customer-options', scope, search] as const,
    queryFn: async ({ signal }): Promise<TBranchOption[]> => {
      if (scope !== 'all' && scope.length === 0) return [];
      const query: TEndpointInput<typeof clientBranches>['query'] = {
        page: 1,
        size: PAGE_SIZES.filterOptions,
        search_string: search || undefined,
        branch_id_list: scope === 'all' ? undefined : [...scope],
      };
      return unwrap(await http.call(clientBranches, { query, signal })).content.branch_list.map((branch) => ({
        value: branch._id,
        label: branch.display_name,
      }));
    },
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    meta: { errorTitle: COMMON_MESSAGES.somethingWentWrong },
  });

/** `POST /api/user/sign_up`; the customers lists reload before the caller's callbacks run. */
export const useAddCustomer = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TAddCustomerRequest) => unwrap(await http.call(addCustomer, { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...customerKeys.all, 'list'] }),
    meta: { errorTitle: ADD_CUSTOMER_MESSAGES.failedTitle },
  });
};

/**
 * `PUT /api/v2/suspend/user` or `PUT /api/v2/unsuspend/user`. The caller shows the outcome (its failure title
 * names the customer); the customer and the lists reload on success.
 */
export const useSetCustomerSuspended = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, suspended }: { id: string; suspended: boolean }) =>
      unwrap(await http.call(suspended ? suspendCustomer : unsuspendCustomer, { body: { _id: id } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerKeys.all }),
  });
};

export type TUpdateCustomerBody = NonNullable<TEndpointInput<typeof updateCustomer>['body']>;

/**
 * `POST /api/customers/{id}/erase` (privacy): irreversible. On success everything the console holds reloads: the
 * erasure rewrites the member wherever they appear (their orders' and baskets' buyer, redemptions, events, audit
 * entries, reports, balances), so no area's cached copy may go on showing what was erased.
 */
export const useEraseCustomer = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => unwrap(await http.call(eraseCustomer, { params: { id } })).content,
    onSuccess: () => queryClient.invalidateQueries(),
    meta: { errorTitle: COMMON_MESSAGES.somethingWentWrong },
  });
};

/** `PUT /api/v2/update/user`; the page shows the outcome in the message modal. */
export const useUpdateCustomer = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TUpdateCustomerBody) => unwrap(await http.call(updateCustomer, { body })),
    onSuccess: (result) => {
      queryClient.setQueryData(customerKeys.detail(result.content._id), result.content);
      return queryClient.invalidateQueries({ queryKey: [...customerKeys.all, 'list'] });
    },
    meta: { errorTitle: COMMON_MESSAGES.somethingWentWrong },
  });
};

/** `POST /api/user/loyalty_sign_up` (user token); the loyalty record reloads. */
export const useLoyaltySignUp = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TLoyaltySignUpRequest) => unwrap(await http.call(loyaltySignUp, { body })),
    onSuccess: (result) =>
      queryClient.invalidateQueries({ queryKey: customerKeys.loyalty(result.content.customer_id) }),
    meta: { errorTitle: COMMON_MESSAGES.somethingWentWrong },
  });
};

export type TUpdateLoyaltyBody = NonNullable<TEndpointInput<typeof updateLoyalty>['body']>;

/** `PUT /api/v2/update/loyalty` (user token); the loyalty record reloads; a failure has the request-error title. */
export const useUpdateLoyalty = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TUpdateLoyaltyBody) => unwrap(await http.call(updateLoyalty, { body })),
    onSuccess: (result) =>
      queryClient.invalidateQueries({ queryKey: customerKeys.loyalty(result.content.customer_id) }),
    meta: { errorTitle: COMMON_MESSAGES.requestError },
  });
};

/** `POST /api/v2/add/user/address` (user token); the address list reloads. */
export const useAddAddress = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TAddAddressRequest) => unwrap(await http.call(addAddress, { body })),
    onSuccess: (_result, body) =>
      queryClient.invalidateQueries({ queryKey: customerKeys.addresses(body.user_id) }),
    meta: { errorTitle: ADDRESS_MESSAGES.saveFailedTitle },
  });
};

/** `PUT /api/v2/delete/address` (user token); the address list reloads. */
export const useDeleteAddress = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { user_id: string; _id: string }) =>
      unwrap(await http.call(deleteAddress, { body })),
    onSuccess: (_result, body) =>
      queryClient.invalidateQueries({ queryKey: customerKeys.addresses(body.user_id) }),
    meta: { errorTitle: COMMON_MESSAGES.somethingWentWrong },
  });
};

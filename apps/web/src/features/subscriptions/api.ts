import {
  COMMON_MESSAGES,
  clientBranches,
  createSubscription,
  deleteSubscription,
  getSubscription,
  getSubscriptionAnalytics,
  issueSubscription,
  listClientSubscriptions,
  listSubscriptionRedemptions,
  listUserSubscriptions,
  SUBSCRIPTION_MESSAGES,
  type TCustomerSubscription,
  type TRedemption,
  type TSaveSubscriptionRequest,
  type TSubscription,
  updateSubscription,
} from '@laurel/contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/api/http';
import { unwrap } from '@/api/http-client';
import { areaKeys } from '@/api/query-keys';
import type { TFetchPickerPage } from '@/ui/remote-picker';

type TScope = readonly string[] | undefined;
export type TSubscriptionsListQuery = { page: number; size: number; search: string; scope: TScope };
export type TSubscriptionsPage = { subscriptions: TSubscription[]; count: number };
export type TCustomerSubscriptionsPage = { subscriptions: TCustomerSubscription[]; count: number };
export type TRedemptionsPage = { redemptions: TRedemption[]; count: number };

export const subscriptionKeys = {
  ...areaKeys('subscriptions'),
  analytics: (id: string) => ['subscriptions', 'analytics', id] as const,
  redemptions: (id: string, page: number) => ['subscriptions', 'redemptions', id, page] as const,
  options: ['subscriptions', 'options'] as const,
  customer: (customerId: string) => ['subscriptions', 'customer', customerId] as const,
  customerPage: (customerId: string, page: number, size: number) =>
    ['subscriptions', 'customer', customerId, { page, size }] as const,
};

const scopeQuery = (scope: TScope) => (scope ? { branch_id_list: [...scope] } : {});

/** `GET /api/v2/client/subscription/list` (spec 1 §7): content.subscription_list and content.count. */
export const subscriptionsListQuery = (query: TSubscriptionsListQuery) =>
  queryOptions({
    queryKey: subscriptionKeys.list(query),
    queryFn: async ({ signal }): Promise<TSubscriptionsPage> => {
      const { content } = unwrap(
        await http.call(listClientSubscriptions, {
          query: {
            page: query.page,
            size: query.size,
            search_string: query.search || undefined,
            ...scopeQuery(query.scope),
          },
          signal,
        }),
      );
      return { subscriptions: content.subscription_list, count: content.count };
    },
    placeholderData: keepPreviousData,
    meta: { errorTitle: COMMON_MESSAGES.somethingWentWrong },
  });

export const subscriptionQuery = (id: string, scope: TScope) =>
  queryOptions({
    queryKey: subscriptionKeys.detail(id),
    queryFn: async ({ signal }) =>
      unwrap(await http.call(getSubscription, { params: { id }, query: scopeQuery(scope), signal })).content,
    meta: { errorTitle: COMMON_MESSAGES.somethingWentWrong },
  });

export const subscriptionAnalyticsQuery = (id: string, scope: TScope) =>
  queryOptions({
    queryKey: subscriptionKeys.analytics(id),
    queryFn: async ({ signal }) =>
      unwrap(await http.call(getSubscriptionAnalytics, { params: { id }, query: scopeQuery(scope), signal }))
        .content,
    meta: { errorTitle: COMMON_MESSAGES.somethingWentWrong },
  });

export const subscriptionRedemptionsQuery = (id: string, page: number, size: number, scope: TScope) =>
  queryOptions({
    queryKey: subscriptionKeys.redemptions(id, page),
    queryFn: async ({ signal }): Promise<TRedemptionsPage> => {
      const result = unwrap(
        await http.call(listSubscriptionRedemptions, {
          params: { id },
          query: { page, size, ...scopeQuery(scope) },
          signal,
        }),
      );
      return { redemptions: result.content, count: result.pagination?.count ?? result.content.length };
    },
    placeholderData: keepPreviousData,
    meta: { errorTitle: COMMON_MESSAGES.somethingWentWrong },
  });

/** `GET /api/v2/user/subscriptions` (spec 1 §7): one customer's subscriptions. */
export const customerSubscriptionsQuery = (customerId: string, page: number, size: number) =>
  queryOptions({
    queryKey: subscriptionKeys.customerPage(customerId, page, size),
    queryFn: async ({ signal }): Promise<TCustomerSubscriptionsPage> => {
      const { content } = unwrap(
        await http.call(listUserSubscriptions, { query: { user_id: customerId, page, size }, signal }),
      );
      return { subscriptions: content.subscription_list, count: content.count };
    },
    placeholderData: keepPreviousData,
    meta: { errorTitle: COMMON_MESSAGES.somethingWentWrong },
  });

/** The issue dialog's autocomplete: the client's plans, 5 a page, searched by name or SKU. */
export const fetchSubscriptionOptions: TFetchPickerPage = async ({ page, size, search, signal }) => {
  const { content } = unwrap(
    await http.call(listClientSubscriptions, {
      query: { page, size, search_string: search || undefined, status: 'ACTIVE' },
      signal,
    }),
  );
  return {
    options: content.subscription_list.map((plan) => ({
      value: plan._id,
      label: plan.name,
      description: plan.sku,
    })),
    count: content.count,
  };
};

/** Branch picker pages (`GET /api/v2/client/branches`), within the manager's branches for non-admins. */
export const fetchBranchOptions =
  (scope: TScope): TFetchPickerPage =>
  async ({ page, size, search, signal }) => {
    const { content } = unwrap(
      await http.call(clientBranches, {
        query: { page, size, search_string: search || undefined, ...scopeQuery(scope) },
        signal,
      }),
    );
    return {
      options: content.branch_list.map((branch) => ({ value: branch._id, label: branch.display_name })),
      count: content.count,
    };
  };

/** `POST /api/subscriptions` or `PUT /api/subscriptions/:id`; lists and figures reload before the caller's callbacks. */
export const useSaveSubscription = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string | null; body: TSaveSubscriptionRequest }) =>
      unwrap(
        id
          ? await http.call(updateSubscription, { params: { id }, body })
          : await http.call(createSubscription, { body }),
      ),
    onSuccess: async (result) => {
      queryClient.setQueryData(subscriptionKeys.detail(result.content._id), result.content);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: subscriptionKeys.lists }),
        queryClient.invalidateQueries({ queryKey: subscriptionKeys.options }),
      ]);
    },
    meta: { errorTitle: COMMON_MESSAGES.somethingWentWrong },
  });
};

export const useDeleteSubscription = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => unwrap(await http.call(deleteSubscription, { params: { id } })),
    onSuccess: async (_result, id) => {
      queryClient.removeQueries({ queryKey: subscriptionKeys.detail(id) });
      await queryClient.invalidateQueries({ queryKey: subscriptionKeys.lists });
    },
    meta: { errorTitle: COMMON_MESSAGES.somethingWentWrong },
  });
};

/**
 * `POST /api/product/issue_subscription` (spec 1 §7); on success the customer's list reloads (spec 1 §4) before the
 * caller's callbacks run. A failure opens 'Something went wrong when issuing a subscription.' (spec 1 §8).
 */
export const useIssueSubscription = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { user_id: string; subscription_id: string }) =>
      unwrap(await http.call(issueSubscription, { body })),
    onSuccess: async (_result, body) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: subscriptionKeys.customer(body.user_id) }),
        queryClient.invalidateQueries({ queryKey: subscriptionKeys.lists }),
      ]);
    },
    meta: { errorTitle: SUBSCRIPTION_MESSAGES.issueFailedTitle },
  });
};

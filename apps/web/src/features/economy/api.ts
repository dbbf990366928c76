import {
  adjustCustomerWallet,
  COMMON_MESSAGES,
  CURRENCY_MESSAGES,
  createCurrency,
  createEarnConfig,
  deleteCurrency,
  deleteEarnConfig,
  EARN_CONFIG_MESSAGES,
  ECONOMY_API_MESSAGES,
  getCurrency,
  getEarnConfig,
  getProduct,
  getProductCategory,
  listCurrencies,
  listCustomerEconomyTransactions,
  listCustomerWallets,
  listEarnConfigs,
  listSegments,
  MAX_CURRENCIES,
  type TCurrency,
  type TEarnConfig,
  type TEarnConfigType,
  type TSaveCurrencyRequest,
  type TSaveEarnConfigRequest,
  type TWalletAdjustmentRequest,
  updateCurrency,
  updateEarnConfig,
} from '@laurel/contract';
import {
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { http } from '@/api/http';
import { ApiError, unwrap } from '@/api/http-client';
import { areaKeys, pageInfo } from '@/api/query-keys';
import { uploadImage } from '@/api/upload-image';
import { ECONOMY_TEXTS } from '@/features/economy/economy-texts';
import { openMessageModal } from '@/ui/message-modal';
import type { TFetchPickerPage, TPickerOption } from '@/ui/remote-picker';

export const currencyKeys = areaKeys('currencies');
export const earnConfigKeys = areaKeys('earn-configs');

/** `GET /api/economy/currencies`: all of them (at most 10); the count is the n of the n/10 counter. */
export const currenciesQuery = () =>
  queryOptions({
    queryKey: currencyKeys.lists,
    queryFn: async ({ signal }) => {
      const result = unwrap(
        await http.call(listCurrencies, { query: { page: 1, size: MAX_CURRENCIES }, signal }),
      );
      return { currencies: result.content, count: pageInfo(result).count };
    },
    meta: { errorTitle: CURRENCY_MESSAGES.listFailed },
  });

/** `GET /api/economy/currencies/{id}`: a currency loaded afresh for editing. */
export const currencyQuery = (id: string) =>
  queryOptions({
    queryKey: currencyKeys.detail(id),
    queryFn: async ({ signal }) => unwrap(await http.call(getCurrency, { params: { id }, signal })).content,
    staleTime: 0,
    meta: { errorTitle: CURRENCY_MESSAGES.retrieveFailed },
  });

/** `POST /api/economy/currencies`, or `PUT …/{id}` for one being edited; the list reloads before the callbacks. */
export const useSaveCurrency = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string | null; body: TSaveCurrencyRequest }) =>
      unwrap(
        id
          ? await http.call(updateCurrency, { params: { id }, body })
          : await http.call(createCurrency, { body }),
      ).content,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currencyKeys.all }),
    meta: { errorTitle: CURRENCY_MESSAGES.saveFailed },
  });
};

/** A currency's uploaded icon (category 'currency_icon'); a failure aborts the save (spec 3 §8). */
export const useUploadCurrencyIcon = () =>
  useMutation({
    mutationFn: ({ file, currencyName }: { file: File; currencyName: string }) =>
      uploadImage({
        file,
        category: 'currency_icon',
        description: `Icon of the currency '${currencyName.trim() || file.name}'`,
      }),
    meta: { errorTitle: COMMON_MESSAGES.uploadIconFailed },
  });

export const useDeleteCurrency = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => unwrap(await http.call(deleteCurrency, { params: { id } })).content,
    onSuccess: (_currency, id) => {
      queryClient.setQueryData<{ currencies: TCurrency[]; count: number }>(currencyKeys.lists, (list) =>
        list
          ? {
              currencies: list.currencies.filter((item) => item._id !== id),
              count: Math.max(0, list.count - 1),
            }
          : list,
      );
      // A deleted currency takes its cashback configs with it.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: currencyKeys.all }),
        queryClient.invalidateQueries({ queryKey: earnConfigKeys.all }),
      ]);
    },
    meta: { errorTitle: CURRENCY_MESSAGES.deleteFailed },
  });
};

export type TEarnConfigsQuery = { type: TEarnConfigType; page: number; size: number };
export type TEarnConfigsPage = { configs: TEarnConfig[]; count: number };

/** `GET /api/economy/earn-configs?type=Currency|Statistic&page&size` (spec 3 §7). */
export const earnConfigsQuery = (query: TEarnConfigsQuery) =>
  queryOptions({
    queryKey: earnConfigKeys.list(query),
    queryFn: async ({ signal }): Promise<TEarnConfigsPage> => {
      const result = unwrap(await http.call(listEarnConfigs, { query, signal }));
      return { configs: result.content, count: pageInfo(result).count };
    },
    placeholderData: keepPreviousData,
    meta: { errorTitle: EARN_CONFIG_MESSAGES.listFailed },
  });

/**
 * `GET /api/economy/earn-configs/{id}`. Its failure title is shown unless the server says 'record not found'
 * (spec 3 §8): the page then simply returns to its list.
 */
export const earnConfigQuery = (id: string) =>
  queryOptions({
    queryKey: earnConfigKeys.detail(id),
    queryFn: async ({ signal }) => {
      try {
        return unwrap(await http.call(getEarnConfig, { params: { id }, signal })).content;
      } catch (error) {
        if (error instanceof Error && error.message !== ECONOMY_API_MESSAGES.earnConfigNotFound)
          openMessageModal({ title: EARN_CONFIG_MESSAGES.retrieveFailed, message: error.message });
        throw error;
      }
    },
  });

/** `POST /api/economy/earn-configs`, or `PUT …/{id}`; the saved config goes into the cache, the lists reload. */
export const useSaveEarnConfig = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string | null; body: TSaveEarnConfigRequest }) =>
      unwrap(
        id
          ? await http.call(updateEarnConfig, { params: { id }, body })
          : await http.call(createEarnConfig, { body }),
      ).content,
    onSuccess: (config) => {
      queryClient.setQueryData(earnConfigKeys.detail(config._id), config);
      return queryClient.invalidateQueries({ queryKey: earnConfigKeys.lists });
    },
    meta: { errorTitle: EARN_CONFIG_MESSAGES.saveFailed },
  });
};

export const useDeleteEarnConfig = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => unwrap(await http.call(deleteEarnConfig, { params: { id } })).content,
    onSuccess: (_config, id) => {
      queryClient.removeQueries({ queryKey: earnConfigKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: earnConfigKeys.lists });
    },
    // The spec names no title for this (its console deletes no earn config); worded like its others.
    meta: { errorTitle: ECONOMY_TEXTS.deleteConfigFailed },
  });
};

/** The client's segments for the segment picker (`GET /api/segments`), five a page, searched by name. */
export const fetchSegmentOptions: TFetchPickerPage = async ({ page, size, search, signal }) => {
  const result = unwrap(
    await http.call(listSegments, { query: { page, size, search_string: search || undefined }, signal }),
  );
  return {
    options: result.content.map((segment) => ({
      value: segment.playfab_segment_id,
      label: segment.name,
      description: `${segment.player_count.toLocaleString('en-US')} ${segment.player_count === 1 ? 'player' : 'players'}`,
    })),
    count: pageInfo(result).count,
  };
};

export const segmentOptionKeys = ['segments', 'earn-config-options'] as const;

/**
 * The excluded products' and categories' names for a stored config, which keeps only their ids. One that was
 * deleted since shows its id, so that it can still be removed.
 */
export const exclusionLabelsQuery = (
  config: Pick<TEarnConfig, '_id' | 'excluded_product_ids' | 'excluded_category_ids'>,
) =>
  queryOptions({
    queryKey: [
      ...earnConfigKeys.detail(config._id),
      'exclusion-labels',
      config.excluded_product_ids,
      config.excluded_category_ids,
    ],
    queryFn: async ({ signal }) => {
      const label = async (id: string, load: () => Promise<string>): Promise<TPickerOption> => {
        try {
          return { value: id, label: await load() };
        } catch (error) {
          if (error instanceof ApiError && error.status === 404) return { value: id, label: id };
          throw error;
        }
      };
      const [products, categories] = await Promise.all([
        Promise.all(
          (config.excluded_product_ids ?? []).map((id) =>
            label(
              id,
              async () => unwrap(await http.call(getProduct, { params: { id }, signal })).content.title,
            ),
          ),
        ),
        Promise.all(
          (config.excluded_category_ids ?? []).map((id) =>
            label(
              id,
              async () =>
                unwrap(await http.call(getProductCategory, { params: { id }, signal })).content.name,
            ),
          ),
        ),
      ]);
      return { products, categories };
    },
    staleTime: Number.POSITIVE_INFINITY,
    meta: { errorTitle: COMMON_MESSAGES.fetchProductsFailed },
  });

/** `GET /api/economy/customers/{id}/wallets`: the customer's balance in each of the client's currencies. */
export const customerWalletsQuery = (customerId: string) =>
  queryOptions({
    queryKey: ['customer-wallets', customerId] as const,
    queryFn: async ({ signal }) =>
      unwrap(await http.call(listCustomerWallets, { params: { customer_id: customerId }, signal })).content,
  });

/**
 * The profile's wallet history (`GET /api/economy/customers/{id}/transactions?wallets_only=true`): the customer's
 * wallet ledger rows, newest first, a page at a time. Under 'economy-transactions', so a balance change reloads it.
 */
export const customerWalletHistoryQuery = (customerId: string, page: number, size: number) =>
  queryOptions({
    queryKey: ['economy-transactions', 'customer', customerId, page, size] as const,
    queryFn: async ({ signal }) => {
      const result = unwrap(
        await http.call(listCustomerEconomyTransactions, {
          params: { customer_id: customerId },
          query: { page, size, wallets_only: true },
          signal,
        }),
      );
      return { rows: result.content, ...pageInfo(result) };
    },
    placeholderData: keepPreviousData,
    meta: { errorTitle: COMMON_MESSAGES.somethingWentWrong },
  });

/** After anything that moves a customer's balance (an adjustment, a redemption): their wallets and the ledger views. */
export const invalidateCustomerBalances = (queryClient: QueryClient, customerId: string) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: customerWalletsQuery(customerId).queryKey }),
    queryClient.invalidateQueries({ queryKey: ['economy-transactions'] }),
  ]);

/** An admin's manual credit or debit with a reason; the balances (and the ledger views) reload after it. */
export const useAdjustWallet = (customerId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TWalletAdjustmentRequest) =>
      unwrap(await http.call(adjustCustomerWallet, { params: { customer_id: customerId }, body })).content,
    onSuccess: () => invalidateCustomerBalances(queryClient, customerId),
    meta: { errorTitle: ECONOMY_TEXTS.adjustFailed },
  });
};

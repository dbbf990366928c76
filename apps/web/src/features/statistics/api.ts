import {
  createStatistic,
  deleteStatistic,
  getStatistic,
  listStatistics,
  RELOAD_AFTER_UPDATE,
  resetStatistic,
  STATISTIC_MESSAGES,
  type TCreateStatisticRequest,
  type TStatistic,
  type TUpdateStatisticRequest,
  updateStatistic,
} from '@laurel/contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/api/http';
import { ApiError, type THttpResult, unwrap } from '@/api/http-client';
import { listCache } from '@/api/list-cache';
import { areaKeys, pageInfo } from '@/api/query-keys';

export type TStatisticsListQuery = { page: number; size: number; search: string };
export type TStatisticsPage = { statistics: TStatistic[]; count: number; hasMore: boolean };

export const statisticKeys = areaKeys('statistics');

/**
 * The server's failure as it came (its message goes into the modal); anything thrown on the way gives the spec's
 * exception text instead of a stack-trace message (spec 2 §8).
 */
const settle = async <T>(exceptionText: string, call: () => Promise<THttpResult<T>>) => {
  try {
    return unwrap(await call());
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new Error(exceptionText);
  }
};

/** `GET /api/statistics?page&size&search`: one page, newest first, system statistics included. */
export const statisticsListQuery = (query: TStatisticsListQuery) =>
  queryOptions({
    queryKey: statisticKeys.list(query),
    queryFn: async ({ signal }): Promise<TStatisticsPage> => {
      const result = await settle(STATISTIC_MESSAGES.fetchError, () =>
        http.call(listStatistics, {
          query: { page: query.page, size: query.size, search: query.search || undefined },
          signal,
        }),
      );
      return {
        statistics: result.content,
        ...pageInfo(result),
      };
    },
    placeholderData: keepPreviousData,
    meta: { errorTitle: STATISTIC_MESSAGES.listFailed },
  });

/** `GET /api/statistics/:id`. */
export const statisticQuery = (id: string) =>
  queryOptions({
    queryKey: statisticKeys.detail(id),
    queryFn: async ({ signal }) =>
      (await settle(STATISTIC_MESSAGES.fetchError, () => http.call(getStatistic, { params: { id }, signal })))
        .content,
    meta: { errorTitle: STATISTIC_MESSAGES.fetchErrorTitle },
  });

const cachedLists = listCache<'statistics', TStatistic>(statisticKeys.lists, 'statistics');

/** `POST /api/statistics`; the lists reload before the caller's callbacks run (a new one comes first). */
export const useCreateStatistic = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateStatisticRequest) =>
      settle(STATISTIC_MESSAGES.createError, () => http.call(createStatistic, { body })),
    onSuccess: (result) => {
      queryClient.setQueryData(statisticKeys.detail(result.content._id), result.content);
      return queryClient.invalidateQueries({ queryKey: statisticKeys.lists });
    },
    meta: { errorTitle: STATISTIC_MESSAGES.createErrorTitle },
  });
};

/**
 * `PUT /api/statistics/:id` with only the aggregation method and reset interval. The statistic is replaced by id in
 * every cached page, and the list reloads at page 1, size 10 (spec 2 §2, §9) before the caller's callbacks run.
 */
export const useUpdateStatistic = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: TUpdateStatisticRequest }) =>
      settle(STATISTIC_MESSAGES.updateError, () => http.call(updateStatistic, { params: { id }, body })),
    onSuccess: async (result) => {
      queryClient.setQueryData(statisticKeys.detail(result.content._id), result.content);
      cachedLists.replace(queryClient, result.content);
      await queryClient.invalidateQueries({ queryKey: statisticKeys.lists });
      await queryClient.prefetchQuery(statisticsListQuery({ ...RELOAD_AFTER_UPDATE, search: '' }));
    },
    meta: { errorTitle: STATISTIC_MESSAGES.updateErrorTitle },
  });
};

/** `DELETE /api/statistics/:id`; it leaves every cached page at once, then the lists reload. */
export const useDeleteStatistic = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      settle(STATISTIC_MESSAGES.deleteError, () => http.call(deleteStatistic, { params: { id } })),
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: statisticKeys.detail(id) });
      cachedLists.remove(queryClient, id);
      return queryClient.invalidateQueries({ queryKey: statisticKeys.lists });
    },
    meta: { errorTitle: STATISTIC_MESSAGES.deleteErrorTitle },
  });
};

/** `POST /api/statistics/:id/reset`: a new version, every player starts from no value. */
export const useResetStatistic = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      settle(STATISTIC_MESSAGES.updateError, () => http.call(resetStatistic, { params: { id } })),
    onSuccess: (result) => {
      queryClient.setQueryData(statisticKeys.detail(result.content._id), result.content);
      cachedLists.replace(queryClient, result.content);
      return queryClient.invalidateQueries({ queryKey: statisticKeys.lists });
    },
    meta: { errorTitle: STATISTIC_MESSAGES.updateErrorTitle },
  });
};

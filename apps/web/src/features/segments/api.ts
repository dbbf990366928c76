import {
  createSegment,
  deleteSegment,
  listSegmentPlayers,
  listSegments,
  RELOAD_AFTER_UPDATE,
  SEGMENT_MESSAGES,
  type TSaveSegmentRequest,
  type TSegment,
  type TSegmentPlayer,
  updateSegment,
} from '@laurel/contract';
import {
  keepPreviousData,
  type Query,
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { http } from '@/api/http';
import { ApiError, type THttpResult, unwrap } from '@/api/http-client';
import { listCache } from '@/api/list-cache';
import { areaKeys, pageInfo } from '@/api/query-keys';

export type TSegmentsListQuery = { page: number; size: number; search: string };
export type TSegmentsPage = { segments: TSegment[]; count: number; hasMore: boolean };
export type TSegmentPlayersQuery = { page: number; size: number };
export type TSegmentPlayersPage = { players: TSegmentPlayer[]; count: number; hasMore: boolean };

export const segmentKeys = {
  ...areaKeys('segments'),
  players: (id: string) => ['segments', 'players', id] as const,
  playersPage: (id: string, query: TSegmentPlayersQuery) => ['segments', 'players', id, query] as const,
};

/** While a segment's players are recomputed, what shows it is fetched again this often. */
export const REBUILD_POLL_MS = 2000;

/**
 * The server's failure as it came (its message goes into the modal), 'Unknown error occurred' when it gave none
 * or something was thrown on the way (spec 2 §2).
 */
const settle = async <T>(call: () => Promise<THttpResult<T>>) => {
  try {
    return unwrap(await call());
  } catch (error) {
    if (error instanceof ApiError && error.message.trim() !== '') throw error;
    throw new ApiError({
      success: false,
      status: error instanceof ApiError ? error.status : 0,
      message: SEGMENT_MESSAGES.unknownError,
      content: error instanceof ApiError ? error.content : null,
    });
  }
};

/** Poll while something shown is being rebuilt; stop on a failure, whose modal should not repeat. */
const pollWhile =
  <TData>(rebuilding: (data: TData) => boolean) =>
  (query: Query<TData, Error, TData, readonly unknown[]>) =>
    query.state.status !== 'error' && query.state.data !== undefined && rebuilding(query.state.data)
      ? REBUILD_POLL_MS
      : false;

/** `GET /api/segments?page&size&search_string`: one page, newest first, system segments included. */
export const segmentsListQuery = (query: TSegmentsListQuery) =>
  queryOptions({
    queryKey: segmentKeys.list(query),
    queryFn: async ({ signal }): Promise<TSegmentsPage> => {
      const result = await settle(() =>
        http.call(listSegments, {
          query: { page: query.page, size: query.size, search_string: query.search || undefined },
          signal,
        }),
      );
      return {
        segments: result.content,
        ...pageInfo(result),
      };
    },
    placeholderData: keepPreviousData,
    // Player counts move with every event the engine processes: each visit asks again.
    staleTime: 0,
    refetchInterval: pollWhile<TSegmentsPage>((page) => page.segments.some((segment) => segment.rebuilding)),
    meta: { errorTitle: SEGMENT_MESSAGES.listFailed },
  });

/** `GET /api/segments?ids={id}` (spec 2 §7): the first item, or null when there is no such segment. */
export const segmentQuery = (id: string) =>
  queryOptions({
    queryKey: segmentKeys.detail(id),
    queryFn: async ({ signal }): Promise<TSegment | null> =>
      (await settle(() => http.call(listSegments, { query: { ids: id }, signal }))).content[0] ?? null,
    staleTime: 0,
    refetchInterval: pollWhile<TSegment | null>((segment) => segment?.rebuilding === true),
    meta: { errorTitle: SEGMENT_MESSAGES.fetchFailedTitle },
  });

const cachedInLists = (queryClient: QueryClient, id: string) => {
  for (const [, page] of queryClient.getQueriesData<TSegmentsPage>({ queryKey: segmentKeys.lists })) {
    const found = page?.segments.find((segment) => segment._id === id);
    if (found) return found;
  }
  return undefined;
};

/** One segment: shown at once from a loaded list page, while it is fetched by id. */
export const useSegment = (id: string) => {
  const queryClient = useQueryClient();
  return useQuery({ ...segmentQuery(id), placeholderData: () => cachedInLists(queryClient, id) });
};

/** `GET /api/segments/:id/players?page&size`: the members, newest first. */
export const segmentPlayersQuery = (id: string, query: TSegmentPlayersQuery) =>
  queryOptions({
    queryKey: segmentKeys.playersPage(id, query),
    queryFn: async ({ signal }): Promise<TSegmentPlayersPage> => {
      const result = await settle(() =>
        http.call(listSegmentPlayers, {
          params: { id },
          query: { page: query.page, size: query.size },
          signal,
        }),
      );
      return {
        players: result.content,
        ...pageInfo(result),
      };
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
    meta: { errorTitle: SEGMENT_MESSAGES.fetchFailedTitle },
  });

const cachedLists = listCache<'segments', TSegment>(segmentKeys.lists, 'segments');

/** `POST /api/segments`; the lists reload before the caller's callbacks run. */
export const useCreateSegment = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TSaveSegmentRequest) => settle(() => http.call(createSegment, { body })),
    onSuccess: (result) => {
      queryClient.setQueryData(segmentKeys.detail(result.content._id), result.content);
      return queryClient.invalidateQueries({ queryKey: segmentKeys.lists });
    },
    meta: { errorTitle: SEGMENT_MESSAGES.createFailedTitle },
  });
};

/**
 * `PUT /api/segments/:id`. The segment is replaced in every cached page and the list reloads at page 1, size 10
 * (spec 2 §2, §9) before the caller's callbacks run; its players are fetched again.
 */
export const useUpdateSegment = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: TSaveSegmentRequest }) =>
      settle(() => http.call(updateSegment, { params: { id }, body })),
    onSuccess: async (result) => {
      const segment = result.content;
      queryClient.setQueryData(segmentKeys.detail(segment._id), segment);
      cachedLists.replace(queryClient, segment);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: segmentKeys.lists }),
        queryClient.invalidateQueries({ queryKey: segmentKeys.players(segment._id) }),
      ]);
      await queryClient.prefetchQuery(segmentsListQuery({ ...RELOAD_AFTER_UPDATE, search: '' }));
    },
    meta: { errorTitle: SEGMENT_MESSAGES.updateFailedTitle },
  });
};

/** `DELETE /api/segments/:id`; it leaves every cached page at once (spec 2 §2), then the lists reload. */
export const useDeleteSegment = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => settle(() => http.call(deleteSegment, { params: { id } })),
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: segmentKeys.detail(id) });
      queryClient.removeQueries({ queryKey: segmentKeys.players(id) });
      cachedLists.remove(queryClient, id);
      return queryClient.invalidateQueries({ queryKey: segmentKeys.lists });
    },
    meta: { errorTitle: SEGMENT_MESSAGES.deleteFailedTitle },
  });
};

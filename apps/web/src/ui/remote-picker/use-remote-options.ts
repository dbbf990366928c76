import { hasMorePages } from '@laurel/contract';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';

/** One choice of a picker; `description` shows under the label (a SKU, a price). */
export type TPickerOption = { value: string; label: string; description?: string | undefined };

/** One page of options as the server counted them. */
export type TPickerPage = { options: TPickerOption[]; count: number };

export type TFetchPickerPage = (request: {
  page: number;
  size: number;
  search: string;
  signal: AbortSignal;
}) => Promise<TPickerPage>;

export type TRemoteOptionsSource = {
  /** The query key of this list; the search and page size are added to it. */
  queryKey: readonly unknown[];
  fetchPage: TFetchPickerPage;
  pageSize: number;
  debounceMs: number;
  /** Failures open the message modal with this title. */
  errorTitle?: string | undefined;
};

/**
 * Options fetched page by page as the list scrolls (spec 1 §9: the next page while the total exceeds page × size),
 * searched once typing pauses, only while the dropdown is open.
 */
export const useRemoteOptions = (
  { queryKey, fetchPage, pageSize, debounceMs, errorTitle }: TRemoteOptionsSource,
  search: string,
  enabled: boolean,
) => {
  const [debounced] = useDebouncedValue(search.trim(), debounceMs);
  const query = useInfiniteQuery({
    queryKey: [...queryKey, { search: debounced, size: pageSize }],
    queryFn: ({ pageParam, signal }) =>
      fetchPage({ page: pageParam, size: pageSize, search: debounced, signal }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) =>
      hasMorePages(last.count, pages.length, pageSize) ? pages.length + 1 : undefined,
    placeholderData: keepPreviousData,
    enabled,
    meta: errorTitle ? { errorTitle } : {},
  });
  const options = query.data?.pages.flatMap((page) => page.options) ?? [];
  return {
    options,
    count: query.data?.pages[0]?.count ?? 0,
    /** Typing has not settled yet, or the answer for it is on its way. */
    searching: debounced !== search.trim() || (query.isFetching && !query.isFetchingNextPage),
    loadingMore: query.isFetchingNextPage,
    loadMore: () => {
      if (query.hasNextPage && !query.isFetching) void query.fetchNextPage();
    },
  };
};

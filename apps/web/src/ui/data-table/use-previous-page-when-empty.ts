import { useEffect } from 'react';

type TListState = { isSuccess: boolean; isPlaceholderData: boolean };

/** Deleting the last row of a later page leaves an empty page: show the one before it. */
export const usePreviousPageWhenEmpty = (
  list: TListState,
  rows: readonly unknown[],
  table: { page: number; setPage: (page: number) => void },
) => {
  const emptyLaterPage = list.isSuccess && !list.isPlaceholderData && rows.length === 0 && table.page > 1;
  const { setPage, page } = table;
  useEffect(() => {
    if (emptyLaterPage) setPage(page - 1);
  }, [emptyLaterPage, setPage, page]);
};

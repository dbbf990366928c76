import type { QueryClient, QueryKey } from '@tanstack/react-query';

type TRecord = { _id: string };
/** A cached list page: its records under one field (`badges`, `segments`…) beside `count`. */
type TPage<TField extends string, TItem> = { count: number } & { [K in TField]: TItem[] };

/**
 * Every cached page of an area's lists, changed in place before the lists reload: a saved record shows at once, a
 * deleted one leaves every page at once (and the count with it). One helper for every area's `api.ts`.
 */
export const listCache = <TField extends string, TItem extends TRecord>(
  listsKey: QueryKey,
  field: TField,
) => {
  const patch = (queryClient: QueryClient, change: (items: TItem[]) => { items: TItem[]; removed: number }) =>
    queryClient.setQueriesData<TPage<TField, TItem>>({ queryKey: listsKey }, (page) => {
      if (!page) return page;
      const { items, removed } = change(page[field]);
      return { ...page, [field]: items, count: Math.max(0, page.count - removed) };
    });
  return {
    /** The record in place of its old self on every cached page. */
    replace: (queryClient: QueryClient, record: TItem) =>
      patch(queryClient, (items) => ({
        items: items.map((item) => (item._id === record._id ? record : item)),
        removed: 0,
      })),
    /** The record off every cached page, each page's count one less where it stood. */
    remove: (queryClient: QueryClient, id: string) =>
      patch(queryClient, (items) => {
        const kept = items.filter((item) => item._id !== id);
        return { items: kept, removed: items.length - kept.length };
      }),
  };
};

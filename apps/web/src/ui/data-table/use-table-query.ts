import { useCallback, useRef } from 'react';
import { useSearchParams } from 'react-router';

export type TTableSort<TKey extends string = string> = { key: TKey; direction: 'asc' | 'desc' };

/**
 * Page and search kept in the URL (`?page=2&search=ann`), so Back, reload and shared links keep the view.
 * Changing the search returns to page 1.
 */
export const useTableQuery = (defaults: { pageSize: number }) => {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page') ?? '1') || 1);
  const search = params.get('search') ?? '';
  // The params of the latest render, and what the last update asked for on top of which params: react-router
  // builds a functional update on the params its callback last saw, so a second update before the URL has
  // re-rendered (or from a callback kept since an earlier render) would drop the first one's changes.
  const rendered = useRef(params);
  rendered.current = params;
  const requested = useRef<{ from: URLSearchParams; next: URLSearchParams } | null>(null);
  const update = useCallback(
    (changes: Record<string, string | number | null>) => {
      const from = rendered.current;
      const pending = requested.current;
      const next = new URLSearchParams(pending && pending.from === from ? pending.next : from);
      for (const [name, value] of Object.entries(changes)) {
        if (value === null || value === '' || (name === 'page' && value === 1)) next.delete(name);
        else next.set(name, String(value));
      }
      requested.current = { from, next };
      setParams(next, { replace: true });
    },
    [setParams],
  );
  return {
    page,
    search,
    pageSize: defaults.pageSize,
    setPage: (next: number) => update({ page: next }),
    setSearch: (next: string) => update({ search: next, page: 1 }),
    /**
     * The server-side sort in the URL (`?sort=total&direction=asc`), or the default; changing it returns to page 1
     * and the default is left out of the URL.
     */
    sort: <TKey extends string>(fallback: TTableSort<TKey>, keys: readonly TKey[]): TTableSort<TKey> => {
      const key = params.get('sort');
      const direction = params.get('direction');
      return {
        key: keys.includes(key as TKey) ? (key as TKey) : fallback.key,
        direction: direction === 'asc' || direction === 'desc' ? direction : fallback.direction,
      };
    },
    setSort: <TKey extends string>(next: TTableSort<TKey>, fallback: TTableSort<TKey>) =>
      update({
        sort: next.key === fallback.key && next.direction === fallback.direction ? null : next.key,
        direction: next.key === fallback.key && next.direction === fallback.direction ? null : next.direction,
        page: 1,
      }),
    /** Any other filter in the URL; setting one returns to page 1. */
    filter: (name: string) => params.get(name) ?? '',
    setFilter: (name: string, value: string | null) => update({ [name]: value, page: 1 }),
    /** Several filters at once (a 'Reset filters' button); returns to page 1. */
    setFilters: (changes: Record<string, string | null>) => update({ ...changes, page: 1 }),
  };
};

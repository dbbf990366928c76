import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * Page and search kept in the URL (`?page=2&search=ann`), so Back, reload and shared links keep the view.
 * Changing the search returns to page 1.
 */
export const useTableQuery = (defaults: { pageSize: number }) => {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page') ?? '1') || 1);
  const search = params.get('search') ?? '';
  const update = useCallback(
    (changes: Record<string, string | number | null>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [name, value] of Object.entries(changes)) {
            if (value === null || value === '' || (name === 'page' && value === 1)) next.delete(name);
            else next.set(name, String(value));
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return {
    page,
    search,
    pageSize: defaults.pageSize,
    setPage: (next: number) => update({ page: next }),
    setSearch: (next: string) => update({ search: next, page: 1 }),
    /** Any other filter in the URL; setting one returns to page 1. */
    filter: (name: string) => params.get(name) ?? '',
    setFilter: (name: string, value: string | null) => update({ [name]: value, page: 1 }),
  };
};

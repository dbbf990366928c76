import type { SetURLSearchParams } from 'react-router';

/**
 * A list page's filters kept in the URL (so Back and a link restore them): `change` sets or clears the given ones
 * and goes back to the first page; `reset` clears `names` (every parameter when none are given) and keeps the rest,
 * such as an open dialog's.
 */
export const urlFilters = <T extends Record<string, string | null | undefined>>(
  params: URLSearchParams,
  setParams: SetURLSearchParams,
  names?: readonly string[],
) => ({
  change: (changes: Partial<T>) => {
    const next = new URLSearchParams(params);
    for (const [name, value] of Object.entries(changes)) {
      if (value) next.set(name, value);
      else next.delete(name);
    }
    next.delete('page');
    setParams(next, { replace: true });
  },
  reset: () => {
    if (!names) {
      setParams(new URLSearchParams(), { replace: true });
      return;
    }
    const next = new URLSearchParams(params);
    for (const name of names) next.delete(name);
    setParams(next, { replace: true });
  },
});

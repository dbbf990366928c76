import { useMemo, useSyncExternalStore } from 'react';

/**
 * One column's entry in the stored choice. The shape (and the `<key>-columns-toggle` storage key) is the one
 * mantine-datatable's `useDataTableColumns` wrote, so that choices saved before the console had its own table apply.
 */
export type TColumnToggle = {
  accessor: string;
  defaultToggle: boolean;
  toggleable: boolean;
  toggled: boolean;
};

type TToggleableColumn = { accessor: string; toggleable?: boolean; defaultToggle?: boolean };

/** Choices that the browser refused to store (private mode, quota) still hold until the page is reloaded. */
const unstored = new Map<string, string>();
const listeners = new Set<() => void>();

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  // Another tab's choice applies here too.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
};

const readStored = (storageKey: string) => {
  if (unstored.has(storageKey)) return unstored.get(storageKey) ?? null;
  try {
    return localStorage.getItem(storageKey);
  } catch {
    return null;
  }
};

const parseStored = (raw: string | null): Map<string, boolean> => {
  const toggled = new Map<string, boolean>();
  if (!raw) return toggled;
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return toggled;
    for (const entry of value) {
      if (entry && typeof entry.accessor === 'string' && typeof entry.toggled === 'boolean')
        toggled.set(entry.accessor, entry.toggled);
    }
  } catch {
    // A malformed value counts as no choice.
  }
  return toggled;
};

/**
 * Which columns are on: the stored choice for the columns it names, each column's default for the others (on,
 * unless `defaultToggle: false`). A column with `toggleable: false` is always on. Without a key nothing is stored.
 */
export const useColumnToggles = (key: string | undefined, columns: readonly TToggleableColumn[]) => {
  const storageKey = key ? `${key}-columns-toggle` : undefined;
  const raw = useSyncExternalStore(subscribe, () => (storageKey ? readStored(storageKey) : null));
  const toggles = useMemo(() => {
    const stored = parseStored(raw);
    return columns.map(
      (column): TColumnToggle => ({
        accessor: column.accessor,
        defaultToggle: column.defaultToggle !== false,
        toggleable: column.toggleable !== false,
        toggled:
          column.toggleable === false || (stored.get(column.accessor) ?? column.defaultToggle !== false),
      }),
    );
  }, [raw, columns]);

  const setToggles = (next: TColumnToggle[]) => {
    if (!storageKey) return;
    const value = JSON.stringify(next);
    try {
      localStorage.setItem(storageKey, value);
      unstored.delete(storageKey);
    } catch {
      unstored.set(storageKey, value);
    }
    for (const listener of listeners) listener();
  };

  return [toggles, setToggles] as const;
};

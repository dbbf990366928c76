import { useSyncExternalStore } from 'react';

type TListener = () => void;

/**
 * How fresh the last answer of each endpoint was, keyed by the endpoint's path template ('/segments/:id/players'):
 * the HTTP client records every successful answer (null when it came from the primary), and the page reads it with
 * useSyncExternalStore.
 */
export const createDataAsOfStore = () => {
  const asOfByPath = new Map<string, string>();
  const listeners = new Set<TListener>();
  const emit = () => {
    for (const listener of listeners) listener();
  };
  return {
    /** The last answer's instant (ISO), or null when it carried no header. */
    get: (path: string) => asOfByPath.get(path) ?? null,
    record: (path: string, asOf: string | null) => {
      if ((asOfByPath.get(path) ?? null) === asOf) return;
      if (asOf === null) asOfByPath.delete(path);
      else asOfByPath.set(path, asOf);
      emit();
    },
    clear: () => {
      if (asOfByPath.size === 0) return;
      asOfByPath.clear();
      emit();
    },
    subscribe: (listener: TListener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
};

export type TDataAsOfStore = ReturnType<typeof createDataAsOfStore>;

/** The console's one store, written by `http` (api/http.ts). */
export const dataAsOfStore = createDataAsOfStore();

/** The instant the last answer of `path` was read as of, when it came from a replica; null otherwise. */
export const useDataAsOf = (path: string, store: TDataAsOfStore = dataAsOfStore) =>
  useSyncExternalStore(
    store.subscribe,
    () => store.get(path),
    () => store.get(path),
  );

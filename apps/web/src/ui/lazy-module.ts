import { useSyncExternalStore } from 'react';

/**
 * A module loaded on demand (the first hover, focus or click of something that needs it) and shared by every
 * component that waits for it: `load()` starts the import once, `use()` re-renders its caller when it arrives.
 * A failed load (offline) is tried again on the next `load()`.
 */
export const lazyModule = <TModule>(importer: () => Promise<TModule>) => {
  let loaded: TModule | undefined;
  let loading: Promise<unknown> | undefined;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const snapshot = () => loaded;
  const load = () => {
    loading ??= importer().then(
      (module) => {
        loaded = module;
        for (const listener of listeners) listener();
      },
      () => {
        loading = undefined;
      },
    );
    return loading;
  };
  return {
    load,
    /** The module, loading it first if needed (a save that must wait for its checks); rejects when it fails. */
    get: async (): Promise<TModule> => {
      if (loaded) return loaded;
      await load();
      if (!loaded) throw new Error('The code could not be loaded');
      return loaded;
    },
    use: () => useSyncExternalStore(subscribe, snapshot, snapshot),
  };
};

export type TLazyModule<TModule> = ReturnType<typeof lazyModule<TModule>>;

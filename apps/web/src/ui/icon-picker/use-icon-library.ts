import { useCallback, useEffect, useRef, useState } from 'react';
import type { TIconLibrary } from './icon-library';

let loaded: TIconLibrary | null = null;
let loading: Promise<TIconLibrary> | null = null;

/**
 * The Font Awesome set is large (about 900 kB): it is its own chunk, fetched the first time an icon is drawn or
 * picked, never with the page that shows it.
 */
export const loadIconLibrary = () => {
  loading ??= import('./icon-library').then(
    (module) => {
      loaded = module.iconLibrary;
      return loaded;
    },
    (error: unknown) => {
      // A failed chunk request (offline, new deployment) may succeed next time.
      loading = null;
      throw error;
    },
  );
  return loading;
};

export type TIconLibraryState =
  | { status: 'loading'; library: null }
  | { status: 'ready'; library: TIconLibrary }
  | { status: 'failed'; library: null; retry: () => void };

/** The icon library once its chunk has arrived; while loading, or after a failed load (with a retry). */
export const useIconLibrary = (): TIconLibraryState => {
  const [library, setLibrary] = useState(loaded);
  const [failed, setFailed] = useState(false);
  const live = useRef(true);
  const load = useCallback(() => {
    setFailed(false);
    loadIconLibrary().then(
      (value) => live.current && setLibrary(value),
      () => live.current && setFailed(true),
    );
  }, []);
  useEffect(() => {
    live.current = true;
    if (!loaded) load();
    return () => {
      live.current = false;
    };
  }, [load]);
  if (library) return { status: 'ready', library };
  if (failed) return { status: 'failed', library: null, retry: load };
  return { status: 'loading', library: null };
};

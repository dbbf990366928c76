import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router';

const STORAGE_KEY = 'laurel.scroll-positions';

const readSaved = (): Record<string, number> => {
  try {
    const saved = JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? '{}') as unknown;
    return saved && typeof saved === 'object' ? (saved as Record<string, number>) : {};
  } catch {
    return {};
  }
};

/** The element id a `#hash` names; a malformed escape (`#%E0%A4%A`) names none rather than throwing. */
const decodedHash = (hash: string) => {
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return '';
  }
};

/**
 * What the data router's `<ScrollRestoration>` did, for the declarative router: a new page starts at the top (or at
 * the element its `#hash` names); Back, Forward and a reload return to where that history entry was scrolled.
 * Positions are kept per history entry, and in sessionStorage when the page is left.
 */
export const useScrollRestoration = () => {
  const location = useLocation();
  const positions = useRef<Record<string, number> | null>(null);
  const currentKey = useRef(location.key);

  useEffect(() => {
    positions.current ??= readSaved();
    window.history.scrollRestoration = 'manual';
    // Each scroll is recorded for the entry shown; a page that replaces a longer one moves the scroll after its
    // entry became current, so the entry left keeps where the user had scrolled it.
    const record = () => {
      if (positions.current) positions.current[currentKey.current] = window.scrollY;
    };
    const save = () => {
      record();
      try {
        window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions.current));
      } catch {
        // Storage full or refused: only a reload's restoration is lost.
      }
      window.history.scrollRestoration = 'auto';
    };
    window.addEventListener('scroll', record, { passive: true });
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('scroll', record);
      window.removeEventListener('pagehide', save);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  useLayoutEffect(() => {
    positions.current ??= readSaved();
    currentKey.current = location.key;
    const saved = positions.current[location.key];
    if (typeof saved === 'number') {
      window.scrollTo(0, saved);
      return;
    }
    if (location.hash) {
      const target = document.getElementById(decodedHash(location.hash));
      if (target) {
        target.scrollIntoView();
        return;
      }
    }
    window.scrollTo(0, 0);
  }, [location.key, location.hash]);
};

import { useContext, useEffect } from 'react';
import {
  type Location,
  type NavigateOptions,
  UNSAFE_NavigationContext as NavigationContext,
  type Navigator,
  type To,
} from 'react-router';

type TNavigate = (to: To | number, options?: Pick<NavigateOptions, 'replace' | 'state'>) => void;
type TLocation = Pick<Location, 'pathname' | 'search' | 'hash' | 'state'>;
/** What `<BrowserRouter>` and `<MemoryRouter>` give their routes as `navigator`: their history. */
type THistory = Navigator & { readonly location?: Location };

/**
 * The router as code outside React sees it (the session-expiry handler, tests): where it is and a way to navigate.
 * `<BrowserRouter>` has no router object of its own (the data router that has one costs ~15 KB in every first
 * load), so `<RouterBridge handle={…} />`, rendered inside the router, lends the handle the router's history. Like
 * the data router's state, the location is the history's, updated as a navigation starts, not when it has rendered.
 */
export type TRouterHandle = {
  readonly state: { readonly location: TLocation };
  navigate: TNavigate;
  /** Called by RouterBridge with the router's history, and with undefined when the router unmounts. */
  connect: (history: THistory | undefined) => void;
};

/** `initialLocation`: where the router stands before it has rendered (the browser's address for BrowserRouter). */
export const createRouterHandle = (initialLocation: () => TLocation): TRouterHandle => {
  let history: THistory | undefined;
  // A navigation asked for before the router is there (a request main.tsx starts can end the session): made then.
  let pending: Parameters<TNavigate> | undefined;
  const go = (target: THistory, ...[to, options]: Parameters<TNavigate>) => {
    if (typeof to === 'number') target.go(to);
    else if (options?.replace) target.replace(to, options.state);
    else target.push(to, options?.state);
  };
  return {
    state: {
      get location() {
        return history?.location ?? initialLocation();
      },
    },
    navigate: (...args) => {
      if (history) go(history, ...args);
      else pending = args;
    },
    connect: (next) => {
      history = next;
      if (!history || !pending) return;
      const args = pending;
      pending = undefined;
      go(history, ...args);
    },
  };
};

/** Renders nothing; connects `handle` to the router it is rendered in. */
export const RouterBridge = ({ handle }: { handle: TRouterHandle }) => {
  const { navigator } = useContext(NavigationContext);
  // An effect, after the router's own layout effect has started listening to its history.
  useEffect(() => {
    handle.connect(navigator);
    return () => handle.connect(undefined);
  }, [handle, navigator]);
  return null;
};

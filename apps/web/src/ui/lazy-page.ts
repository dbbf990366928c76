import { type ComponentType, lazy } from 'react';

/**
 * A page component loaded on first use. Each route points at its own page module, so that a route's first load
 * holds only its page (build-tools/bundle-budget.mjs measures each).
 */
export const lazyPage = <TModule, TName extends keyof TModule>(load: () => Promise<TModule>, name: TName) =>
  lazy(async () => {
    const module = await load();
    return { default: module[name] as ComponentType };
  });

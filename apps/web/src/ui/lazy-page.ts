import { type ComponentType, lazy } from 'react';

/**
 * A page component loaded on first use. Pointing every page of an area at the same module (its `pages/index.ts`)
 * makes the area one chunk.
 */
export const lazyPage = <TModule, TName extends keyof TModule>(load: () => Promise<TModule>, name: TName) =>
  lazy(async () => {
    const module = await load();
    return { default: module[name] as ComponentType };
  });

import { type ComponentType, lazy, type ReactNode, Suspense, useState } from 'react';

type TComponentOf<T> = T extends ComponentType<infer TProps> ? ComponentType<TProps> : never;

/**
 * A component (a dialog, a menu's dropdown) loaded the first time it is shown, with its props typed: what a user
 * opens by a click stays out of the page's first load (build-tools/bundle-budget.mjs).
 */
export const lazyComponent = <TModule, TName extends keyof TModule>(
  load: () => Promise<TModule>,
  name: TName,
) =>
  Object.assign(
    lazy(async () => ({ default: (await load())[name] as TComponentOf<TModule[TName]> })),
    // Starts the load before the component renders (app/preload-route.ts).
    { preload: load },
  );

/**
 * Renders its children from the first time `when` is true, and keeps them after, so that a closing dialog still
 * animates out. Nothing is shown while a lazy child loads.
 */
export const MountWhen = ({ when, children }: { when: boolean; children: ReactNode }) => {
  const [mounted, setMounted] = useState(when);
  if (when && !mounted) setMounted(true);
  return mounted ? <Suspense fallback={null}>{children}</Suspense> : null;
};

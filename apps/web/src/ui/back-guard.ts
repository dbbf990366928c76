/**
 * The browser's Back and Forward as an editor with unsaved edits may hold them. The router hears of a step through
 * `popstate` on window, where listeners run in the order they were added, capturing or not: only a listener added
 * before the router's own can stop a step reaching it. So main.tsx installs this one before the router renders, and
 * the editor lends it a guard while it has edits (use-unsaved-changes-guard.ts). Kept apart, with no imports, so that
 * the first load carries only these lines.
 */
type TBackGuard = (event: PopStateEvent) => 'hold' | 'pass';

let guard: TBackGuard | null = null;

/** Called once, before the router renders. */
export const installBackGuard = () =>
  window.addEventListener('popstate', (event) => {
    if (guard?.(event) === 'hold') event.stopImmediatePropagation();
  });

/** Holds the steps `next` says to hold until the returned function is called. */
export const holdBackWith = (next: TBackGuard) => {
  guard = next;
  return () => {
    if (guard === next) guard = null;
  };
};

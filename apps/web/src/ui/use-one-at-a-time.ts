import { useCallback, useRef } from 'react';

/**
 * A save, send or cancel that must not go twice: `once(task)` runs the task unless the last one it ran is still
 * under way, and drops the call if it is. The mark is a ref, set before the task's first await: the second click of
 * a double-click can come before React re-renders the button disabled (or before a mutation's `isPending` reaches
 * the component), and must send nothing. The mark goes when the task settles, so a failed save can be tried again.
 * A rejection only ends the run: a mutation's failure is shown by its `meta.errorTitle` (app/query-client.ts).
 */
export const useOneAtATime = () => {
  const running = useRef(false);
  return useCallback(async (task: () => unknown): Promise<void> => {
    if (running.current) return;
    running.current = true;
    try {
      await task();
    } catch {
      // Shown where it failed; the guard only lets the next try through.
    } finally {
      running.current = false;
    }
  }, []);
};

/** What `mutateSettled` needs of a TanStack mutation: its `mutate` with per-call callbacks. */
type Mutates<V, D> = {
  mutate: (variables: V, options: { onSuccess?: (data: D) => void; onSettled?: () => void }) => void;
};

/**
 * Runs a mutation with its per-call callbacks and settles when it does, for `once`: the guard then lasts until the
 * request ends. The callbacks rather than `mutateAsync`: a page left meanwhile neither navigates nor says anything.
 */
export const mutateSettled = <V, D>(
  mutation: Mutates<V, D>,
  variables: V,
  onSuccess?: (data: D) => void,
): Promise<void> =>
  new Promise<void>((settled) =>
    mutation.mutate(variables, { ...(onSuccess ? { onSuccess } : {}), onSettled: () => settled() }),
  );

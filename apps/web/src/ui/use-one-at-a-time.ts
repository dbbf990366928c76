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

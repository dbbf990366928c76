import { useContext, useEffect } from 'react';
import {
  UNSAFE_NavigationContext as NavigationContext,
  type Navigator,
  parsePath,
  type To,
  useLocation,
} from 'react-router';
import { holdBackWith } from '@/ui/back-guard';
import { openConfirmModal } from '@/ui/confirm-modal';

export const UNSAVED_CHANGES_TEXTS = {
  title: 'Leave without saving?',
  text: 'Your changes on this page have not been saved. If you leave now, they are lost.',
  leave: 'Leave',
  stay: 'Keep editing',
} as const;

/** The entry's position in the session history, as `<BrowserRouter>`'s history writes it into `history.state`. */
const indexOf = (state: unknown) => {
  const idx = (state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' ? idx : null;
};

/**
 * While `active` (an editor with unsaved edits, not saving), leaving the page asks first: a link, the sidebar or a
 * navigate() to another path, the browser's Back and Forward, and a reload or close (the browser's own prompt).
 * Moving within the page (a dialog opened as a search param) does not ask, nor does a replace: that is the app
 * redirecting (to a record just created, a list after a delete, log-in when the session ends), never the user leaving.
 *
 * React Router's useBlocker needs the data router, which the app leaves out of its first load (router-handle.tsx);
 * this does the same for `<BrowserRouter>`: it holds the router history's push, and takes a Back back before the
 * router sees it (back-guard.ts), then goes ahead only when the user chooses Leave.
 */
export const useUnsavedChangesGuard = (active: boolean) => {
  const { navigator } = useContext(NavigationContext);
  const location = useLocation();
  const here = location.pathname;
  // Re-armed at every entry, so that the position a Back leaves from is the current one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: location.key marks a new history entry
  useEffect(() => {
    if (!active) return;
    let asking = false;
    // The popstate that undoes a Back (the router never sees either), and the one the user chose to go on with.
    let undoing = false;
    let goingOn = false;
    const from = indexOf(window.history.state);
    const leaves = (from: string, to: To) => {
      const pathname = (typeof to === 'string' ? parsePath(to) : to).pathname;
      return Boolean(pathname) && pathname !== from;
    };
    const ask = (leave: () => void) => {
      if (asking) return;
      asking = true;
      openConfirmModal({
        title: UNSAVED_CHANGES_TEXTS.title,
        text: UNSAVED_CHANGES_TEXTS.text,
        confirmLabel: UNSAVED_CHANGES_TEXTS.leave,
        cancelLabel: UNSAVED_CHANGES_TEXTS.stay,
        onConfirm: leave,
        onClose: () => {
          asking = false;
        },
      });
    };

    const history = navigator as Navigator & { readonly location?: { pathname: string } };
    const { push } = history;
    history.push = (to, state, options) => {
      // From where the history stands: a page the app has just replaced (a record created) may still be on screen.
      if (!leaves(history.location?.pathname ?? here, to)) return push.call(history, to, state, options);
      ask(() => push.call(history, to, state, options));
    };

    const releaseBack = holdBackWith((event) => {
      if (undoing) {
        undoing = false;
        return 'hold';
      }
      if (goingOn) {
        goingOn = false;
        return 'pass';
      }
      const to = indexOf(event.state);
      if (from === null || to === null || to === from || !leaves(here, window.location.pathname))
        return 'pass';
      // The router never learns of the step, nor of its undoing: the page stays as it is while the user chooses.
      undoing = true;
      window.history.go(from - to);
      ask(() => {
        goingOn = true;
        window.history.go(to - from);
      });
      return 'hold';
    });
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show their prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      history.push = push;
      releaseBack();
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [active, navigator, here, location.key]);
};

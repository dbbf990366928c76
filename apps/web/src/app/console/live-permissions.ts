import { getClientUser, type TClientUser, type TSessionUser } from '@laurel/contract';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { http, onForbidden } from '@/api/http';
import { sessionStore } from '@/api/session-store';

/** The fields of the session user the server may change meanwhile (an admin's edit), tokens and all else kept. */
const withServerFields = (user: TSessionUser, fresh: TClientUser): TSessionUser => ({
  ...user,
  name: fresh.name,
  surname: fresh.surname,
  email: fresh.email,
  cell_number: fresh.cell_number,
  role: fresh.role,
  status: fresh.status,
  manager_of: fresh.manager_of,
  user_permissions: fresh.user_permissions,
  get_communication: fresh.get_communication,
  agrees_terms_and_conditions: fresh.agrees_terms_and_conditions,
});

let inFlight: Promise<void> | null = null;

/**
 * Re-reads the signed-in user (`GET /api/v2/client/user?user_id=`, their own record) and stores what changed, so
 * the sidebar and the pages' buttons follow a permission change without signing out. One request at a time:
 * a 403 to this request itself joins the one in flight instead of starting another.
 */
export const refreshSessionUser = (): Promise<void> => {
  const session = sessionStore.get();
  if (inFlight || !session) return inFlight ?? Promise.resolve();
  const userId = session.user._id;
  inFlight = (async () => {
    const result = await http.call(getClientUser, { query: { user_id: userId } });
    const users = result.success ? result.content?.user_list : undefined;
    const fresh = Array.isArray(users) ? users.find((user) => user._id === userId) : undefined;
    const current = sessionStore.get();
    if (!fresh || current?.user._id !== userId) return;
    const next = withServerFields(current.user, fresh);
    if (JSON.stringify(next) !== JSON.stringify(current.user)) sessionStore.updateUser(next);
  })()
    // A failed refresh leaves the session as it was; the next focus or navigation tries again.
    .catch(() => undefined)
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
};

/** Keeps the session's permissions current: on every navigation, when the window regains focus, after any 403. */
export const useLivePermissions = () => {
  const { pathname } = useLocation();
  useEffect(() => {
    void pathname;
    void refreshSessionUser();
  }, [pathname]);
  useEffect(() => {
    const refresh = () => void refreshSessionUser();
    const whenShown = () => {
      if (document.visibilityState === 'visible') refresh();
    };
    window.addEventListener('focus', refresh);
    document.addEventListener('visibilitychange', whenShown);
    const stopListening = onForbidden(refresh);
    return () => {
      window.removeEventListener('focus', refresh);
      document.removeEventListener('visibilitychange', whenShown);
      stopListening();
    };
  }, []);
};

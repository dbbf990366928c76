import { ROUTE_PATTERNS, signOut } from '@laurel/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { http } from '@/api/http';
import { queryKeys } from '@/api/query-keys';
import { sessionStore } from '@/api/session-store';

let signingOut = false;

/**
 * True between 'Log Out' clearing the session and the log-in page opening: the console's session guard then stays
 * quiet rather than remember the page being left, so the next person to sign in starts on the dashboard.
 */
export const isSigningOut = () => signingOut;

/**
 * 'Log Out' in the console and 'Log out' on the plan page: end the session on the server (its tokens are refused
 * from then on, DESIGN §10), forget it and every cached answer, then open log-in (spec 1 §4). An unreachable server
 * does not keep anyone signed in here. The session is gone before log-in renders, so log-in never sends a
 * still-signed-in user back into the console.
 */
export const useSignOut = () => {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    signingOut = true;
    try {
      await http.call(signOut).catch(() => undefined);
      sessionStore.clear();
      // The host's branding is not the user's: keep it, so the welcome area does not flicker.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.branding[0] });
      await navigate(ROUTE_PATTERNS.logIn, { replace: true });
    } finally {
      signingOut = false;
    }
  }, [navigate, queryClient]);
};

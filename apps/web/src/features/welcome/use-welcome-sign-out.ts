import { ROUTE_PATTERNS } from '@laurel/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { queryKeys } from '@/api/query-keys';
import { sessionStore } from '@/api/session-store';

/** 'Log out' on the plan page: forget the session and what was loaded with it, then go to the welcome route. */
export const useWelcomeSignOut = () => {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await navigate(ROUTE_PATTERNS.welcome, { replace: true });
    sessionStore.clear();
    // The host's branding is not the user's: keep it, so the welcome area does not flicker.
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.branding[0] });
  }, [navigate, queryClient]);
};

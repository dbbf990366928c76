import { ROUTE_PATTERNS } from '@laurel/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { sessionStore } from '@/api/session-store';

/** 'Log Out': leave the console first, then forget the session and every cached answer (spec 1 §4). */
export const useSignOut = () => {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await navigate(ROUTE_PATTERNS.welcome, { replace: true });
    sessionStore.clear();
    queryClient.clear();
  }, [navigate, queryClient]);
};

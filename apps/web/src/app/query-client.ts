import { COMMON_MESSAGES } from '@laurel/contract';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/api/http-client';
import { isSessionEndedNoticeOpen } from '@/app/console/session-expiry';
import { openMessageModal } from '@/ui/message-modal';
import { openUpgradePrompt } from '@/ui/upgrade-prompt';

/** A query or mutation that names an error title gets the message modal with the server's message on failure. */
declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { errorTitle?: string };
    mutationMeta: { errorTitle?: string };
  }
}

/**
 * One place for failures: a 402 (feature outside the plan) opens the upgrade prompt; a 401 of the session that
 * just ended is already explained by the 'Signed out' notice; anything else with a title opens the message modal.
 */
const showFailure = (error: Error, errorTitle: string | undefined) => {
  if (error instanceof ApiError) {
    if (error.status === 402) {
      if (!openUpgradePrompt())
        openMessageModal({ title: errorTitle ?? COMMON_MESSAGES.requestError, message: error.message });
      return;
    }
    if (error.status === 401 && isSessionEndedNoticeOpen()) return;
  }
  if (errorTitle) openMessageModal({ title: errorTitle, message: error.message });
};

export const createQueryClient = () =>
  new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => showFailure(error, query.meta?.errorTitle),
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _result, mutation) => showFailure(error, mutation.meta?.errorTitle),
    }),
    defaultOptions: {
      // The server's answer is shown to the user; retrying would show it again after a silent wait.
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });

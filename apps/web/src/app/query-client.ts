import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { openMessageModal } from '@/ui/message-modal';

/** A query or mutation that names an error title gets the message modal with the server's message on failure. */
declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { errorTitle?: string };
    mutationMeta: { errorTitle?: string };
  }
}

export const createQueryClient = () =>
  new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        const title = query.meta?.errorTitle;
        if (title) openMessageModal({ title, message: error.message });
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _result, mutation) => {
        const title = mutation.meta?.errorTitle;
        if (title) openMessageModal({ title, message: error.message });
      },
    }),
    defaultOptions: {
      // The server's answer is shown to the user; retrying would show it again after a silent wait.
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });

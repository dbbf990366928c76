import { COMMON_MESSAGES } from '@laurel/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/api/http';
import { unwrap } from '@/api/http-client';
import { queryKeys } from '@/api/query-keys';
import { useSession } from '@/api/use-session';
import { API_PATHS, type TClientRecord } from '@/pending-contract';

/** The signed-in user's client (tenant): status, plan, users and their permissions. */
export const clientRecordQuery = (clientId: string) =>
  queryOptions({
    queryKey: queryKeys.client(clientId),
    queryFn: async ({ signal }) =>
      unwrap(
        await http.get<TClientRecord>(API_PATHS.client, {
          token: 'client',
          query: { _id: clientId },
          signal,
        }),
      ).content,
    meta: { errorTitle: COMMON_MESSAGES.somethingWentWrong },
    staleTime: 5 * 60_000,
  });

export const useClientRecord = () => {
  const clientId = useSession()?.user.client_id ?? '';
  return useQuery({ ...clientRecordQuery(clientId), enabled: clientId !== '' });
};

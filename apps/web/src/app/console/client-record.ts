import { COMMON_MESSAGES, getClient } from '@laurel/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/api/http';
import { unwrap } from '@/api/http-client';
import { queryKeys } from '@/api/query-keys';
import { useSession } from '@/api/use-session';

/** `GET /api/v2/client?_id=` with the client token: status, plan, integrations and users of the signed-in client. */
export const clientRecordQuery = (clientId: string) =>
  queryOptions({
    queryKey: queryKeys.client(clientId),
    queryFn: async ({ signal }) =>
      unwrap(await http.call(getClient, { query: { _id: clientId }, signal })).content,
    meta: { errorTitle: COMMON_MESSAGES.somethingWentWrong },
    staleTime: 5 * 60_000,
  });

export const useClientRecord = () => {
  const clientId = useSession()?.user.client_id ?? '';
  return useQuery({ ...clientRecordQuery(clientId), enabled: clientId !== '' });
};

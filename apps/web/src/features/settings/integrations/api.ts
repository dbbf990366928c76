import {
  createApiKey,
  listApiKeys,
  listEventLog,
  retryEvent,
  revokeApiKey,
  type TEngineEventType,
  type TEventStatus,
} from '@laurel/contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/api/http';
import { unwrap } from '@/api/http-client';
import { INTEGRATION_TEXTS } from '@/features/settings/integrations/integrations-texts';

export type TEventLogFilter = {
  page: number;
  size: number;
  status: TEventStatus | undefined;
  type: TEngineEventType | undefined;
  search_string: string;
};

export const integrationKeys = {
  apiKeys: ['integrations', 'api-keys'] as const,
  events: ['integrations', 'events'] as const,
  eventList: (filter: TEventLogFilter) => ['integrations', 'events', filter] as const,
};

/** While an event on screen still waits for the worker, the page looks again this often. */
export const EVENT_LOG_REFRESH_MS = 3000;

/** `GET /api/integrations/api-keys`: every key of the client, newest first; never the secret itself. */
export const apiKeysQuery = () =>
  queryOptions({
    queryKey: integrationKeys.apiKeys,
    queryFn: async ({ signal }) => unwrap(await http.call(listApiKeys, { signal })).content,
    meta: { errorTitle: INTEGRATION_TEXTS.apiKeysFailed },
  });

/**
 * `GET /api/integrations/events`: one page of the event log, newest first. It polls only while a row on screen is
 * still 'accepted', so that someone watching sees it processed without reloading.
 */
export const eventLogQuery = (filter: TEventLogFilter) =>
  queryOptions({
    queryKey: integrationKeys.eventList(filter),
    queryFn: async ({ signal }) => {
      const result = unwrap(await http.call(listEventLog, { query: filter, signal }));
      return { entries: result.content, count: result.pagination?.count ?? result.content.length };
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data?.entries.some((entry) => entry.status === 'accepted') ? EVENT_LOG_REFRESH_MS : false,
    meta: { errorTitle: INTEGRATION_TEXTS.eventLogFailed },
  });

/** `POST /api/integrations/api-keys`: the answer holds the key itself, this once. */
export const useCreateApiKey = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => unwrap(await http.call(createApiKey, { body: { name } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationKeys.apiKeys }),
    meta: { errorTitle: INTEGRATION_TEXTS.createFailed },
  });
};

/** `DELETE /api/integrations/api-keys/:id`: the key stops working at once. */
export const useRevokeApiKey = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => unwrap(await http.call(revokeApiKey, { params: { id } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationKeys.apiKeys }),
    meta: { errorTitle: INTEGRATION_TEXTS.revokeFailed },
  });
};

/** `POST /api/integrations/events/:id/retry`: a parked event goes back to the worker. */
export const useRetryEvent = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => unwrap(await http.call(retryEvent, { params: { id } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationKeys.events }),
    meta: { errorTitle: INTEGRATION_TEXTS.retryFailed },
  });
};

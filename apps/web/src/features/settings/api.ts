import {
  addClientIntegration,
  COMMON_MESSAGES,
  getPrivacySettings,
  savePrivacySettings,
  saveRegionalSettings,
  type TClient,
  type TNotificationIntegration,
  type TPrivacySettings,
  type TRegionalSettings,
} from '@laurel/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/api/http';
import { unwrap } from '@/api/http-client';
import { queryKeys } from '@/api/query-keys';

/**
 * `PUT /api/v2/add/client/integration`. On success the client record is reloaded before the caller's callbacks run,
 * so that the form shows what was saved; a failure opens the request-error modal with the server's message.
 */
export const useSaveNotificationSettings = (clientId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TNotificationIntegration) =>
      unwrap(await http.call(addClientIntegration, { body })).content,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.client(clientId) }),
    meta: { errorTitle: COMMON_MESSAGES.requestError },
  });
};

const privacySettingsKey = ['privacy-settings'] as const;

/** `GET /api/client/privacy-settings`: how long processed events keep their payload. */
export const privacySettingsQuery = () =>
  queryOptions({
    queryKey: privacySettingsKey,
    queryFn: async ({ signal }) => unwrap(await http.call(getPrivacySettings, { signal })).content,
  });

/** `PUT /api/client/privacy-settings`; the settings reload before the caller's callbacks run. */
export const useSavePrivacySettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TPrivacySettings) =>
      unwrap(await http.call(savePrivacySettings, { body })).content,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: privacySettingsKey }),
    meta: { errorTitle: COMMON_MESSAGES.requestError },
  });
};

/**
 * `PUT /api/client/regional-settings`. The client record reloads before the caller's callbacks run, so money
 * columns show the new symbol; a new time zone moves day boundaries, statistic versions and the dashboard's days, so
 * every cached answer is reloaded then.
 */
export const useSaveRegionalSettings = (clientId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TRegionalSettings) =>
      unwrap(await http.call(saveRegionalSettings, { body })).content,
    onSuccess: (saved) => {
      const before = queryClient.getQueryData<TClient>(queryKeys.client(clientId));
      return before?.time_zone === saved.time_zone
        ? queryClient.invalidateQueries({ queryKey: queryKeys.client(clientId) })
        : queryClient.invalidateQueries();
    },
    meta: { errorTitle: COMMON_MESSAGES.requestError },
  });
};

import {
  addClientIntegration,
  COMMON_MESSAGES,
  getPrivacySettings,
  savePrivacySettings,
  type TNotificationIntegration,
  type TPrivacySettings,
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

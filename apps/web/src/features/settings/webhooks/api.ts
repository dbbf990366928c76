import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  resendWebhookDelivery,
  rotateWebhookSecret,
  sendTestWebhook,
  type TSaveWebhookEndpointRequest,
  type TWebhookDeliveryStatus,
  type TWebhookEventType,
  updateWebhookEndpoint,
} from '@laurel/contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/api/http';
import { unwrap } from '@/api/http-client';
import { pageInfo } from '@/api/query-keys';
import { WEBHOOK_TEXTS } from '@/features/settings/webhooks/webhook-texts';

export type TDeliveryEventType = TWebhookEventType | 'webhook.test';

export type TDeliveriesQuery = {
  endpointId: string;
  page: number;
  size: number;
  status: TWebhookDeliveryStatus | undefined;
  eventType: TDeliveryEventType | undefined;
  search: string;
};

export const webhookKeys = {
  all: ['webhooks'] as const,
  endpoints: ['webhooks', 'endpoints'] as const,
  deliveries: (endpointId: string) => ['webhooks', 'deliveries', endpointId] as const,
  deliveryList: (query: TDeliveriesQuery) => ['webhooks', 'deliveries', query.endpointId, query] as const,
};

/** `GET /api/integrations/webhooks`: every endpoint with its pending and failed counts; never the secrets. */
export const webhookEndpointsQuery = () =>
  queryOptions({
    queryKey: webhookKeys.endpoints,
    queryFn: async ({ signal }) => unwrap(await http.call(listWebhookEndpoints, { signal })).content,
    meta: { errorTitle: WEBHOOK_TEXTS.listFailed },
  });

/** `GET /api/integrations/webhooks/:id/deliveries`: one page, newest first, each with its attempts. */
export const webhookDeliveriesQuery = (query: TDeliveriesQuery) =>
  queryOptions({
    queryKey: webhookKeys.deliveryList(query),
    queryFn: async ({ signal }) => {
      const result = unwrap(
        await http.call(listWebhookDeliveries, {
          params: { id: query.endpointId },
          query: {
            page: query.page,
            size: query.size,
            status: query.status,
            event_type: query.eventType,
            search_string: query.search || undefined,
          },
          signal,
        }),
      );
      return { deliveries: result.content, ...pageInfo(result) };
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
    meta: { errorTitle: WEBHOOK_TEXTS.deliveriesFailed },
  });

const useInvalidateWebhooks = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: webhookKeys.all });
};

/** `POST /api/integrations/webhooks` for a new endpoint (its answer holds the secret, this once), else `PUT …/:id`. */
export const useCreateWebhookEndpoint = () => {
  const invalidate = useInvalidateWebhooks();
  return useMutation({
    mutationFn: async (body: TSaveWebhookEndpointRequest) =>
      unwrap(await http.call(createWebhookEndpoint, { body })),
    onSuccess: invalidate,
    meta: { errorTitle: WEBHOOK_TEXTS.saveFailed },
  });
};

export const useUpdateWebhookEndpoint = () => {
  const invalidate = useInvalidateWebhooks();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: TSaveWebhookEndpointRequest }) =>
      unwrap(await http.call(updateWebhookEndpoint, { params: { id }, body })),
    onSuccess: invalidate,
    meta: { errorTitle: WEBHOOK_TEXTS.saveFailed },
  });
};

/** `DELETE /api/integrations/webhooks/:id`: the endpoint and its waiting deliveries go. */
export const useDeleteWebhookEndpoint = () => {
  const invalidate = useInvalidateWebhooks();
  return useMutation({
    mutationFn: async (id: string) => unwrap(await http.call(deleteWebhookEndpoint, { params: { id } })),
    onSuccess: invalidate,
    meta: { errorTitle: WEBHOOK_TEXTS.deleteFailed },
  });
};

/** `POST …/:id/rotate-secret`: the old secret stops signing at once; the answer holds the new one, this once. */
export const useRotateWebhookSecret = () => {
  const invalidate = useInvalidateWebhooks();
  return useMutation({
    mutationFn: async (id: string) => unwrap(await http.call(rotateWebhookSecret, { params: { id } })),
    onSuccess: invalidate,
    meta: { errorTitle: WEBHOOK_TEXTS.rotateFailed },
  });
};

/** `POST …/:id/test`: a 'webhook.test' delivery sent now; the answer is the delivery with its first attempt. */
export const useSendTestWebhook = () => {
  const invalidate = useInvalidateWebhooks();
  return useMutation({
    mutationFn: async (id: string) => unwrap(await http.call(sendTestWebhook, { params: { id } })),
    onSuccess: invalidate,
    meta: { errorTitle: WEBHOOK_TEXTS.testFailed },
  });
};

/** `POST /api/integrations/webhook-deliveries/:id/resend`: the same body and id, sent again now. */
export const useResendWebhookDelivery = () => {
  const invalidate = useInvalidateWebhooks();
  return useMutation({
    mutationFn: async (id: string) => unwrap(await http.call(resendWebhookDelivery, { params: { id } })),
    onSuccess: invalidate,
    meta: { errorTitle: WEBHOOK_TEXTS.resendFailed },
  });
};

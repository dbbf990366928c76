import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  getWebhookUrlPolicy,
  listWebhookDeliveries,
  listWebhookEndpoints,
  resendWebhookDelivery,
  rotateWebhookSecret,
  STRICT_WEBHOOK_URL_POLICY,
  sendTestWebhook,
  type TSaveWebhookEndpointRequest,
  type TWebhookDeliveryStatus,
  type TWebhookEventType,
  type TWebhookUrlPolicy,
  updateWebhookEndpoint,
} from '@laurel/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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
  // Not under `all`: the server's configuration, which no change to an endpoint invalidates.
  urlPolicy: ['webhook-url-policy'] as const,
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

/**
 * `GET /api/integrations/webhooks/url-policy`: which URLs this server takes by their form, for the endpoint form's
 * check. No error modal: without it the form leaves the decision to the server, whose refusal shows its message.
 */
export const webhookUrlPolicyQuery = () =>
  queryOptions({
    queryKey: webhookKeys.urlPolicy,
    queryFn: async ({ signal }): Promise<TWebhookUrlPolicy> => {
      const { allow_http, allow_loopback } = unwrap(await http.call(getWebhookUrlPolicy, { signal })).content;
      return { allowHttp: allow_http, allowLoopback: allow_loopback };
    },
    // The server's configuration: it changes with a restart, not with anything done in the console.
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Plain http to any host: the form's rule when the server's could not be fetched, so the server decides. */
const SERVER_DECIDES: TWebhookUrlPolicy = { allowHttp: true, allowLoopback: true };

/**
 * The rule the endpoint form checks a URL's form with: the server's once fetched; the strict one until then, so
 * that nothing the server refuses slips through; and if the request failed, only a web URL without credentials, the
 * rest left to the server (its 400 opens the message modal with its words).
 */
export const useWebhookUrlPolicy = (enabled: boolean): TWebhookUrlPolicy => {
  const policy = useQuery({ ...webhookUrlPolicyQuery(), enabled });
  return policy.data ?? (policy.isError ? SERVER_DECIDES : STRICT_WEBHOOK_URL_POLICY);
};

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

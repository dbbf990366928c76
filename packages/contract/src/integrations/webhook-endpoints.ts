import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint';
import { envelopeOf } from '../http/envelope';
import { ZPageQuery } from '../http/fields';
import { ZId } from '../shared/ids';
import {
  ZSaveWebhookEndpointRequest,
  ZWebhookDelivery,
  ZWebhookDeliveryStatus,
  ZWebhookEndpoint,
  ZWebhookEndpointWithSecret,
  ZWebhookEventType,
  ZWebhookUrlPolicy,
} from './webhooks';

// Webhooks (DESIGN §10): Settings → Integrations → Webhooks, admins of a Business-plan client.
const tags = ['webhooks'];
const idParams = z.object({ id: ZId });
const common = { permission: 'ADMIN', token: 'client', planFeature: 'INTEGRATIONS', tags } as const;

export const listWebhookEndpoints = defineEndpoint({
  ...common,
  method: 'GET',
  path: '/integrations/webhooks',
  summary: "The client's webhook endpoints, newest first (never their secrets)",
  response: envelopeOf(z.array(ZWebhookEndpoint)),
});

export const getWebhookUrlPolicy = defineEndpoint({
  ...common,
  method: 'GET',
  path: '/integrations/webhooks/url-policy',
  summary:
    "Which URLs this server takes by their form: plain http to any host (WEBHOOK_ALLOW_HTTP), plain http to a loopback host (outside production); the console's form checks with it",
  response: envelopeOf(ZWebhookUrlPolicy),
});

export const createWebhookEndpoint = defineEndpoint({
  ...common,
  method: 'POST',
  path: '/integrations/webhooks',
  summary:
    'Add a webhook endpoint: an https URL on a public address and the event types it receives; the signing secret is in this answer only',
  body: ZSaveWebhookEndpointRequest,
  response: envelopeOf(ZWebhookEndpointWithSecret),
});

export const updateWebhookEndpoint = defineEndpoint({
  ...common,
  method: 'PUT',
  path: '/integrations/webhooks/:id',
  summary:
    'Change an endpoint’s URL, event types or active switch (switching it on again clears why Laurel switched it off)',
  params: idParams,
  body: ZSaveWebhookEndpointRequest,
  response: envelopeOf(ZWebhookEndpoint),
});

export const deleteWebhookEndpoint = defineEndpoint({
  ...common,
  method: 'DELETE',
  path: '/integrations/webhooks/:id',
  summary: 'Delete an endpoint and its waiting deliveries',
  params: idParams,
  response: envelopeOf(ZWebhookEndpoint),
});

export const rotateWebhookSecret = defineEndpoint({
  ...common,
  method: 'POST',
  path: '/integrations/webhooks/:id/rotate-secret',
  summary: 'Replace the signing secret at once; the new one is in this answer only',
  params: idParams,
  response: envelopeOf(ZWebhookEndpointWithSecret),
});

export const sendTestWebhook = defineEndpoint({
  ...common,
  method: 'POST',
  path: '/integrations/webhooks/:id/test',
  summary:
    "Send a 'webhook.test' delivery to the endpoint now and answer with its first attempt (retried like any other if it fails)",
  params: idParams,
  response: envelopeOf(ZWebhookDelivery),
});

export const ZWebhookDeliveryQuery = ZPageQuery.extend({
  status: ZWebhookDeliveryStatus.optional(),
  event_type: z.union([ZWebhookEventType, z.literal('webhook.test')]).optional(),
});
export type TWebhookDeliveryQuery = z.input<typeof ZWebhookDeliveryQuery>;

export const listWebhookDeliveries = defineEndpoint({
  ...common,
  method: 'GET',
  path: '/integrations/webhooks/:id/deliveries',
  summary:
    "An endpoint's deliveries, newest first, with every attempt: filter by status and event type; search_string finds a webhook id or customer id, or a fragment of the member's name or email",
  params: idParams,
  query: ZWebhookDeliveryQuery,
  response: envelopeOf(z.array(ZWebhookDelivery)),
});

export const resendWebhookDelivery = defineEndpoint({
  ...common,
  method: 'POST',
  path: '/integrations/webhook-deliveries/:id/resend',
  summary:
    'Send a delivery again now, with the same body and id (a delivered one too); answers with the new attempt. An extra try: a failed resend leaves the automatic retries as they were. Refused (409, nothing sent) while its endpoint is switched off',
  params: idParams,
  response: envelopeOf(ZWebhookDelivery),
});

import { z } from 'zod';
import { requiredString } from '../http/fields';
import { isLoopbackHostname } from '../shared/hosts';
import type { TStatusChipColor } from '../shared/status-chip';

/** What the engine and the areas tell a client's systems (DESIGN §10), each with the line the console shows. */
export const WEBHOOK_EVENT_DESCRIPTIONS = {
  'customer.created': 'A member was enrolled (console or API).',
  'customer.updated':
    "A member's details or status changed (console, API, import), or the member was erased.",
  'badge.granted': 'A member was granted a badge.',
  'challenge.completed': 'A member completed a challenge.',
  'reward_track.milestone_reached': 'A member reached a milestone of a reward track.',
  'tier.changed': "A member's tier changed.",
  'level.changed': "A member's level changed.",
  'wallet.credited':
    "A member's wallet was credited (earning, cashback, a manual credit, an opening balance).",
  'wallet.debited': "A member's wallet was debited (a spend, a redemption, a clawback, an expiry).",
  'segment.entered': 'A member entered a segment.',
  'segment.left': 'A member left a segment.',
  'reward.redeemed': 'A member redeemed a reward.',
  'coupon.used': 'A coupon a member redeemed was used.',
  'event.parked': 'An event sent to the API was set aside and needs attention.',
  'points.expiring': "Part of a member's balance expires within 7 days (once per credit).",
} as const;
export type TWebhookEventType = keyof typeof WEBHOOK_EVENT_DESCRIPTIONS;
export const WEBHOOK_EVENT_TYPES = Object.keys(WEBHOOK_EVENT_DESCRIPTIONS) as [
  TWebhookEventType,
  ...TWebhookEventType[],
];
export const ZWebhookEventType = z.enum(WEBHOOK_EVENT_TYPES);
/** The type of the delivery "Send test event" makes; never produced by an effect, never subscribed to. */
export const WEBHOOK_TEST_EVENT_TYPE = 'webhook.test';

export const WEBHOOK_MESSAGES = {
  urlRequired: 'URL is required',
  urlInvalid: 'Enter a valid URL (https://…)',
  urlNotHttps: 'The URL must use https',
  /** The address refusals, by what the server's configuration refuses (production's rule first). */
  urlPrivate: 'The URL must point to a public address, not a private, loopback or link-local one',
  /** Outside production: loopback hosts take deliveries (a developer's own receiver). */
  urlPrivateLoopbackAllowed:
    'The URL must point to a public or loopback address, not a private or link-local one',
  /** WEBHOOK_ALLOW_PRIVATE=1: private and loopback addresses take deliveries too; link-local never does. */
  urlLinkLocal: 'The URL must not point to a link-local or reserved address',
  urlUnresolved: 'The URL’s host could not be resolved',
  urlCredentials: 'The URL must not hold a user name or password',
  eventTypesRequired: 'Choose at least one event type',
  endpointLimit: 'A business can have at most 20 webhook endpoints',
  notFound: 'Webhook endpoint not found',
  deliveryNotFound: 'Delivery not found',
  /** A switched-off endpoint (paused, or disabled after failures) receives nothing, a resend included. */
  endpointSwitchedOff: 'This endpoint is switched off: switch it on to resend its deliveries',
} as const;

export const WEBHOOK_ENDPOINT_LIMIT = 20;

/** Where deliveries may go by the URL's form (DESIGN §10), from the server's configuration. */
export type TWebhookUrlPolicy = { allowHttp: boolean; allowLoopback: boolean };
/** https only, loopback hosts too (production's rule): what the console checks until it has the server's own. */
export const STRICT_WEBHOOK_URL_POLICY: TWebhookUrlPolicy = { allowHttp: false, allowLoopback: false };

/**
 * The server's rule for a URL's form, for the console to check before sending: plain http to any host
 * (`WEBHOOK_ALLOW_HTTP=1`), plain http to a loopback host (outside production). Private addresses only a lookup on
 * the server can tell.
 */
export const ZWebhookUrlPolicy = z.object({ allow_http: z.boolean(), allow_loopback: z.boolean() });

export type TWebhookUrlFormProblem = 'invalid' | 'not_https' | 'credentials';
export const WEBHOOK_URL_FORM_MESSAGES: Record<TWebhookUrlFormProblem, string> = {
  invalid: WEBHOOK_MESSAGES.urlInvalid,
  not_https: WEBHOOK_MESSAGES.urlNotHttps,
  credentials: WEBHOOK_MESSAGES.urlCredentials,
};

/** The URL's form: absolute http(s) with a host, no credentials, https unless a loopback host or allowed http. */
export const webhookUrlFormProblem = (
  raw: string,
  policy: TWebhookUrlPolicy,
): TWebhookUrlFormProblem | null => {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'invalid';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'invalid';
  if (!url.hostname) return 'invalid';
  if (url.username || url.password) return 'credentials';
  if (
    url.protocol === 'http:' &&
    !policy.allowHttp &&
    !(policy.allowLoopback && isLoopbackHostname(url.hostname))
  )
    return 'not_https';
  return null;
};

export const ZWebhookEndpoint = z.object({
  _id: z.string(),
  url: z.string(),
  event_types: z.array(ZWebhookEventType),
  active: z.boolean(),
  /** Why Laurel switched it off (deliveries failed for 3 days), until someone switches it on again. */
  disabled_reason: z.string().nullable(),
  /** The secret's last characters, to recognise it; the secret itself is shown at creation and rotation only. */
  secret_hint: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Deliveries waiting for their first send or a retry. */
  pending: z.number().int(),
  /** Deliveries that gave up after 3 days of retries. */
  failed: z.number().int(),
});
export type TWebhookEndpoint = z.infer<typeof ZWebhookEndpoint>;

/** The answer of creation and rotation: the one time the secret is shown. */
export const ZWebhookEndpointWithSecret = ZWebhookEndpoint.extend({ secret: z.string() });
export type TWebhookEndpointWithSecret = z.infer<typeof ZWebhookEndpointWithSecret>;

export const ZSaveWebhookEndpointRequest = z.object({
  url: requiredString(WEBHOOK_MESSAGES.urlRequired).max(
    2000,
    'The URL must not be more than 2000 characters',
  ),
  event_types: z
    .array(ZWebhookEventType, { error: WEBHOOK_MESSAGES.eventTypesRequired })
    .min(1, WEBHOOK_MESSAGES.eventTypesRequired)
    .transform((types) => [...new Set(types)]),
  active: z.boolean().default(true),
});
export type TSaveWebhookEndpointRequest = z.input<typeof ZSaveWebhookEndpointRequest>;

export const ZWebhookDeliveryStatus = z.enum(['pending', 'retrying', 'delivered', 'failed']);
export type TWebhookDeliveryStatus = z.infer<typeof ZWebhookDeliveryStatus>;
export const WEBHOOK_DELIVERY_STATUSES = ZWebhookDeliveryStatus.options;
export const WEBHOOK_DELIVERY_STATUS_LABELS: Record<TWebhookDeliveryStatus, string> = {
  pending: 'Pending',
  retrying: 'Retrying',
  delivered: 'Delivered',
  failed: 'Failed',
};
export const WEBHOOK_DELIVERY_STATUS_COLORS: Record<TWebhookDeliveryStatus, TStatusChipColor> = {
  pending: 'neutral',
  retrying: 'secondary',
  delivered: 'success',
  failed: 'danger',
};

/** One try of a delivery, as logged. */
export const ZWebhookAttempt = z.object({
  attempted_at: z.string(),
  /** The receiver's HTTP status; null when there was no answer (timeout, refused connection…). */
  status_code: z.number().int().nullable(),
  duration_ms: z.number().int(),
  /** The first 1 KB of the answer's body. */
  response_excerpt: z.string().nullable(),
  /** Why there was no answer, or why the answer did not count. */
  error: z.string().nullable(),
});
export type TWebhookAttempt = z.infer<typeof ZWebhookAttempt>;

/** The body Laurel posts (DESIGN §10); `id` is also the `Laurel-Webhook-Id` header, the receiver's dedup key. */
export const ZWebhookBody = z.object({
  id: z.string(),
  type: z.string(),
  created_at: z.string(),
  client_id: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type TWebhookBody = z.infer<typeof ZWebhookBody>;

export const ZWebhookDelivery = z.object({
  _id: z.string(),
  endpoint_id: z.string(),
  /** The body's id: the same on every attempt and resend. */
  webhook_id: z.string(),
  event_type: z.string(),
  customer_id: z.string().nullable(),
  /** The member the delivery is about, as Laurel holds them now (an erased one by their pseudonym); null: none. */
  customer: z.object({ name: z.string(), email: z.string().nullable() }).nullable(),
  status: ZWebhookDeliveryStatus,
  attempts: z.number().int(),
  created_at: z.string(),
  next_attempt_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  last_status_code: z.number().int().nullable(),
  body: ZWebhookBody,
  /** The attempts, newest first (at most the last 20). */
  attempt_log: z.array(ZWebhookAttempt),
});
export type TWebhookDelivery = z.infer<typeof ZWebhookDelivery>;

/** Headers of every delivery. */
export const WEBHOOK_HEADERS = {
  id: 'Laurel-Webhook-Id',
  eventType: 'Laurel-Event-Type',
  signature: 'Laurel-Signature',
} as const;

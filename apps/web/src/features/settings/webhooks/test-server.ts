import type {
  TPlan,
  TWebhookAttempt,
  TWebhookDelivery,
  TWebhookEndpoint,
  TWebhookEndpointWithSecret,
} from '@laurel/contract';
import { sessionStore } from '@/api/session-store';
import { clientFixture, sessionFixture } from '@/test/fixtures';
import { listReply } from '@/test/sign-in';
import { ok, stubApi } from '@/test/stub-api';

export const SHOP_ID = 'a1'.repeat(12);
export const CRM_ID = 'b2'.repeat(12);
export const SHOP_URL = 'https://shop.example.com/laurel/webhooks';
export const CRM_URL = 'https://crm.example.com/hooks/laurel';
export const SECRET = 'whsec_3f9a1c7e5b2d8f40a6c1e9b7d3f5a2c8';
export const CUSTOMER_ID = 'c3'.repeat(12);
export const DELIVERED_ID = 'd4'.repeat(12);
export const FAILED_ID = 'e5'.repeat(12);

export const ENDPOINTS_KEY = 'GET /api/integrations/webhooks';
export const URL_POLICY_KEY = 'GET /api/integrations/webhooks/url-policy';
/** The server's rule outside production with no WEBHOOK_ALLOW_HTTP: https, or plain http to a loopback host. */
export const DEVELOPMENT_URL_POLICY = { allow_http: false, allow_loopback: true };
export const deliveriesKey = (endpointId = SHOP_ID) =>
  `GET /api/integrations/webhooks/${endpointId}/deliveries`;

const STAMP = '2026-11-20T09:00:00.000Z';

export const endpointFixture = (overrides: Partial<TWebhookEndpoint> = {}): TWebhookEndpoint => ({
  _id: SHOP_ID,
  url: SHOP_URL,
  event_types: ['customer.created', 'tier.changed', 'reward.redeemed', 'badge.granted'],
  active: true,
  disabled_reason: null,
  secret_hint: 'whsec_…a2c8',
  created_at: STAMP,
  updated_at: STAMP,
  pending: 2,
  failed: 0,
  ...overrides,
});

export const withSecret = (endpoint: TWebhookEndpoint, secret = SECRET): TWebhookEndpointWithSecret => ({
  ...endpoint,
  secret,
});

/** An active endpoint with four types and two waiting, and one Laurel switched off after 3 days of failures. */
export const ENDPOINTS = [
  endpointFixture(),
  endpointFixture({
    _id: CRM_ID,
    url: CRM_URL,
    event_types: ['points.expiring'],
    active: false,
    disabled_reason: 'Deliveries failed for 3 days; the last answer was HTTP 503.',
    pending: 0,
    failed: 7,
  }),
];

export const attemptFixture = (overrides: Partial<TWebhookAttempt> = {}): TWebhookAttempt => ({
  attempted_at: '2026-11-20T09:00:01.000Z',
  status_code: 200,
  duration_ms: 84,
  response_excerpt: '{"received":true}',
  error: null,
  ...overrides,
});

export const deliveryFixture = (overrides: Partial<TWebhookDelivery> = {}): TWebhookDelivery => {
  const webhookId = overrides.webhook_id ?? 'wh_01JDELIVERED000000000000';
  const type = overrides.event_type ?? 'tier.changed';
  return {
    _id: DELIVERED_ID,
    endpoint_id: SHOP_ID,
    webhook_id: webhookId,
    event_type: type,
    customer_id: CUSTOMER_ID,
    customer: { name: 'Thandi Mokoena', email: 'thandi@example.com' },
    status: 'delivered',
    attempts: 1,
    created_at: '2026-11-20T09:00:00.000Z',
    next_attempt_at: null,
    delivered_at: '2026-11-20T09:00:01.000Z',
    last_status_code: 200,
    body: {
      id: webhookId,
      type,
      created_at: '2026-11-20T09:00:00.000Z',
      client_id: 'f'.repeat(24),
      data: { customer_id: CUSTOMER_ID, from: 'Silver', to: 'Gold' },
    },
    attempt_log: [attemptFixture()],
    ...overrides,
  };
};

export const DELIVERIES = [
  deliveryFixture(),
  deliveryFixture({
    _id: FAILED_ID,
    webhook_id: 'wh_01JFAILED0000000000000000',
    event_type: 'reward.redeemed',
    status: 'failed',
    attempts: 2,
    delivered_at: null,
    last_status_code: 500,
    attempt_log: [
      attemptFixture({
        attempted_at: '2026-11-20T09:05:00.000Z',
        status_code: 500,
        duration_ms: 1250,
        response_excerpt: 'Internal Server Error',
      }),
      attemptFixture({
        attempted_at: '2026-11-20T09:00:01.000Z',
        status_code: null,
        duration_ms: 10000,
        response_excerpt: null,
        error: 'Timed out after 10 s',
      }),
    ],
  }),
];

type TReplies = Parameters<typeof stubApi>[0];

/** Signs in as an admin of a client on the given plan (Business by default) with the endpoints and deliveries above. */
export const serveWebhooks = (plan: TPlan = 'BUSINESS', replies: TReplies = {}) => {
  sessionStore.set(sessionFixture(), false);
  return stubApi({
    'GET /api/v2/client': () => ok(clientFixture({ clientSubscription: { name: plan, status: 'ACTIVE' } })),
    [ENDPOINTS_KEY]: () => ok(ENDPOINTS),
    [URL_POLICY_KEY]: () => ok(DEVELOPMENT_URL_POLICY),
    [deliveriesKey()]: () => listReply(DELIVERIES),
    ...replies,
  });
};

/** The query string of the last call to a key, as an object. */
export const lastQuery = (api: ReturnType<typeof serveWebhooks>, key: string) =>
  Object.fromEntries(new URL(api.callsTo(key).at(-1)?.url ?? '', 'http://x').searchParams);

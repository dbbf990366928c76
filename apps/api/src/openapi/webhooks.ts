import {
  WEBHOOK_EVENT_DATA,
  WEBHOOK_EVENT_DESCRIPTIONS,
  WEBHOOK_EVENT_EXAMPLES,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_HEADERS,
  WEBHOOK_TEST_EVENT_TYPE,
  ZWebhookBody,
  ZWebhookTestData,
} from '@laurel/contract';
import { z } from 'zod';
import { DELIVERY_TIMEOUT_MS } from '../modules/webhooks/sender';

/** Where an integrator reads the whole story: bodies, verification, retries, ordering. */
export const WEBHOOK_GUIDE =
  'The integrator guide (`docs/integrator-guide.md`, Webhooks) has an example body of each type, how to verify the ' +
  'signature in a few lines, the retry schedule and what at-least-once delivery asks of the receiver.';

/** Appended to the description of the webhook endpoints' operations (tag `webhooks`). */
export const WEBHOOK_OPERATIONS_NOTE = `The event types and their bodies are in this document’s \`webhooks\` section. ${WEBHOOK_GUIDE}`;

type Schema = Record<string, unknown>;

/** The JSON Schema of a body, as a receiver reads it (fields Laurel adds later must not break it: no closed objects). */
const jsonSchemaOf = (schema: z.ZodType): Schema => {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io: 'input' }) as Schema;
  return rest;
};

const HEADER_PARAMETERS = [
  {
    name: WEBHOOK_HEADERS.id,
    in: 'header',
    required: true,
    description:
      'The body’s `id`: the same on every attempt and resend. Deliveries are at least once: drop an id seen before.',
    schema: { type: 'string' },
  },
  {
    name: WEBHOOK_HEADERS.eventType,
    in: 'header',
    required: true,
    description: 'The body’s `type`.',
    schema: { type: 'string' },
  },
  {
    name: WEBHOOK_HEADERS.signature,
    in: 'header',
    required: true,
    description:
      '`t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>` with the endpoint’s secret. Compare in ' +
      'constant time and refuse a `t` more than 5 minutes from now.',
    schema: { type: 'string', pattern: '^t=\\d+(,v1=[0-9a-f]{64})+$' },
  },
];

const operationId = (type: string) =>
  `webhook${type
    .split(/[._]/)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('')}`;

/** The envelope around a type's example data, as delivered. */
const exampleBody = (type: string, data: unknown) => ({
  id: 'wh_6b0b77f75b0496ff59db0517',
  type,
  created_at: '2026-11-29T00:55:19.913Z',
  client_id: '6b0b77f45b0496ff59db04a3',
  data,
});

const webhookOperation = (type: string, summary: string, data: z.ZodType, example: unknown) => {
  const schema = jsonSchemaOf(ZWebhookBody.extend({ type: z.literal(type), data }));
  return {
    post: {
      operationId: operationId(type),
      tags: ['webhooks'],
      summary,
      description:
        `Laurel posts this to every active endpoint subscribed to \`${type}\`, signed with the endpoint’s secret. ` +
        `Any 2xx within ${DELIVERY_TIMEOUT_MS / 1000} s counts as delivered; anything else is retried with ` +
        `back-off for 3 days, then the endpoint is switched off. ${WEBHOOK_GUIDE}`,
      security: [],
      parameters: HEADER_PARAMETERS,
      requestBody: {
        required: true,
        content: { 'application/json': { schema, example: exampleBody(type, example) } },
      },
      responses: {
        '200': { description: 'Received: any 2xx status counts.' },
        default: { description: 'Not received: the delivery is tried again later.' },
      },
    },
  };
};

/** OpenAPI 3.1 `webhooks`: one entry per event type (and the console's test event), from the contract. */
export const webhooksDocument = () => ({
  ...Object.fromEntries(
    WEBHOOK_EVENT_TYPES.map((type) => [
      type,
      webhookOperation(
        type,
        WEBHOOK_EVENT_DESCRIPTIONS[type],
        WEBHOOK_EVENT_DATA[type],
        WEBHOOK_EVENT_EXAMPLES[type],
      ),
    ]),
  ),
  [WEBHOOK_TEST_EVENT_TYPE]: webhookOperation(
    WEBHOOK_TEST_EVENT_TYPE,
    'A test event sent from the console (Send test event); never subscribed to.',
    ZWebhookTestData,
    { message: 'A test event sent from the Laurel console.', endpoint_id: '6b0b77f45b0496ff59db04b9' },
  ),
});

import { API_ERROR_MESSAGES } from '@laurel/contract';
import type { DeclaredRoute } from '../http/route';

/**
 * Every failure answers the same envelope, `{ success: false, message, content }` (DESIGN §3): the message is
 * meant for people; 400 lists the fields at fault in `content.errors`; 429 says when to come back.
 */
export const ERROR_SCHEMAS = {
  FieldError: {
    type: 'object',
    required: ['field', 'message'],
    properties: {
      field: { type: 'string', description: 'The field at fault, as a dotted path (`items.0.sku`).' },
      message: { type: 'string' },
    },
  },
  ErrorEnvelope: {
    type: 'object',
    required: ['success', 'message', 'content'],
    properties: {
      success: { type: 'boolean', const: false },
      message: { type: 'string', description: 'What went wrong, in words to show a person.' },
      content: { description: 'Details where the failure has any, else null.' },
    },
  },
  ValidationErrorEnvelope: {
    type: 'object',
    required: ['success', 'message', 'content'],
    properties: {
      success: { type: 'boolean', const: false },
      message: { type: 'string', description: 'The first field error, or what is wrong with the request.' },
      content: {
        description:
          'The fields at fault (null when the request as a whole is malformed: bad JSON, a broken URL).',
        anyOf: [
          {
            type: 'object',
            required: ['errors'],
            properties: { errors: { type: 'array', items: { $ref: '#/components/schemas/FieldError' } } },
          },
          { type: 'null' },
        ],
      },
    },
  },
  RateLimitEnvelope: {
    type: 'object',
    required: ['success', 'message', 'content'],
    properties: {
      success: { type: 'boolean', const: false },
      message: { type: 'string' },
      content: {
        anyOf: [
          {
            type: 'object',
            properties: { retry_after_seconds: { type: 'integer', minimum: 0 } },
          },
          { type: 'null' },
        ],
      },
    },
  },
} as const;

const failure = (message: string, content: unknown = null) => ({ success: false, message, content });
const envelope = (schema: keyof typeof ERROR_SCHEMAS, description: string, example: unknown) => ({
  description,
  content: {
    'application/json': { schema: { $ref: `#/components/schemas/${schema}` }, example },
  },
});

/** Reusable responses, one per status, referenced by every operation that can answer it. */
export const ERROR_RESPONSES = {
  BadRequest: envelope(
    'ValidationErrorEnvelope',
    'The request is invalid: `content.errors` names each field at fault.',
    failure('Email is required.', { errors: [{ field: 'email', message: 'Email is required.' }] }),
  ),
  Unauthorized: envelope(
    'ErrorEnvelope',
    "No token or key, a token of another kind, or one that has expired or was revoked. An integrator route called without credentials, or with a wrong or revoked key, says 'The API key is missing or invalid.'",
    failure(API_ERROR_MESSAGES.unauthorised),
  ),
  PaymentRequired: envelope(
    'ErrorEnvelope',
    "The business's plan does not include this feature (or its subscription has lapsed).",
    failure(API_ERROR_MESSAGES.planRequired),
  ),
  Forbidden: envelope(
    'ErrorEnvelope',
    "The user lacks the operation's permission, or the record is outside their branches.",
    failure(API_ERROR_MESSAGES.forbidden),
  ),
  NotFound: envelope(
    'ErrorEnvelope',
    "No such record for this business (another business's ids answer 404 too).",
    failure(API_ERROR_MESSAGES.notFound),
  ),
  Conflict: envelope(
    'ErrorEnvelope',
    'The request conflicts with the current state: a taken name, a repeated id with another payload, a finished record.',
    failure('An account with this email address already exists.'),
  ),
  PayloadTooLarge: envelope(
    'ErrorEnvelope',
    'The body is larger than the limit in the description.',
    failure('The request body is too large.'),
  ),
  UnsupportedMediaType: envelope(
    'ErrorEnvelope',
    'The body is not of a content type this operation reads (JSON unless the operation lists others).',
    failure('This content type is not supported.'),
  ),
  ServiceUnavailable: envelope(
    'ErrorEnvelope',
    'An outside service this operation needs (e.g. address search) is not answering; try again shortly.',
    failure('Address search is unavailable right now. Please try again shortly.'),
  ),
  TooManyRequests: {
    ...envelope(
      'RateLimitEnvelope',
      'Too many requests from this token, key or address; try again after `Retry-After` seconds.',
      failure(API_ERROR_MESSAGES.tooManyRequests, { retry_after_seconds: 42 }),
    ),
    headers: {
      'Retry-After': { description: 'Seconds to wait before trying again.', schema: { type: 'integer' } },
    },
  },
} as const;

const BY_STATUS: Record<number, keyof typeof ERROR_RESPONSES> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  402: 'PaymentRequired',
  403: 'Forbidden',
  404: 'NotFound',
  409: 'Conflict',
  413: 'PayloadTooLarge',
  415: 'UnsupportedMediaType',
  429: 'TooManyRequests',
  503: 'ServiceUnavailable',
};

/** The shared response of a status; one without a shared response still answers the failure envelope. */
export const errorResponseRef = (status: number) => {
  const name = BY_STATUS[status];
  if (name) return { $ref: `#/components/responses/${name}` };
  return envelope('ErrorEnvelope', `Error ${status}.`, failure('The request could not be processed.'));
};

/** A field that names a record: the record may be missing or another business's, which answers 404. */
const NAMES_A_RECORD = /(^|_)id$|^_id$|_id_list$|_ids$/;

/**
 * The error statuses an operation can answer, derived from what its route declares: any input can be invalid
 * (400); a token can be missing (401); a feature area or plan feature can be outside the plan (402); a permission
 * a branch or an admin-only change can be refused (403); a named record can be missing (404); a write can conflict (409); a body can be too large
 * or of the wrong type (413, 415); and every API route is rate limited (429).
 */
export const errorStatusesFor = (route: DeclaredRoute, inputNames: string[]) => {
  const endpoint = route.endpoint;
  const hasBody = route.method === 'POST' || route.method === 'PUT' || route.method === 'PATCH';
  const hasInput =
    Boolean(endpoint?.query || endpoint?.body || endpoint?.params || endpoint?.upload) || hasBody;
  const areaPermission = route.permission.includes(':');
  const statuses = new Set<number>([429]);
  if (hasInput) statuses.add(400);
  if (route.token !== 'none') statuses.add(401);
  if (areaPermission || endpoint?.planFeature) statuses.add(402);
  // A signed-in route can also refuse a record outside the user's branches, or a change only an admin may make.
  if (route.token !== 'none') statuses.add(403);
  if (inputNames.some((name) => NAMES_A_RECORD.test(name))) statuses.add(404);
  if (route.method !== 'GET') statuses.add(409);
  if (hasBody) {
    statuses.add(413);
    statuses.add(415);
  }
  for (const status of endpoint?.errors ?? []) statuses.add(status);
  return [...statuses].sort((a, b) => a - b);
};

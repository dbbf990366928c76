import type { TWebhookEvent, TWebhookEventData, TWebhookEventType } from '@laurel/contract';

/**
 * A webhook delivery's body (DESIGN §10), the contract's own type: `{ id, type, created_at, client_id, data }` with
 * `data` typed by `type` (`customer.created`, `reward.redeemed`, …, and `webhook.test` from "Send test event"), so
 * `switch (event.type)` narrows it. `id` is also sent as `Laurel-Webhook-Id`: deliveries are at least once, so drop
 * an id seen before.
 */
export type LaurelWebhookEvent = TWebhookEvent;
/** The event types an endpoint can subscribe to. */
export type LaurelWebhookEventType = TWebhookEventType;
/** The `data` of each event type. */
export type LaurelWebhookEventData = TWebhookEventData;

export type WebhookHeaders =
  | Headers
  | Record<string, string | readonly string[] | undefined>
  | { get(name: string): string | null };

export type VerifyWebhookOptions = {
  /** How far the signature's timestamp may be from now, either way; 300 unless given. */
  toleranceSeconds?: number;
  /** The time to check against (tests, replays): a Date or milliseconds since the epoch. */
  now?: Date | number;
};

export type WebhookFailure = 'missing_header' | 'malformed_header' | 'stale' | 'bad_signature' | 'bad_body';

/** verifyWebhook refused the delivery: answer it 400 and do not act on it. */
export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError';
  readonly reason: WebhookFailure;

  constructor(reason: WebhookFailure, message: string) {
    super(message);
    this.reason = reason;
  }
}

export const SIGNATURE_HEADER = 'Laurel-Signature';
const DEFAULT_TOLERANCE_SECONDS = 300;
const encoder = new TextEncoder();

const headerValue = (headers: WebhookHeaders, name: string): string | undefined => {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(
    headers as Record<string, string | readonly string[] | undefined>,
  )) {
    if (key.toLowerCase() !== wanted || value === undefined) continue;
    return typeof value === 'string' ? value : value.join(',');
  }
  return undefined;
};

const bytesOf = (body: string | Uint8Array | ArrayBuffer) =>
  typeof body === 'string' ? encoder.encode(body) : body instanceof Uint8Array ? body : new Uint8Array(body);

const hex = (buffer: ArrayBuffer) =>
  Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, '0')).join('');

/** Compares two strings in time that depends on their length only, never on where they first differ. */
const constantTimeEqual = (a: string, b: string) => {
  let difference = a.length ^ b.length;
  for (let i = 0; i < a.length; i += 1) difference |= a.charCodeAt(i) ^ b.charCodeAt(i % (b.length || 1));
  return difference === 0;
};

/** `t=<unix seconds>,v1=<hex>[,v1=<hex>…]`: several v1 values while a secret is being rotated. */
const parseSignature = (header: string) => {
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    const key = part.slice(0, at).trim();
    const value = part.slice(at + 1).trim();
    if (key === 't' && /^\d+$/.test(value)) timestamp = Number(value);
    else if (key === 'v1' && value !== '') signatures.push(value.toLowerCase());
  }
  return { timestamp, signatures };
};

const hmacHex = async (secret: string, signed: Uint8Array<ArrayBuffer>) => {
  const key = await globalThis.crypto.subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return hex(await globalThis.crypto.subtle.sign('HMAC', key, signed));
};

/**
 * Checks a delivery's `Laurel-Signature` (HMAC-SHA256 of `<t>.<raw body>` with the endpoint's secret, compared in
 * constant time) and that its timestamp is within `toleranceSeconds` of now, then answers the parsed body. Throws
 * WebhookVerificationError otherwise. Pass the body exactly as received: a re-serialised JSON fails.
 */
export const verifyWebhook = async (
  secret: string,
  headers: WebhookHeaders,
  rawBody: string | Uint8Array | ArrayBuffer,
  { toleranceSeconds = DEFAULT_TOLERANCE_SECONDS, now = Date.now() }: VerifyWebhookOptions = {},
): Promise<LaurelWebhookEvent> => {
  if (!secret) throw new TypeError('verifyWebhook: the endpoint secret is required');
  const header = headerValue(headers, SIGNATURE_HEADER);
  if (header === undefined || header.trim() === '') {
    throw new WebhookVerificationError('missing_header', `No ${SIGNATURE_HEADER} header`);
  }
  const { timestamp, signatures } = parseSignature(header);
  if (timestamp === undefined || signatures.length === 0) {
    throw new WebhookVerificationError(
      'malformed_header',
      `${SIGNATURE_HEADER} must read t=<seconds>,v1=<hex>`,
    );
  }
  const nowSeconds = Math.floor((typeof now === 'number' ? now : now.getTime()) / 1000);
  if (Math.abs(nowSeconds - timestamp) > toleranceSeconds) {
    throw new WebhookVerificationError(
      'stale',
      `The signature's timestamp is more than ${toleranceSeconds} s away from now`,
    );
  }
  const body = bytesOf(rawBody);
  const prefix = encoder.encode(`${timestamp}.`);
  const signed = new Uint8Array(prefix.length + body.length);
  signed.set(prefix);
  signed.set(body, prefix.length);
  const expected = await hmacHex(secret, signed);
  // Every candidate is compared in full, so the time taken does not tell which one (if any) matched.
  let matched = false;
  for (const signature of signatures) matched = constantTimeEqual(expected, signature) || matched;
  if (!matched) throw new WebhookVerificationError('bad_signature', 'The signature does not match the body');

  let event: unknown;
  try {
    event = JSON.parse(new TextDecoder().decode(body));
  } catch {
    throw new WebhookVerificationError('bad_body', 'The body is not JSON');
  }
  const candidate = event as Partial<LaurelWebhookEvent> | null;
  if (
    typeof candidate !== 'object' ||
    candidate === null ||
    typeof candidate.id !== 'string' ||
    typeof candidate.type !== 'string' ||
    typeof candidate.created_at !== 'string' ||
    typeof candidate.client_id !== 'string' ||
    typeof candidate.data !== 'object' ||
    candidate.data === null
  ) {
    throw new WebhookVerificationError('bad_body', 'The body is not a Laurel webhook event');
  }
  return candidate as LaurelWebhookEvent;
};

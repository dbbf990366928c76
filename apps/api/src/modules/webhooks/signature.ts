import { createHmac, randomBytes } from 'node:crypto';

/** A new signing secret: `whsec_` and 32 random bytes, base64url. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

/** What the console shows of a secret: enough to tell two apart. */
export const secretHint = (secret: string) => `whsec_…${secret.slice(-4)}`;

/**
 * `Laurel-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>` (DESIGN §10), Stripe's scheme:
 * the timestamp inside the signed text stops a captured delivery being replayed later.
 */
export const signatureHeader = (secret: string, rawBody: string, at: Date = new Date()) => {
  const t = Math.floor(at.getTime() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest('hex');
  return `t=${t},v1=${v1}`;
};

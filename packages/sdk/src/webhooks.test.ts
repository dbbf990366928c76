import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verifyWebhook, WebhookVerificationError } from './webhooks';

const SECRET = 'whsec_3f9a1c0b7d2e4f6a8b0c1d2e3f4a5b6c';
const NOW = Date.parse('2026-11-28T12:00:00Z');
const T = Math.floor(NOW / 1000);

const event = {
  id: 'wh_6740a1b2c3d4e5f6a7b8c9d0',
  type: 'reward.redeemed',
  created_at: '2026-11-28T12:00:00.000Z',
  client_id: '6740a1b2c3d4e5f6a7b8c9d1',
  data: {
    customer_id: '6740a1b2c3d4e5f6a7b8c9d2',
    reward_id: '6740a1b2c3d4e5f6a7b8c9d3',
    coupon_code: 'K7QW2M9XPA',
  },
};
const body = JSON.stringify(event);

/** DESIGN §10's scheme, written independently of the SDK: hex HMAC-SHA256(secret, "<t>.<raw body>"). */
const sign = (raw: string, timestamp = T, secret = SECRET) =>
  createHmac('sha256', secret).update(`${timestamp}.${raw}`).digest('hex');
const headersFor = (signature: string) => ({
  'Laurel-Signature': signature,
  'Content-Type': 'application/json',
});

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => (error instanceof WebhookVerificationError ? error.reason : error),
  );

describe('verifyWebhook accepts', () => {
  it('a body signed with the secret, and answers the parsed event', async () => {
    const verified = await verifyWebhook(SECRET, headersFor(`t=${T},v1=${sign(body)}`), body, { now: NOW });
    expect(verified).toEqual(event);
  });

  it('any header casing, Fetch Headers, Node header arrays and a byte body', async () => {
    const signature = `t=${T},v1=${sign(body)}`;
    const bytes = new TextEncoder().encode(body);
    await expect(
      verifyWebhook(SECRET, new Headers({ 'laurel-signature': signature }), bytes, { now: NOW }),
    ).resolves.toEqual(event);
    await expect(
      verifyWebhook(SECRET, { 'laurel-signature': [signature] }, bytes.buffer, { now: NOW }),
    ).resolves.toEqual(event);
  });

  it('several v1 values (a rotation) when one of them matches, in any place', async () => {
    const other = sign(body, T, 'whsec_the_previous_secret');
    const header = `t=${T}, v1=${other}, v1=${sign(body)}`;
    await expect(verifyWebhook(SECRET, headersFor(header), body, { now: NOW })).resolves.toEqual(event);
  });

  it('a timestamp within the tolerance either way', async () => {
    const early = T - 299;
    const late = T + 299;
    await expect(
      verifyWebhook(SECRET, headersFor(`t=${early},v1=${sign(body, early)}`), body, { now: NOW }),
    ).resolves.toEqual(event);
    await expect(
      verifyWebhook(SECRET, headersFor(`t=${late},v1=${sign(body, late)}`), body, { now: new Date(NOW) }),
    ).resolves.toEqual(event);
  });
});

describe('verifyWebhook refuses', () => {
  it('a tampered body', async () => {
    const tampered = body.replace('K7QW2M9XPA', 'K7QW2M9XPB');
    expect(
      await failureOf(verifyWebhook(SECRET, headersFor(`t=${T},v1=${sign(body)}`), tampered, { now: NOW })),
    ).toBe('bad_signature');
  });

  it('a re-serialised body (whitespace differs from what was signed)', async () => {
    const pretty = JSON.stringify(event, null, 2);
    expect(
      await failureOf(verifyWebhook(SECRET, headersFor(`t=${T},v1=${sign(body)}`), pretty, { now: NOW })),
    ).toBe('bad_signature');
  });

  it('a signature made with another secret', async () => {
    const header = `t=${T},v1=${sign(body, T, 'whsec_someone_else')}`;
    expect(await failureOf(verifyWebhook(SECRET, headersFor(header), body, { now: NOW }))).toBe(
      'bad_signature',
    );
  });

  it('a changed timestamp with the old signature (no replay under a fresh t)', async () => {
    const header = `t=${T + 60},v1=${sign(body)}`;
    expect(await failureOf(verifyWebhook(SECRET, headersFor(header), body, { now: NOW }))).toBe(
      'bad_signature',
    );
  });

  it('a stale or future timestamp beyond the tolerance, even when correctly signed', async () => {
    const stale = T - 301;
    const future = T + 301;
    expect(
      await failureOf(
        verifyWebhook(SECRET, headersFor(`t=${stale},v1=${sign(body, stale)}`), body, { now: NOW }),
      ),
    ).toBe('stale');
    expect(
      await failureOf(
        verifyWebhook(SECRET, headersFor(`t=${future},v1=${sign(body, future)}`), body, { now: NOW }),
      ),
    ).toBe('stale');
    const wider = verifyWebhook(SECRET, headersFor(`t=${stale},v1=${sign(body, stale)}`), body, {
      now: NOW,
      toleranceSeconds: 600,
    });
    await expect(wider).resolves.toEqual(event);
  });

  it('a missing or malformed header', async () => {
    expect(await failureOf(verifyWebhook(SECRET, {}, body, { now: NOW }))).toBe('missing_header');
    expect(await failureOf(verifyWebhook(SECRET, headersFor(`v1=${sign(body)}`), body, { now: NOW }))).toBe(
      'malformed_header',
    );
    expect(await failureOf(verifyWebhook(SECRET, headersFor(`t=${T}`), body, { now: NOW }))).toBe(
      'malformed_header',
    );
    expect(
      await failureOf(
        verifyWebhook(SECRET, headersFor(`t=${T},v1=${sign(body).slice(0, 40)}`), body, { now: NOW }),
      ),
    ).toBe('bad_signature');
  });

  it('a correctly signed body that is not a webhook event', async () => {
    const raw = JSON.stringify({ hello: 'world' });
    expect(
      await failureOf(verifyWebhook(SECRET, headersFor(`t=${T},v1=${sign(raw)}`), raw, { now: NOW })),
    ).toBe('bad_body');
  });
});

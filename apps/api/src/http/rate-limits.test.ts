import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createApiKey, createClientAndSignIn, type SignedIn } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let owner: SignedIn;
let key: string;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_IP_PER_MINUTE: '3', RATE_LIMIT_TOKEN_PER_MINUTE: '5' } });
  owner = await createClientAndSignIn(t.app, { plan: 'BUSINESS' });
  key = (await createApiKey(t.app, owner)).key;
});
afterAll(() => t.close());

const statusesOf = async (count: number, send: (i: number) => Promise<{ statusCode: number }>) => {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) statuses.push((await send(i)).statusCode);
  return statuses;
};
const madeUpToken = () => `eyJhbGciOiJIUzI1NiJ9.${randomBytes(24).toString('base64url')}.x`;
const unknownPlayer = '/api/v1/players/ffffffffffffffffffffffff';

/** Every 429 reads alike, whichever limit gave it: the envelope with the wait, Retry-After and the X-RateLimit-*. */
const expectLimitAnswer = (
  res: { statusCode: number; headers: Record<string, unknown>; json: () => unknown },
  limit: string,
) => {
  expect(res.statusCode).toBe(429);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(res.json()).toEqual({
    success: false,
    message: 'Too many requests. Please try again later.',
    content: { retry_after_seconds: retryAfter },
  });
  expect(res.headers['x-ratelimit-limit']).toBe(limit);
  expect(res.headers['x-ratelimit-remaining']).toBe('0');
  expect(Number(res.headers['x-ratelimit-reset'])).toBeGreaterThan(0);
};

describe('rate limits', () => {
  it('per IP without a token: 429 envelope with Retry-After once the minute is used up', async () => {
    const statuses = await statusesOf(4, () =>
      t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '10.9.8.7' }),
    );
    expect(statuses).toEqual([200, 200, 200, 429]);
    const limited = await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '10.9.8.7' });
    expect(limited.json()).toMatchObject({
      success: false,
      message: 'Too many requests. Please try again later.',
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is unaffected.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '10.9.8.6' })).statusCode,
    ).toBe(200);
  });

  it('a live API key is counted per key, not per address', async () => {
    const send = () =>
      t.app.inject({
        method: 'GET',
        url: unknownPlayer,
        remoteAddress: '10.9.7.1',
        headers: { 'x-api-key': key },
      });
    // Five per key (the token limit), although the address alone would allow three.
    expect(await statusesOf(6, send)).toEqual([404, 404, 404, 404, 404, 429]);
    expectLimitAnswer(await send(), '5');
    // The key's allowance is its own: the address still has its three.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '10.9.7.1' })).statusCode,
    ).toBe(200);
  });

  it('a signed-in user is counted per user, from whichever address', async () => {
    const send = (i: number) =>
      t.app.inject({
        method: 'GET',
        url: `/api/v2/client?_id=${owner.clientId}`,
        remoteAddress: i % 2 ? '10.9.6.1' : '10.9.6.2',
        headers: bearer(owner.clientToken),
      });
    const first = await send(0);
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-ratelimit-limit']).toBe('5');
    const left = Number(first.headers['x-ratelimit-remaining']);
    expect(await statusesOf(left + 1, (i) => send(i + 1))).toEqual([...Array(left).fill(200), 429]);
  });

  it('made-up tokens count against their address: each one does not get an allowance of its own', async () => {
    const onPublic = await statusesOf(4, () =>
      t.app.inject({
        method: 'GET',
        url: '/api/health',
        remoteAddress: '10.9.5.1',
        headers: bearer(madeUpToken()),
      }),
    );
    expect(onPublic).toEqual([200, 200, 200, 429]);
    const madeUpKeys = await statusesOf(4, () =>
      t.app.inject({
        method: 'GET',
        url: unknownPlayer,
        remoteAddress: '10.9.5.2',
        headers: { 'x-api-key': `lrl_${randomBytes(32).toString('base64url')}` },
      }),
    );
    expect(madeUpKeys).toEqual([401, 401, 401, 429]);
    const refused = await t.app.inject({
      method: 'GET',
      url: `/api/v2/client?_id=${owner.clientId}`,
      remoteAddress: '10.9.5.2',
      headers: bearer(madeUpToken()),
    });
    expectLimitAnswer(refused, '3');
  });

  it('static console files are not counted', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/media/none.png', remoteAddress: '10.9.8.5' });
      expect(res.statusCode).toBe(404);
    }
  });
});

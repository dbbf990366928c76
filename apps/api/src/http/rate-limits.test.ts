import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_IP_PER_MINUTE: '3', RATE_LIMIT_TOKEN_PER_MINUTE: '5' } });
});
afterAll(() => t.close());

describe('rate limits', () => {
  it('per IP without a token: 429 envelope with Retry-After once the minute is used up', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push(
        (await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '10.9.8.7' })).statusCode,
      );
    }
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

  it('an API key sent as X-Api-Key is counted per key, not per address', async () => {
    const send = (key: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/health',
        remoteAddress: '10.9.7.1',
        headers: { 'x-api-key': key },
      });
    // Five per key (the token limit), although the address alone would allow three.
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await send('lrl_key_one')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect((await send('lrl_key_two')).statusCode).toBe(200);
  });

  it('static console files are not counted', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/media/none.png', remoteAddress: '10.9.8.5' });
      expect(res.statusCode).toBe(404);
    }
  });
});

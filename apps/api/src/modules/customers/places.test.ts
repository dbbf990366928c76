import { API_ERROR_MESSAGES, PLACES_INPUT_MAX, PLACES_MESSAGES } from '@laurel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createClientAndSignIn } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

// The address search is public for the onboarding wizard: a configured Google key must not be spendable at will.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_PLACES_PER_MINUTE: '3', RATE_LIMIT_IP_PER_MINUTE: '100' } });
});
afterAll(() => t.close());

const search = (input: string, remoteAddress: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v2/google/autocomplete?input=${encodeURIComponent(input)}`,
    remoteAddress,
    headers,
  });

describe('public address search', () => {
  it(`takes at most ${PLACES_INPUT_MAX} characters (400 naming the field beyond)`, async () => {
    expect((await search('S'.repeat(PLACES_INPUT_MAX), '10.1.0.1')).statusCode).toBe(200);
    const res = await search('S'.repeat(PLACES_INPUT_MAX + 1), '10.1.0.1');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      message: PLACES_MESSAGES.inputTooLong,
      content: { errors: [{ field: 'input', message: PLACES_MESSAGES.inputTooLong }] },
    });
  });

  it('is limited per IP address, tighter than the general limit, whatever token is sent', async () => {
    for (let i = 0; i < 3; i += 1) expect((await search('Stellenbo', '10.2.0.1')).statusCode).toBe(200);
    const limited = await search('Stellenbo', '10.2.0.1');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toMatchObject({ success: false, message: API_ERROR_MESSAGES.tooManyRequests });
    // A token does not buy a fresh allowance for the address.
    const admin = await createClientAndSignIn(t.app);
    expect((await search('Stellenbo', '10.2.0.1', bearer(admin.clientToken))).statusCode).toBe(429);
    // Another address keeps its own allowance.
    expect((await search('Stellenbo', '10.2.0.2')).statusCode).toBe(200);
    // The rest of the API still answers that address under the general limit.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '10.2.0.1' })).statusCode,
    ).toBe(200);
  });

  it('guards the place details the same way', async () => {
    const details = () =>
      t.app.inject({
        method: 'GET',
        url: '/api/v2/google/placeiddetails?place_id=gz:1',
        remoteAddress: '10.3.0.1',
      });
    for (let i = 0; i < 3; i += 1) expect((await details()).statusCode).toBe(404);
    expect((await details()).statusCode).toBe(429);
    const long = await t.app.inject({
      method: 'GET',
      url: `/api/v2/google/placeiddetails?place_id=${'p'.repeat(301)}`,
      remoteAddress: '10.3.0.2',
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().content.errors[0].field).toBe('place_id');
  });
});

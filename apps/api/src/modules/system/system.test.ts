import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createApiKey, createClientAndSignIn, type SignedIn } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let admin: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createClientAndSignIn(t.app, { plan: 'BUSINESS' });
});
afterAll(() => t.close());

describe('GET /api/health', () => {
  it('tells the public only whether the server is up, nothing of its internals', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'OK', content: { status: 'ok' } });
    expect(res.body).not.toContain(t.ctx.database.kind);
  });
});

describe('GET /api/health/details', () => {
  it("is gone: the platform's internals are the operator's (GET /metrics), for no token of a business", async () => {
    const key = (await createApiKey(t.app, admin)).key;
    for (const headers of [
      {},
      bearer(admin.clientToken),
      bearer(admin.token),
      bearer(key),
      { 'x-api-key': key },
    ]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/health/details', headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(404);
      expect(res.json()).toEqual({
        success: false,
        message: 'Route GET /api/health/details not found.',
        content: null,
      });
    }
  });
});

describe('GET /api/docs', () => {
  it('serves the OpenAPI document generated from the route schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/api/health'].get.summary).toMatch(/^Liveness/);
    expect(doc.paths['/api/health'].get.security).toEqual([]);
    expect(
      doc.paths['/api/health'].get.responses['200'].content['application/json'].schema.properties,
    ).toHaveProperty('content');
  });

  it('serves the interactive docs page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(res.statusCode);
  });
});

describe('GET /api/dev/outbox', () => {
  it('does not exist unless the server runs with MAIL_OUTBOX_API=1', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(res.statusCode).toBe(404);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createBranch,
  createClientAndSignIn,
  createStaffAndSignIn,
  type SignedIn,
} from '../../../test/factories';
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
  it('reports the database kind, migrations, version and uptime to an admin', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health/details',
      headers: bearer(admin.clientToken),
    });
    expect(res.statusCode).toBe(200);
    const { content } = res.json();
    expect(content.status).toBe('ok');
    expect(content.database.kind).toBe(t.ctx.database.kind);
    expect(content.database.migrations.applied).toBeGreaterThan(0);
    expect(content.database.migrations.applied).toBe(content.database.migrations.available);
    expect(content.database.migrations.latest).toMatch(/^\d{4}_/);
    expect(content.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(content.uptime_seconds).toBeGreaterThanOrEqual(0);
  });

  it('is refused without a token (401) and to a user who is not an admin (403)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health/details' })).statusCode).toBe(401);
    const branch = await createBranch(t.app, admin);
    const manager = await createStaffAndSignIn(t.app, admin, {
      manager_of: [branch._id],
      user_permissions: {},
    });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health/details',
      headers: bearer(manager.clientToken),
    });
    expect(res.statusCode).toBe(403);
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

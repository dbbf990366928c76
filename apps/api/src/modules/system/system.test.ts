import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/health', () => {
  it('reports the database kind and that every migration is applied', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.content.status).toBe('ok');
    expect(body.content.database.kind).toBe(t.ctx.database.kind);
    expect(body.content.database.migrations.applied).toBeGreaterThan(0);
    expect(body.content.database.migrations.applied).toBe(body.content.database.migrations.available);
    expect(body.content.database.migrations.latest).toMatch(/^\d{4}_/);
  });
});

describe('GET /api/docs', () => {
  it('serves the OpenAPI document generated from the route schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/health'].get.summary).toBe('Liveness and database state');
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

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventAt, playerOf } from '../../test/engine-helpers';
import {
  addCustomer,
  bearer,
  createApiKey,
  createClientAndSignIn,
  postEvents,
  type SignedIn,
} from '../../test/factories';
import { sample } from '../../test/prometheus';
import { freePort } from '../../test/server-process';
import { createTestApp, type TestApp } from '../../test/test-app';
import { listenForMetrics } from './metrics-listener';

const TOKEN = 'operator-metrics-token-0123456789';
const PROMETHEUS_TEXT = 'text/plain; version=0.0.4; charset=utf-8';

let t: TestApp;
let admin: SignedIn;
let key: string;
let customer: string;
beforeAll(async () => {
  // The engine is not started: events stay waiting until the test drains them.
  t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
  admin = await createClientAndSignIn(t.app, { plan: 'BUSINESS' });
  key = (await createApiKey(t.app, admin)).key;
  customer = await addCustomer(t.app, admin);
});
afterAll(() => t.close());

const scrape = (headers: Record<string, string> = bearer(TOKEN)) =>
  t.app.inject({ method: 'GET', url: '/metrics', headers });

describe('GET /metrics with METRICS_TOKEN', () => {
  it("answers Prometheus text to the operator's token: queue depth, requests, process figures", async () => {
    const sent = await postEvents(t.app, key, {
      events: [
        eventAt(customer, 3, { type: 'qr.scanned', data: { code: 'TABLE-4' } }),
        eventAt(customer, 2, { type: 'qr.scanned', data: { code: 'TABLE-5' } }),
        eventAt(customer, 1, { type: 'statistic.update', data: { name: 'notYetCreated', value: 1 } }),
      ],
    });
    expect(sent.statusCode).toBe(200);
    await playerOf(t.app, key, customer);

    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(PROMETHEUS_TEXT);
    const text = res.body;
    expect(sample(text, 'laurel_engine_events_waiting')).toBe(3);
    expect(sample(text, 'laurel_engine_oldest_waiting_event_age_seconds')).toBeGreaterThanOrEqual(0);
    expect(
      sample(text, 'laurel_http_requests_total', { route: '/api/v1/events', method: 'POST', status: '200' }),
    ).toBe(1);
    // The route's pattern, never the path as sent: no id of a customer or a business in any label.
    const playerRoute = { route: '/api/v1/players/:customer_id', method: 'GET', status: '200' };
    expect(sample(text, 'laurel_http_requests_total', playerRoute)).toBe(1);
    expect(sample(text, 'laurel_http_request_duration_seconds_count', playerRoute)).toBe(1);
    expect(text).not.toContain(customer);
    expect(text).not.toContain(admin.clientId);
    expect(sample(text, 'laurel_database_up')).toBe(1);
    expect(sample(text, 'laurel_build_info', { database: t.ctx.database.kind })).toBe(1);
    expect(sample(text, 'laurel_migrations_applied')).toBe(sample(text, 'laurel_migrations_available'));
    expect(sample(text, 'laurel_db_pool_connections')).toBeGreaterThanOrEqual(1);
    if (t.ctx.database.kind === 'postgres') {
      expect(sample(text, 'laurel_db_pool_idle_connections')).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'laurel_db_pool_waiting_queries')).toBeGreaterThanOrEqual(0);
    }
    // Node's default process metrics, under their usual names.
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
  });

  it('counts what the engine processed and parked', async () => {
    await t.ctx.engine.drain();
    const text = (await scrape()).body;
    expect(sample(text, 'laurel_engine_events_processed_total')).toBe(2);
    expect(sample(text, 'laurel_engine_events_parked_total')).toBe(1);
  });

  it('counts uploads and exports', async () => {
    const boundary = 'metrics-boundary';
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>';
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/upload/upload',
      headers: { ...bearer(admin.mediaToken), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload:
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="dot.svg"\r\n` +
        `Content-Type: image/svg+xml\r\n\r\n${svg}\r\n--${boundary}--\r\n`,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const requested = await t.app.inject({
      method: 'POST',
      url: '/api/v2/export/client/loyalty/users',
      headers: bearer(admin.clientToken),
      payload: {},
    });
    expect(requested.statusCode).toBe(200);
    const file = await t.app.inject({
      method: 'GET',
      url: requested.json().content.url,
      headers: bearer(admin.clientToken),
    });
    expect(file.statusCode).toBe(200);

    const text = (await scrape()).body;
    expect(sample(text, 'laurel_uploads_total', { route: '/api/upload/upload' })).toBe(1);
    expect(sample(text, 'laurel_exports_total', { route: '/api/v2/export/client/loyalty/users/files' })).toBe(
      1,
    );
  });

  it("refuses anyone without the operator's token: none, a wrong one, a console token, an API key", async () => {
    const refusals: Record<string, string>[] = [
      {},
      bearer('operator-metrics-token-0123456780'),
      bearer(admin.clientToken),
      bearer(admin.token),
      bearer(key),
      { 'x-api-key': key },
    ];
    for (const headers of refusals) {
      const res = await scrape(headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(401);
      expect(res.json()).toMatchObject({ success: false, content: null });
      expect(res.body).not.toContain('laurel_');
    }
  });

  it('is the only route outside /api, declared for the operator, and not in the OpenAPI document', async () => {
    const outside = t.app.declaredRoutes.filter((route) => !route.url.startsWith('/api/'));
    expect(outside.map(({ method, url, permission }) => ({ method, url, permission }))).toEqual([
      { method: 'GET', url: '/metrics', permission: 'OPERATOR' },
    ]);
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths)).not.toContain('/metrics');
  });
});

describe('without METRICS_TOKEN', () => {
  let webDir: string;
  beforeAll(async () => {
    webDir = await mkdtemp(path.join(os.tmpdir(), 'laurel-web-'));
    await writeFile(path.join(webDir, 'index.html'), '<!doctype html><title>Laurel</title>');
  });
  afterAll(() => rm(webDir, { recursive: true, force: true }));

  /** /metrics on the API: a 404 envelope, not the console that other paths outside /api load. */
  const expectNoMetricsRoute = async (app: TestApp['app']) => {
    const res = await app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: 'Route GET /metrics not found.', content: null });
    expect((await app.inject({ method: 'GET', url: '/console/dashboard' })).body).toContain(
      '<title>Laurel</title>',
    );
  };

  it('GET /metrics is not served (404, not the console) when metrics are not configured', async () => {
    const plain = await createTestApp({ webDistDir: webDir });
    try {
      await expectNoMetricsRoute(plain.app);
    } finally {
      await plain.close();
    }
  });

  it('METRICS_PORT: a listener of its own serves /metrics and nothing else; the API does not', async () => {
    const port = await freePort();
    const own = await createTestApp({ webDistDir: webDir, env: { METRICS_PORT: String(port) } });
    const listener = await listenForMetrics(own.ctx.metrics, {
      port,
      host: own.ctx.config.metrics.host,
      log: own.ctx.log,
    });
    try {
      await expectNoMetricsRoute(own.app);
      await own.app.inject({ method: 'GET', url: '/api/health' });
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(PROMETHEUS_TEXT);
      const text = await res.text();
      expect(sample(text, 'laurel_engine_events_waiting')).toBe(0);
      expect(sample(text, 'laurel_http_requests_total', { route: '/api/health', status: '200' })).toBe(1);
      expect(sample(text, 'laurel_http_requests_total', { route: 'unmatched', status: '404' })).toBe(1);
      expect(sample(text, 'laurel_http_requests_total', { route: 'console', status: '200' })).toBe(1);
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(404);
    } finally {
      await listener.close();
      await own.close();
    }
  });
});

describe('METRICS_PORT with METRICS_TOKEN', () => {
  it("the listener asks for the operator's token too", async () => {
    const port = await freePort();
    const listener = await listenForMetrics(t.ctx.metrics, {
      port,
      host: '127.0.0.1',
      token: TOKEN,
      log: t.ctx.log,
    });
    try {
      expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(401);
      const refused = await fetch(`http://127.0.0.1:${port}/metrics`, { headers: bearer(admin.clientToken) });
      expect(refused.status).toBe(401);
      const allowed = await fetch(`http://127.0.0.1:${port}/metrics`, { headers: bearer(TOKEN) });
      expect(allowed.status).toBe(200);
      expect(sample(await allowed.text(), 'laurel_engine_events_processed_total')).toBe(2);
    } finally {
      await listener.close();
    }
  });
});

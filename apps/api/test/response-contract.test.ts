import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenApiDocument } from '../src/openapi/document';
import { checkResponse } from './response-contract';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
let doc: OpenApiDocument;
beforeAll(async () => {
  t = await createTestApp();
  doc = t.app.swagger() as unknown as OpenApiDocument;
});
afterAll(() => t.close());

const json = 'application/json; charset=utf-8';
const health = (status: number, body: unknown, contentType = json) =>
  checkResponse(doc, {
    method: 'GET',
    url: '/api/health',
    status,
    contentType,
    payload: JSON.stringify(body),
  });

describe('the contract check every API test runs', () => {
  it('accepts an answer the document describes', () => {
    expect(health(200, { success: true, message: 'OK', content: { status: 'ok' } })).toBeNull();
    expect(
      health(429, { success: false, message: 'Slow down.', content: { retry_after_seconds: 3 } }),
    ).toBeNull();
  });

  it('flags a body that drifts from the documented schema', () => {
    expect(health(200, { success: true, message: 'OK', content: { status: 'fine' } })).toMatch(
      /GET \/api\/health 200: the body does not match the document: \/content\/status/,
    );
    expect(health(429, { success: true, message: 'Slow down.' })).toMatch(/does not match/);
  });

  it('flags a status or content type the operation does not list', () => {
    expect(health(404, { success: false, message: 'x', content: null })).toMatch(
      /answered 404, which the document does not list/,
    );
    expect(health(200, 'ok', 'text/plain')).toMatch(/as 'text\/plain', which the document does not list/);
  });

  it('flags a route the document does not know', () => {
    expect(
      checkResponse(doc, {
        method: 'GET',
        url: '/api/nowhere',
        status: 200,
        contentType: json,
        payload: '{}',
      }),
    ).toMatch(/not in the OpenAPI document/);
  });
});

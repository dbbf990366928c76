import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import nodePath from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { DeclaredRoute } from '../http/route';
import { documentPath, isDocumented, type OpenApiDocument } from './document';
import { errorStatusesFor } from './error-responses';
import { securityFor } from './security';

let t: TestApp;
let doc: OpenApiDocument;
let routes: DeclaredRoute[];
beforeAll(async () => {
  t = await createTestApp();
  doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  routes = t.app.declaredRoutes.filter(isDocumented);
});
afterAll(() => t.close());

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const operations = () =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, operation]) => ({ key: `${method.toUpperCase()} ${path}`, path, method, operation })),
  );
const operationOf = (route: DeclaredRoute) => {
  const operation = doc.paths[documentPath(route.url)]?.[route.method.toLowerCase()];
  if (!operation) throw new Error(`${route.method} ${route.url} is not documented`);
  return operation;
};
const STATUS_REFS: Record<string, string> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  402: 'PaymentRequired',
  403: 'Forbidden',
  404: 'NotFound',
  409: 'Conflict',
  413: 'PayloadTooLarge',
  415: 'UnsupportedMediaType',
  429: 'TooManyRequests',
  503: 'ServiceUnavailable',
};

type ExampleHolder = {
  schema?: { examples?: unknown[] };
  example?: unknown;
  examples?: Record<string, { value: unknown }>;
};
/** A media object's examples in any of the three places OpenAPI allows them. */
const examplesOf = (media: ExampleHolder) => [
  ...(media.example !== undefined ? [media.example] : []),
  ...Object.values(media.examples ?? {}).map((named) => named.value),
  ...(media.schema?.examples ?? []),
];

describe('the OpenAPI document at /api/docs/json', () => {
  it('holds exactly the registered API routes', () => {
    const registered = routes.map((route) => `${route.method} ${documentPath(route.url)}`).sort();
    const documented = operations()
      .map(({ key }) => key)
      .sort();
    expect(registered.length).toBeGreaterThan(50);
    expect(documented).toEqual(registered);
  });

  it('gives every operation a unique operationId, a tag the document defines and the security of its token', () => {
    const tags = new Set((doc.tags ?? []).map((tag) => tag.name));
    // Redocly's tag-description: a generated client's groups read these.
    for (const tag of doc.tags ?? []) expect(tag.description, `tag ${tag.name}`).toBeTruthy();
    const ids = new Set<string>();
    for (const route of routes) {
      const operation = operationOf(route);
      const label = `${route.method} ${route.url}`;
      expect(operation.operationId, label).toMatch(/^[a-z][A-Za-z0-9]*$/);
      expect(ids.has(operation.operationId as string), `${label} operationId`).toBe(false);
      ids.add(operation.operationId as string);
      for (const tag of operation.tags ?? []) expect(tags.has(tag), `${label} tag ${tag}`).toBe(true);
      expect(operation.security, label).toEqual(securityFor(route.token));
      for (const requirement of operation.security ?? []) {
        for (const scheme of Object.keys(requirement)) {
          expect(doc.components.securitySchemes, label).toHaveProperty(scheme);
        }
      }
    }
  });

  it('says in each description which permission and token an operation needs', () => {
    for (const route of routes) {
      const { description } = operationOf(route);
      const label = `${route.method} ${route.url}`;
      if (route.permission === 'PUBLIC') expect(description, label).toContain('**Public**');
      else expect(description, label).toContain(`**Permission**: \`${route.permission}\``);
    }
  });

  it('documents public, console, API-key and integration operations with their schemes', () => {
    const security = (method: string, path: string) => doc.paths[path]?.[method]?.security;
    expect(security('get', '/api/health')).toEqual([]);
    expect(security('post', '/api/v1/events')).toEqual([
      { apiKeyHeader: [] },
      { apiKeyBearer: [] },
      { clientToken: [] },
    ]);
    expect(doc.components.securitySchemes).toMatchObject({
      apiKeyHeader: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
      clientToken: { type: 'http', scheme: 'bearer' },
    });
  });

  it('lists every error status an operation can answer, each with the failure envelope', () => {
    for (const route of routes) {
      const operation = operationOf(route);
      const label = `${route.method} ${route.url}`;
      const names = (operation.parameters ?? []).map((parameter) => parameter.name);
      for (const status of errorStatusesFor(route, names)) {
        expect(operation.responses[String(status)], `${label} ${status}`).toEqual({
          $ref: `#/components/responses/${STATUS_REFS[status]}`,
        });
      }
      expect(operation.responses['429'], label).toBeDefined();
      if (route.token !== 'none') expect(operation.responses['401'], label).toBeDefined();
    }
    const responses = doc.components.responses as Record<string, { content: Record<string, unknown> }>;
    for (const name of Object.values(STATUS_REFS)) {
      expect(responses[name]?.content['application/json'], name).toBeDefined();
    }
    const badRequest = doc.components.schemas?.ValidationErrorEnvelope as {
      properties: { content: { anyOf: { properties?: { errors?: unknown } }[] } };
    };
    expect(badRequest.properties.content.anyOf[0]?.properties?.errors).toBeDefined();
  });

  it('documents the answers a route declares: 402 for plan-gated areas, 403 for permissions, 404 for ids', () => {
    const responses = (method: string, path: string) =>
      Object.keys(doc.paths[path]?.[method]?.responses ?? {});
    expect(responses('get', '/api/health')).toEqual(['200', '429']);
    // Statuses a handler answers beyond the derived ones come from the endpoint's `errors`.
    expect(responses('post', '/api/v2/client-user/signin')).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '429']),
    );
    expect(responses('get', '/api/v2/google/autocomplete')).toEqual(['200', '400', '429', '503']);
    expect(responses('post', '/api/v1/orders')).toEqual(
      expect.arrayContaining(['200', '201', '400', '401', '402', '403', '409', '413', '415', '429']),
    );
    expect(responses('patch', '/api/v1/orders/{id}')).toContain('404');
  });

  it('documents multipart uploads and CSV downloads', () => {
    const upload = doc.paths['/api/upload/upload']?.post?.requestBody?.content['multipart/form-data'];
    expect(upload?.schema).toMatchObject({
      type: 'object',
      required: ['file'],
      properties: { file: { type: 'string', format: 'binary' } },
    });
    const imports = doc.paths['/api/products/import']?.post?.requestBody?.content;
    expect(Object.keys(imports ?? {})).toEqual(['multipart/form-data', 'text/csv']);
    const download = doc.paths['/api/v2/export/client/loyalty/users/files']?.get?.responses['200'];
    expect(Object.keys(download?.content ?? {})).toEqual(['text/csv']);
  });

  it('shows a valid example of the request body and the answer of every /api/v1 operation', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true, logger: false });
    addFormats.default(ajv);
    ajv.addSchema(doc as object, 'openapi');
    const v1 = operations().filter(({ path }) => path.startsWith('/api/v1/'));
    expect(v1.length).toBeGreaterThanOrEqual(7);
    const pointer = (...parts: string[]) =>
      parts.map((part) => part.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');
    for (const { key, path, method, operation } of v1) {
      const media = [
        ...(operation.requestBody ? [['requestBody', operation.requestBody.content]] : []),
        ...Object.entries(operation.responses)
          .filter(([status]) => status.startsWith('2'))
          .map(([status, response]) => [`responses/${status}`, response.content ?? {}]),
      ] as [string, Record<string, ExampleHolder>][];
      for (const [where, content] of media) {
        const json = content['application/json'];
        if (!json) continue;
        const examples = examplesOf(json);
        expect(examples.length, `${key} ${where} example`).toBeGreaterThan(0);
        const schemaRef = `openapi#/${pointer('paths', path, method)}/${where}/content/${pointer('application/json')}/schema`;
        const validate = ajv.getSchema(schemaRef);
        for (const example of examples) {
          expect(validate?.(example), `${key} ${where}: ${JSON.stringify(validate?.errors)}`).toBe(true);
        }
      }
    }
  });
});

describe('the document of a server that serves the built console', () => {
  it('describes the API only: none of the console files is an operation', async () => {
    const dist = await mkdtemp(nodePath.join(os.tmpdir(), 'laurel-dist-'));
    await mkdir(nodePath.join(dist, 'assets'));
    await writeFile(nodePath.join(dist, 'index.html'), '<script type="module" src="/assets/x.js"></script>');
    await writeFile(nodePath.join(dist, 'assets/x.js'), 'console.log(1)');
    await writeFile(nodePath.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const withConsole = await createTestApp({ webDistDir: dist });
    try {
      // The console is served, so its files are routes of this server...
      const asset = await withConsole.app.inject({ method: 'GET', url: '/assets/x.js' });
      expect(asset.statusCode).toBe(200);
      const served: OpenApiDocument = (
        await withConsole.app.inject({ method: 'GET', url: '/api/docs/json' })
      ).json();
      // ...but not operations of its API.
      const paths = Object.keys(served.paths);
      expect(paths.filter((path) => !path.startsWith('/api/'))).toEqual([]);
      expect(paths.sort()).toEqual(Object.keys(doc.paths).sort());
    } finally {
      await withConsole.close();
      await rm(dist, { recursive: true, force: true });
    }
  });
});

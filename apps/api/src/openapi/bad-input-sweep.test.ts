import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemaChecker, wrongBodies, wrongQueryValue } from '../../test/bad-inputs';
import { bearer, type SignedIn } from '../../test/factories';
import { createClientApp, NO_RATE_LIMITS, type TestApp } from '../../test/test-app';
import type { OpenApiDocument } from './document';
import { sampleOf } from './examples';

/**
 * The bad-input sweep: generated from the document the server serves, it sends every operation with a JSON body
 * bodies of the wrong shape, and every operation with typed query parameters values of the wrong type, as a signed-in
 * admin of a BUSINESS plan business (or with its API key where the operation takes one). Nothing may answer 5xx, and
 * what the document's schema refuses the server must refuse with 400 and the envelope.
 */

type Schema = Record<string, unknown>;
type Operation = {
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; required?: boolean; schema?: Schema }[];
  requestBody?: { content: Record<string, { schema?: Schema }> };
};

let t: TestApp;
let admin: SignedIn;
let key: string;
let doc: OpenApiDocument;
beforeAll(async () => {
  ({ t, admin, key } = await createClientApp('BUSINESS', { env: NO_RATE_LIMITS }));
  doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
});
afterAll(() => t.close());

const ID = 'f'.repeat(24);

/** The credentials the operation's first security scheme names. */
const headersFor = (operation: Operation): Record<string, string> => {
  const scheme = Object.keys(operation.security?.[0] ?? {})[0];
  switch (scheme) {
    case undefined:
      return {};
    case 'userToken':
      return bearer(admin.token);
    case 'mediaToken':
      return bearer(admin.mediaToken);
    case 'paymentToken':
      return bearer(admin.paymentToken);
    case 'apiKeyHeader':
      return { 'x-api-key': key };
    case 'apiKeyBearer':
      return bearer(key);
    default:
      return bearer(admin.clientToken);
  }
};

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const operations = () =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, operation]) => ({
        label: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase() as InjectOptions['method'],
        // Path parameters get an id no record has: the body is checked before any record is looked up.
        url: path.replace(/\{\w+\}/g, ID),
        operation: operation as Operation,
      })),
  );

/** The operation's required query parameters with valid values, so that only the input under test is wrong. */
const requiredQuery = (operation: Operation, resolve: (ref: string) => Schema | undefined) => {
  const query = new URLSearchParams();
  for (const parameter of operation.parameters ?? []) {
    if (parameter.in === 'query' && parameter.required)
      query.set(parameter.name, String(sampleOf(parameter.schema, resolve, parameter.name)));
  }
  return query;
};

type Finding = { request: string; status: number; body: string };

/** Sends one wrong input; a 5xx, or anything but a 400 envelope for what the schema refuses, is a finding. */
const check = async (request: InjectOptions, label: string, refused: boolean, findings: Finding[]) => {
  const res = await t.app.inject(request);
  const isEnvelope = (() => {
    try {
      const body = res.json();
      return body.success === false && typeof body.message === 'string' && body.message.length > 0;
    } catch {
      return false;
    }
  })();
  if (res.statusCode >= 500 || (refused && (res.statusCode !== 400 || !isEnvelope))) {
    findings.push({ request: label, status: res.statusCode, body: res.body.slice(0, 300) });
  }
};

describe('the bad-input sweep over the served OpenAPI document', () => {
  it('refuses every wrong-shaped JSON body the document refuses with 400, and never answers 5xx', async () => {
    const { accepts, resolve } = schemaChecker(doc);
    const findings: Finding[] = [];
    let sent = 0;
    for (const { label, method, url, operation } of operations()) {
      const schema = operation.requestBody?.content['application/json']?.schema;
      if (!schema) continue;
      const query = requiredQuery(operation, resolve).toString();
      for (const { what, value } of wrongBodies(schema, resolve)) {
        const refused = !accepts(schema, value);
        // A body the schema takes may well be carried out: only wrong ones are sent.
        if (!refused) continue;
        sent += 1;
        await check(
          {
            method,
            url: query ? `${url}?${query}` : url,
            headers: { ...headersFor(operation), 'content-type': 'application/json' },
            payload: JSON.stringify(value),
          },
          `${label} with ${what}`,
          refused,
          findings,
        );
      }
    }
    expect(sent).toBeGreaterThan(300);
    expect(findings).toEqual([]);
  }, 120_000);

  it('refuses every query parameter of the wrong type with 400, and never answers 5xx', async () => {
    const { accepts, resolve } = schemaChecker(doc);
    const findings: Finding[] = [];
    let sent = 0;
    for (const { label, method, url, operation } of operations()) {
      for (const parameter of operation.parameters ?? []) {
        if (parameter.in !== 'query' || !parameter.schema) continue;
        const wrong = wrongQueryValue(parameter.schema, resolve);
        if (wrong === undefined || accepts(parameter.schema, wrong)) continue;
        const query = requiredQuery(operation, resolve);
        query.set(parameter.name, wrong);
        sent += 1;
        // A valid body beside it, so that the query is what is wrong.
        const bodySchema = operation.requestBody?.content['application/json']?.schema;
        const body = bodySchema ? { payload: JSON.stringify(sampleOf(bodySchema, resolve)) } : {};
        await check(
          {
            method,
            url: `${url}?${query}`,
            headers: {
              ...headersFor(operation),
              ...(bodySchema ? { 'content-type': 'application/json' } : {}),
            },
            ...body,
          },
          `${label} with ${parameter.name}=${wrong}`,
          true,
          findings,
        );
      }
    }
    expect(sent).toBeGreaterThan(50);
    expect(findings).toEqual([]);
  }, 120_000);
});

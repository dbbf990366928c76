import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { defineEndpoint, envelopeOf } from '@laurel/contract';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createClientAndSignIn } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { ok } from './envelope';
import { installErrorHandling } from './error-handler';
import { conflict } from './errors';
import { installJsonBodyParser } from './json-body';
import { parseQueryString } from './query-string';
import { requireDeclaredPermission, route } from './route';

const echo = defineEndpoint({
  method: 'POST',
  path: '/test/echo/:id',
  permission: 'PUBLIC',
  token: 'none',
  summary: 'echo',
  params: z.object({ id: z.string().regex(/^[0-9a-f]{24}$/, 'Invalid id') }),
  body: z.object({
    name: z.string({ message: 'Name is required.' }).min(1, 'Name is required.'),
    age: z.number(),
  }),
  response: envelopeOf(z.object({ name: z.string() })),
});
const terse = defineEndpoint({
  method: 'POST',
  path: '/test/terse',
  permission: 'PUBLIC',
  token: 'none',
  summary: 'messages that say only what is wrong (the event-data schemas)',
  body: z.object({
    order_id: z.string({ error: 'is required' }),
    items: z.array(z.object({ quantity: z.number().min(1, 'must be at least 1') })),
  }),
  response: envelopeOf(z.object({ name: z.string() })),
});
const optional = defineEndpoint({
  method: 'POST',
  path: '/test/optional',
  permission: 'PUBLIC',
  token: 'none',
  summary: 'every field optional',
  body: z.object({ note: z.string().optional() }),
  response: envelopeOf(z.object({ name: z.string() })),
});
const boom = defineEndpoint({
  method: 'GET',
  path: '/test/boom',
  permission: 'PUBLIC',
  token: 'none',
  summary: 'boom',
  response: envelopeOf(z.null()),
});
const clash = defineEndpoint({ ...boom, path: '/test/clash' });
const leaky = defineEndpoint({
  ...boom,
  path: '/test/leaky',
  response: envelopeOf(z.object({ name: z.string() })),
});

const ID = 'a'.repeat(24);
let t: TestApp;
let webDir: string;

beforeAll(async () => {
  webDir = await mkdtemp(path.join(os.tmpdir(), 'laurel-web-'));
  await writeFile(path.join(webDir, 'index.html'), '<!doctype html><title>Laurel</title>');
  t = await createTestApp({ webDistDir: webDir });
  // Extra routes for the envelope tests are registered on a fresh instance built the same way.
});
afterAll(async () => {
  await t.close();
  await rm(webDir, { recursive: true, force: true });
});

const buildProbe = async () => {
  const app = Fastify({ bodyLimit: 1024 });
  const { serializerCompiler, validatorCompiler } = await import('fastify-type-provider-zod');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  installJsonBodyParser(app);
  requireDeclaredPermission(app);
  route(app, optional, async ({ body }) => ok({ name: body.note ?? 'none' }));
  route(app, echo, async ({ body }) => ok({ name: body?.name ?? '' }));
  route(app, terse, async ({ body }) => ok({ name: body.order_id }));
  route(app, boom, async () => {
    throw new Error('secret internal detail at /srv/app.ts:12');
  });
  route(app, clash, async () => {
    throw conflict('This email address is already registered.');
  });
  route(app, leaky, async () => ok({ name: 'x', password_hash: 'never' } as { name: string }));
  await app.ready();
  return app;
};

describe('the envelope on success', () => {
  it('wraps content and keeps only the fields the response schema allows', async () => {
    const app = await buildProbe();
    const res = await app.inject({
      method: 'POST',
      url: `/api/test/echo/${ID}`,
      payload: { name: 'Ann', age: 3 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'OK', content: { name: 'Ann' } });
    const leak = await app.inject({ method: 'GET', url: '/api/test/leaky' });
    expect(leak.json().content).toEqual({ name: 'x' });
    expect(leak.body).not.toContain('password_hash');
  });
});

describe('bad input gets a 4xx envelope, never a 500', () => {
  it('malformed JSON -> 400', async () => {
    const app = await buildProbe();
    const res = await app.inject({
      method: 'POST',
      url: `/api/test/echo/${ID}`,
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      message: 'The request body is not valid JSON.',
      content: { errors: [{ field: 'request', message: 'The request body is not valid JSON.' }] },
    });
  });

  it('a prototype key -> 400 that names it, not a syntax error', async () => {
    const app = await buildProbe();
    for (const payload of [
      '{"name":"x","__proto__":{"admin":true}}',
      '{"name":"x","constructor":{"prototype":{}}}',
    ]) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/test/echo/${ID}`,
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json().message).toBe(
        "The request body may not use the keys '__proto__' or 'constructor.prototype'.",
      );
    }
  });

  it('no body, or an empty JSON one, is {}: taken where nothing is required, else the 400 names what is', async () => {
    const app = await buildProbe();
    for (const headers of [{}, { 'content-type': 'application/json' }]) {
      const taken = await app.inject({ method: 'POST', url: '/api/test/optional', headers, payload: '' });
      expect(taken.statusCode, taken.body).toBe(200);
      expect(taken.json().content).toEqual({ name: 'none' });
      const refused = await app.inject({ method: 'POST', url: `/api/test/echo/${ID}`, headers, payload: '' });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().content.errors.map((error: { field: string }) => error.field)).toEqual([
        'name',
        'age',
      ]);
    }
  });

  it('a wrong type or missing field -> 400 with every field error and the first in message', async () => {
    const app = await buildProbe();
    const res = await app.inject({ method: 'POST', url: `/api/test/echo/${ID}`, payload: { age: 'three' } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.success).toBe(false);
    expect(body.message).toBe('Name is required.');
    expect(body.content.errors).toEqual(
      expect.arrayContaining([
        { field: 'name', message: 'Name is required.' },
        expect.objectContaining({ field: 'age' }),
      ]),
    );
  });

  it('a message that says only what is wrong gets its field in front; one with a subject is kept', async () => {
    const app = await buildProbe();
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/terse',
      payload: { items: [{ quantity: 0 }] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      message: 'order_id is required',
      content: {
        errors: [
          { field: 'order_id', message: 'order_id is required' },
          { field: 'items.0.quantity', message: 'items.0.quantity must be at least 1' },
        ],
      },
    });
  });

  it('text that would be stored altered -> 400: half a surrogate pair, bytes that are not UTF-8; a whole pair is kept', async () => {
    const app = await buildProbe();
    const refused = [
      '{"name":"x\\ud800y","age":1}',
      '{"name":"x","age":1,"\\udc00":1}',
      Buffer.concat([Buffer.from('{"name":"x'), Buffer.from([0xff, 0xfe]), Buffer.from('","age":1}')]),
    ];
    for (const payload of refused) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/test/echo/${ID}`,
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, String(payload)).toBe(400);
      expect(res.json().message).toBe('The request contains characters or values that cannot be stored.');
    }
    const kept = await app.inject({
      method: 'POST',
      url: `/api/test/echo/${ID}`,
      headers: { 'content-type': 'application/json' },
      payload: '{"name":"caf\\u00e9 \\ud83d\\ude00 ☕","age":1}',
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().content.name).toBe('café 😀 ☕');
  });

  it('a bad path parameter -> 400', async () => {
    const app = await buildProbe();
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/echo/nothex',
      payload: { name: 'a', age: 1 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid id');
  });

  it('an oversized body -> 413', async () => {
    const app = await buildProbe();
    const res = await app.inject({
      method: 'POST',
      url: `/api/test/echo/${ID}`,
      payload: { name: 'x'.repeat(5000), age: 1 },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false, message: 'The request body is too large.' });
  });

  it('an unsupported content type -> 415', async () => {
    const app = await buildProbe();
    const res = await app.inject({
      method: 'POST',
      url: `/api/test/echo/${ID}`,
      headers: { 'content-type': 'application/x-unknown' },
      payload: 'x',
    });
    expect(res.statusCode).toBe(415);
    // text/plain is read (as text, for the routes that take a file as the body) but is not JSON.
    const text = await app.inject({
      method: 'POST',
      url: `/api/test/echo/${ID}`,
      headers: { 'content-type': 'text/plain' },
      payload: '{"name":"A","age":1}',
    });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toEqual({
      success: false,
      message: 'This content type is not supported.',
      content: null,
    });
  });

  it('a thrown HttpError keeps its status and message', async () => {
    const app = await buildProbe();
    const res = await app.inject({ method: 'GET', url: '/api/test/clash' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      success: false,
      message: 'This email address is already registered.',
      content: null,
    });
  });

  it('an unexpected error -> 500 without the internal detail', async () => {
    const app = await buildProbe();
    const res = await app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('secret internal detail');
    expect(res.body).not.toContain('app.ts');
    expect(res.json().success).toBe(false);
  });
});

describe('the real app', () => {
  it('an unknown API route -> 404 envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      success: false,
      message: 'Route GET /api/v2/does-not-exist not found.',
      content: null,
    });
  });

  it('an over-long path value -> 414 with a message that does not repeat it', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/statistics/${'a'.repeat(5000)}` });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({
      success: false,
      message: 'A value in the request URL is too long.',
      content: null,
    });
  });

  it('a malformed URL escape -> 400 envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
  });

  it('skips empty query values (DESIGN §3): ?page=&size= is the first page, a repeated key keeps its given values', async () => {
    const admin = await createClientAndSignIn(t.app, { plan: 'GROWTH' });
    const list = (query: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/economy/currencies${query}`,
        headers: { authorization: `Bearer ${admin.clientToken}` },
      });
    const blank = await list('?page=&size=&search_string=');
    expect(blank.statusCode).toBe(200);
    expect(blank.json().pagination).toMatchObject({ hasMore: false });
    expect((await list('?page=1&size=15')).json()).toEqual(blank.json());
    // A value given is still checked.
    const zero = await list('?page=0');
    expect(zero.statusCode).toBe(400);
    expect(zero.json().message).toBe('page must be a whole number from 1 to 1000000');
    expect(parseQueryString('a=&b=x&c=1&c=&c=2&d=%20&e=a+b')).toEqual({
      b: 'x',
      c: ['1', '2'],
      d: ' ',
      e: 'a b',
    });
  });

  it.each(['/', '/welcome/log-in', '/console/customers/customer-profile/abc', '/terms-and-conditions'])(
    'serves the console at %s',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<title>Laurel</title>');
    },
  );

  it('serves uploaded media under /media and 404s a missing file', async () => {
    await writeFile(path.join(t.ctx.config.dataDir, 'media', 'logo.txt'), 'hello');
    const res = await t.app.inject({ method: 'GET', url: '/media/logo.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('hello');
    const missing = await t.app.inject({ method: 'GET', url: '/media/nope.png' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().success).toBe(false);
  });
});

describe('every API route declares its permission', () => {
  it('refuses to register a route without one', async () => {
    const app = Fastify();
    requireDeclaredPermission(app);
    expect(() => app.get('/api/v2/undeclared', async () => 'x')).toThrow(/does not declare a permission/);
  });
});

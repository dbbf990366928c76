import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCustomer, bearer, createClientAndSignIn, type SignedIn } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { chooseEncoding } from './content-encoding';
import { installResponseCompression } from './response-compression';

const ASSET = '/assets/index-Ab12Cd34.js';
const assetBody = `export const greeting = ${JSON.stringify('hello console '.repeat(400))};\n`;
const indexHtml = `<!doctype html><title>Laurel</title><script type="module" src="${ASSET}"></script>`;

let t: TestApp;
let webDir: string;
let owner: SignedIn;

beforeAll(async () => {
  webDir = await mkdtemp(path.join(os.tmpdir(), 'laurel-web-'));
  await writeFile(path.join(webDir, 'index.html'), indexHtml);
  await writeFile(path.join(webDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await import('node:fs/promises').then((fs) => fs.mkdir(path.join(webDir, '.vite')));
  await writeFile(path.join(webDir, '.vite', 'manifest.json'), '{}');
  const assets = path.join(webDir, 'assets');
  await import('node:fs/promises').then((fs) => fs.mkdir(assets));
  // What the build's precompress step writes beside each asset.
  await writeFile(path.join(webDir, ASSET), assetBody);
  await writeFile(path.join(webDir, `${ASSET}.br`), zlib.brotliCompressSync(assetBody));
  await writeFile(path.join(webDir, `${ASSET}.gz`), zlib.gzipSync(assetBody));
  t = await createTestApp({ webDistDir: webDir });
  owner = await createClientAndSignIn(t.app, { plan: 'BUSINESS' });
});
afterAll(async () => {
  await t.close();
  await rm(webDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('choosing an encoding from Accept-Encoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['br;q=0, *', 'gzip'],
    ['*', 'br'],
    ['identity', undefined],
    ['gzip;q=0', undefined],
    ['', undefined],
  ])('%j -> %s', (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });
});

describe('the built console', () => {
  it.each([
    ['br', (body: Buffer) => zlib.brotliDecompressSync(body)],
    ['gzip', (body: Buffer) => zlib.gunzipSync(body)],
  ] as const)('a hashed asset comes precompressed as %s, cached for a year', async (encoding, decode) => {
    const res = await get(ASSET, { 'accept-encoding': encoding === 'br' ? 'gzip, deflate, br' : 'gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(res.rawPayload.length).toBeLessThan(Buffer.byteLength(assetBody) / 10);
    expect(decode(res.rawPayload).toString()).toBe(assetBody);
  });

  it('a client that accepts no compression gets the file itself', async () => {
    const res = await get(ASSET);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.body).toBe(assetBody);
  });

  it("a hashed script carries nosniff, CORP and HSTS but not the page's own headers (CSP, framing)", async () => {
    const asset = await get(ASSET, { 'accept-encoding': 'br' });
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(asset.headers['strict-transport-security']).toBeTruthy();
    expect(asset.headers['content-security-policy']).toBeUndefined();
    expect(asset.headers['x-frame-options']).toBeUndefined();
    const page = await get('/console/customers');
    expect(page.headers['content-security-policy']).toMatch(/default-src 'self'/);
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('answers 304 to a client holding the current copy, and HEAD without a body', async () => {
    const first = await get(ASSET, { 'accept-encoding': 'br' });
    const again = await get(ASSET, { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const head = await t.app.inject({ method: 'HEAD', url: ASSET, headers: { 'accept-encoding': 'gzip' } });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-encoding']).toBe('gzip');
    expect(head.body).toBe('');
  });

  it.each(['/welcome/log-in', '/console/customers', '/index.html'])(
    '%s is index.html, revalidated on every use',
    async (url) => {
      const res = await get(url, { 'accept-encoding': 'br' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(indexHtml);
    },
  );

  it('unhashed files are revalidated, not cached for a year; a missing asset is a 404', async () => {
    const icon = await get('/favicon.svg');
    expect(icon.headers['cache-control']).toBe('no-cache');
    expect(icon.headers['content-type']).toBe('image/svg+xml');
    const manifest = await get('/.vite/manifest.json');
    expect(manifest.headers['content-type']).toMatch(/^text\/html/); // not a file: the console's Not Found
    const missing = await get('/assets/gone-123.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/^application\/json/);
  });
});

describe('API responses', () => {
  const listCustomers = (acceptEncoding?: string) =>
    get('/api/v2/client/loyalty/users?limit=50', {
      ...bearer(owner.clientToken),
      ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
    });

  beforeAll(async () => {
    for (let i = 0; i < 12; i += 1) await addCustomer(t.app, owner, { name: `Compressed${i}` });
  });

  it('JSON over 1 KB is compressed by Accept-Encoding and reads back the same', async () => {
    const plain = await listCustomers();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const br = await listCustomers('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    const gz = await listCustomers('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
    expect(gz.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
  });

  it('small JSON is sent as it is', async () => {
    const res = await get('/api/health', { 'accept-encoding': 'br, gzip' });
    expect(res.rawPayload.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json().success).toBe(true);
  });

  it('the customers CSV export arrives whole when compressed', async () => {
    const requested = await t.app.inject({
      method: 'POST',
      url: '/api/v2/export/client/loyalty/users',
      headers: bearer(owner.clientToken),
      payload: {},
    });
    const { url } = requested.json().content;
    const plain = await get(url, bearer(owner.clientToken));
    expect(plain.headers['content-encoding']).toBeUndefined();
    const lines = plain.body.trim().split('\n');
    expect(lines).toHaveLength(13);
    const gz = await get(url, { ...bearer(owner.clientToken), 'accept-encoding': 'gzip' });
    expect(gz.statusCode).toBe(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['content-type']).toContain('text/csv');
    expect(gz.headers['content-disposition']).toBe(plain.headers['content-disposition']);
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
  });
});

describe('a compressed stream still streams', () => {
  const ROWS_BEFORE = 20_000;
  const ROWS_AFTER = 20_000;
  const row = (i: number) => `${i},customer-${i},${(i * 7919).toString(16)}\n`;

  /**
   * A CSV whose second half is written only once the client has received bytes of the first: if compression
   * held the response until the end, the client would never receive any and this test would time out.
   */
  const gatedCsv = (gate: Promise<void>) =>
    Readable.from(
      (async function* () {
        for (let i = 0; i < ROWS_BEFORE; i += 1) yield row(i);
        await gate;
        for (let i = ROWS_BEFORE; i < ROWS_BEFORE + ROWS_AFTER; i += 1) yield row(i);
      })(),
    );

  it.each([
    ['br', zlib.createBrotliDecompress],
    ['gzip', zlib.createGunzip],
  ] as const)(
    '%s: the first bytes arrive before the export ends, and all of it arrives',
    async (encoding, decoder) => {
      let openGate = () => {};
      const gate = new Promise<void>((resolve) => {
        openGate = resolve;
      });
      const app = Fastify();
      installResponseCompression(app);
      app.get('/api/probe/export', (_request, reply) =>
        reply.header('content-type', 'text/csv; charset=utf-8').send(gatedCsv(gate)),
      );
      await app.listen({ port: 0, host: '127.0.0.1' });
      try {
        const { port } = app.server.address() as AddressInfo;
        const text = await new Promise<string>((resolve, reject) => {
          http
            .get(
              {
                port,
                host: '127.0.0.1',
                path: '/api/probe/export',
                headers: { 'accept-encoding': encoding },
              },
              (res) => {
                expect(res.headers['content-encoding']).toBe(encoding);
                res.once('data', () => openGate());
                const chunks: Buffer[] = [];
                res
                  .pipe(decoder())
                  .on('data', (chunk: Buffer) => chunks.push(chunk))
                  .on('end', () => resolve(Buffer.concat(chunks).toString()))
                  .on('error', reject);
              },
            )
            .on('error', reject);
        });
        const expected = Array.from({ length: ROWS_BEFORE + ROWS_AFTER }, (_, i) => row(i)).join('');
        expect(text).toBe(expected);
      } finally {
        await app.close();
      }
    },
  );
});

import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { mediaProviderFor } from '.';
import { createLocalMedia } from './local-media';
import { createS3Media } from './s3-media';

const CLIENT = 'a'.repeat(24);
const HASH = 'b'.repeat(64);
const PNG_BYTES = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

type Recorded = { method: string; url: string; headers: IncomingHttpHeaders; body: Buffer };

/** A stand-in for the bucket's endpoint on 127.0.0.1: records each request and answers as S3 does. */
let server: Server;
let endpoint: string;
const recorded: Recorded[] = [];
let refuse = false;

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      recorded.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks),
      });
      if (refuse) {
        // S3's answer to a key without s3:PutObject.
        res.writeHead(403, { 'content-type': 'application/xml', 'x-amz-request-id': 'REQ403' });
        res.end(
          '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>AccessDenied</Code><Message>Access Denied</Message>' +
            '<RequestId>REQ403</RequestId><HostId>host</HostId></Error>',
        );
        return;
      }
      res.writeHead(200, { etag: '"5d41402abc4b2a76b9719d911017c592"', 'x-amz-request-id': 'REQ200' });
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const s3 = (overrides: { publicUrl?: string } = {}) =>
  createS3Media({
    bucket: 'laurel-media',
    region: 'eu-west-1',
    endpoint,
    credentials: { accessKeyId: 'AKIDLAURELTEST', secretAccessKey: 'secret-for-tests-only' },
    ...overrides,
  });

describe('S3-compatible media', () => {
  it('PUTs the object path-style, signed, with its type and caching, and answers the public URL', async () => {
    recorded.length = 0;
    const { location } = await s3({ publicUrl: 'https://cdn.example.com' }).put({
      key: `${CLIENT}/${HASH}.png`,
      body: PNG_BYTES,
      contentType: 'image/png',
    });
    expect(location).toBe(`https://cdn.example.com/${CLIENT}/${HASH}.png`);
    expect(recorded).toHaveLength(1);
    const [put] = recorded;
    expect(put?.method).toBe('PUT');
    expect(put?.url.split('?')[0]).toBe(`/laurel-media/${CLIENT}/${HASH}.png`);
    expect(put?.headers['content-type']).toBe('image/png');
    expect(put?.headers['content-length']).toBe(String(PNG_BYTES.length));
    expect(put?.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(put?.headers['content-disposition']).toBeUndefined();
    expect(put?.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDLAURELTEST\/\d{8}\/eu-west-1\/s3\/aws4_request, SignedHeaders=.*host.*, Signature=[0-9a-f]{64}$/,
    );
    expect(put?.headers['x-amz-content-sha256']).toBeDefined();
    expect(put?.body.equals(PNG_BYTES)).toBe(true);
  });

  it('without a public URL the location is the bucket on its endpoint; an SVG is sent as an attachment', async () => {
    recorded.length = 0;
    const { location } = await s3().put({
      key: `${CLIENT}/${HASH}.svg`,
      body: Buffer.from('<svg/>'),
      contentType: 'image/svg+xml',
    });
    expect(location).toBe(`${endpoint}/laurel-media/${CLIENT}/${HASH}.svg`);
    expect(recorded[0]?.headers['content-disposition']).toBe('attachment');
  });

  it("surfaces the store's refusal", async () => {
    refuse = true;
    try {
      await expect(
        s3().put({ key: `${CLIENT}/${HASH}.png`, body: PNG_BYTES, contentType: 'image/png' }),
      ).rejects.toMatchObject({ name: 'AccessDenied' });
    } finally {
      refuse = false;
    }
  });

  it('refuses a key it did not make', async () => {
    await expect(
      s3().put({ key: '../etc/passwd', body: PNG_BYTES, contentType: 'image/png' }),
    ).rejects.toThrow(/invalid media key/);
  });
});

describe('local media', () => {
  it('writes under DATA_DIR/media and answers the URL the app serves it at', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'laurel-media-'));
    try {
      const local = createLocalMedia({ dataDir, publicUrl: 'https://loyalty.example.com' });
      const { location } = await local.put({
        key: `${CLIENT}/${HASH}.png`,
        body: PNG_BYTES,
        contentType: 'image/png',
      });
      expect(location).toBe(`https://loyalty.example.com/media/${CLIENT}/${HASH}.png`);
      expect((await readFile(path.join(dataDir, 'media', CLIENT, `${HASH}.png`))).equals(PNG_BYTES)).toBe(
        true,
      );
      await expect(
        local.put({ key: `${CLIENT}/../../x.png`, body: PNG_BYTES, contentType: 'image/png' }),
      ).rejects.toThrow();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('choosing the adapter', () => {
  it('local by default, S3 when a bucket is configured', () => {
    expect(mediaProviderFor(loadConfig({})).name).toBe('local');
    const config = loadConfig({
      S3_BUCKET: 'laurel-media',
      S3_REGION: 'auto',
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: 'AKIDLAURELTEST',
      S3_SECRET_ACCESS_KEY: 'secret-for-tests-only',
    });
    expect(mediaProviderFor(config).name).toBe('s3');
  });
});

import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { UPLOAD_MESSAGES } from '@laurel/contract';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createClientAndSignIn, type SignedIn } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

const MEDIA_CSP = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox";

const crc32 = (bytes: Buffer) => {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
};
const pngChunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};
/** A real 1×1 RGB PNG of the given colour. */
const png = (rgb: [number, number, number] = [200, 16, 46]) => {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.from([0, ...rgb]))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
};
/** A real 8×8 mid-grey baseline JPEG (decoded by Chromium when this test was written). */
const JPEG = Buffer.from(
  'ffd8ffe000104a46494600010100000100010000ffdb00430001010101010101010101010101010101010101010101010101010101' +
    '010101010101010101010101010101010101010101010101010101010101010101010101ffc0000b080008000801011100ffc400' +
    '26000100000000000000000000000000000000100100000000000000000000000000000000ffda0008010100003f003fffd9',
  'hex',
);
const CLEAN_SVG = `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 24 24">
  <defs><linearGradient id="g"><stop offset="0" stop-color="#c8102e"/></linearGradient></defs>
  <circle id="c" cx="12" cy="12" r="10" fill="url(#g)"/><use xlink:href="#c" x="2"/>
  <text x="4" y="14">Gold &amp; more</text>
</svg>`;
const SCRIPTED_SVG = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>';
const HTML = '<!DOCTYPE html><html><body><script>alert(1)</script></body></html>';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

type Part = { field: string; value: string } | { field: string; bytes: Buffer | string; name: string };
const form = (parts: Part[]) => {
  const body = new FormData();
  for (const part of parts) {
    if ('value' in part) body.append(part.field, part.value);
    else body.append(part.field, new Blob([part.bytes]), part.name);
  }
  return body;
};
const imageForm = (bytes: Buffer | string, name: string, extra: Part[] = []) =>
  form([
    { field: 'file', bytes, name },
    { field: 'name', value: name },
    { field: 'description', value: 'Badge icon' },
    { field: 'type', value: 'IMAGE' },
    { field: 'category', value: 'badge_icon' },
    ...extra,
  ]);

let t: TestApp;
let owner: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createClientAndSignIn(t.app);
});
afterAll(() => t.close());

const upload = (payload: InjectOptions['payload'], token: string | null = owner.mediaToken) =>
  t.app.inject({
    method: 'POST',
    url: '/api/upload/upload',
    ...(token ? { headers: bearer(token) } : {}),
    payload,
  });
const served = (location: string) => t.app.inject({ method: 'GET', url: new URL(location).pathname });

describe('uploading images', () => {
  it('stores a PNG under the client by its hash and serves it at an absolute URL with the CSP', async () => {
    const bytes = png();
    const res = await upload(imageForm(bytes, 'Gold badge.png'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: UPLOAD_MESSAGES.uploaded });
    const content = res.json().content;
    expect(content).toEqual({
      location: `http://localhost:8080/media/${owner.clientId}/${sha256(bytes)}.png`,
      etag: sha256(bytes),
      file_name: 'Gold badge.png',
      content_type: 'image/png',
      size: bytes.length,
    });
    const file = await served(content.location);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['content-security-policy']).toBe(MEDIA_CSP);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(file.rawPayload.equals(bytes)).toBe(true);
  });

  it('stores a JPEG as image/jpeg, keeping a .jpeg name', async () => {
    const res = await upload(imageForm(JPEG, 'photo.JPEG'));
    expect(res.statusCode).toBe(200);
    const content = res.json().content;
    expect(content).toMatchObject({ content_type: 'image/jpeg', file_name: 'photo.jpeg', size: JPEG.length });
    expect(content.location).toMatch(/^http:\/\/localhost:8080\/media\/[0-9a-f]{24}\/[0-9a-f]{64}\.jpg$/);
    const file = await served(content.location);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.headers['content-security-policy']).toBe(MEDIA_CSP);
    expect(file.rawPayload.equals(JPEG)).toBe(true);
  });

  it('accepts a clean SVG and serves it inert', async () => {
    const res = await upload(imageForm(CLEAN_SVG, 'coin.svg'));
    expect(res.statusCode).toBe(200);
    const content = res.json().content;
    expect(content).toMatchObject({ content_type: 'image/svg+xml', file_name: 'coin.svg' });
    expect(content.location).toMatch(/\.svg$/);
    const file = await served(content.location);
    expect(file.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(file.headers['content-security-policy']).toBe(MEDIA_CSP);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.body).toBe(CLEAN_SVG);
  });

  it('goes by the content, not the name: a PNG named .svg is stored and named as a PNG', async () => {
    const bytes = png([1, 2, 3]);
    const res = await upload(imageForm(bytes, 'icon.svg'));
    expect(res.statusCode).toBe(200);
    const content = res.json().content;
    expect(content).toMatchObject({ content_type: 'image/png', file_name: 'icon.png' });
    expect(content.location).toMatch(/\.png$/);
    expect((await served(content.location)).headers['content-type']).toBe('image/png');
  });

  it('echoes only a cleaned name, and the same image twice is one file', async () => {
    const bytes = png([9, 9, 9]);
    const first = (await upload(imageForm(bytes, '..\\..\\etc\\pass<word>?.png'))).json().content;
    expect(first.file_name).toBe('pass_word.png');
    const again = (await upload(imageForm(bytes, 'again.png'))).json().content;
    expect(again.location).toBe(first.location);
    const files = await readdir(path.join(t.ctx.config.dataDir, 'media', owner.clientId));
    expect(files.filter((name) => name.startsWith(sha256(bytes)))).toEqual([`${sha256(bytes)}.png`]);
  });

  it('reads the fields wherever they come in the form', async () => {
    const res = await upload(
      form([
        { field: 'file', bytes: png([4, 5, 6]), name: 'x.png' },
        { field: 'category', value: 'trophies' },
      ]),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().content.errors[0].field).toBe('category');
  });

  it("keeps each client's files apart", async () => {
    const other = await createClientAndSignIn(t.app);
    const bytes = png();
    const mine = (await upload(imageForm(bytes, 'a.png'))).json().content.location;
    const theirs = (await upload(imageForm(bytes, 'a.png'), other.mediaToken)).json().content.location;
    expect(mine).toContain(`/media/${owner.clientId}/`);
    expect(theirs).toContain(`/media/${other.clientId}/`);
  });
});

describe('refused uploads', () => {
  it('an HTML page named .png -> 415', async () => {
    const res = await upload(imageForm(HTML, 'innocent.png'));
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ success: false, message: UPLOAD_MESSAGES.notAnImage, content: null });
  });

  it('an SVG with a script -> 400 with its message, and nothing is stored', async () => {
    const res = await upload(imageForm(SCRIPTED_SVG, 'evil.svg'));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      message: UPLOAD_MESSAGES.unsafeSvg,
      content: { errors: [{ field: 'file', message: UPLOAD_MESSAGES.unsafeSvg }] },
    });
    const files = await readdir(path.join(t.ctx.config.dataDir, 'media', owner.clientId));
    expect(files).not.toContain(`${sha256(Buffer.from(SCRIPTED_SVG))}.svg`);
  });

  it('a 6 MiB file -> 413 with its message', async () => {
    const big = Buffer.concat([png(), Buffer.alloc(6 * 1024 * 1024)]);
    const res = await upload(imageForm(big, 'huge.png'));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ success: false, message: UPLOAD_MESSAGES.tooLarge, content: null });
  });

  it('no file, an empty file or no form at all -> 400', async () => {
    const noFile = await upload(form([{ field: 'name', value: 'x.png' }]));
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().message).toBe(UPLOAD_MESSAGES.fileRequired);
    const empty = await upload(form([{ field: 'file', bytes: Buffer.alloc(0), name: '' }]));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(UPLOAD_MESSAGES.fileRequired);
    const json = await upload({ file: 'x' });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe(UPLOAD_MESSAGES.fileRequired);
  });

  it('two files at once, or a type other than IMAGE -> 400', async () => {
    const two = await upload(
      form([
        { field: 'file', bytes: png(), name: 'a.png' },
        { field: 'file', bytes: png(), name: 'b.png' },
      ]),
    );
    expect(two.statusCode).toBe(400);
    const video = await upload(imageForm(png(), 'a.png', [{ field: 'type', value: 'VIDEO' }]));
    expect(video.statusCode).toBe(400);
    expect(video.json().content.errors[0].field).toBe('type');
  });

  it('the client token (another kind) or no token -> 401', async () => {
    expect((await upload(imageForm(png(), 'a.png'), owner.clientToken)).statusCode).toBe(401);
    expect((await upload(imageForm(png(), 'a.png'), owner.token)).statusCode).toBe(401);
    expect((await upload(imageForm(png(), 'a.png'), null)).statusCode).toBe(401);
  });
});

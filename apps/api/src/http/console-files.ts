import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  chooseEncoding,
  ENCODINGS,
  isCompressible,
  type TEncoding,
  varyOnEncoding,
} from './content-encoding';

/** Vite names every file under assets/ by its content's hash, so a URL there never gets other bytes. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html and the few unhashed files (favicon, colour-scheme script) are revalidated on every use. */
export const REVALIDATE = 'no-cache';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};
const SUFFIX: Record<TEncoding, string> = { br: '.br', gzip: '.gz' };

/**
 * Security headers that only mean something on a document (its CSP, framing, opener, legacy IE switches). A first
 * load fetches about a hundred hashed scripts, where these would add some 0.8 KB each on HTTP/1.1; nosniff, CORP and
 * HSTS stay. (A script's Referrer-Policy would govern its imports: the browser's default is the same policy.)
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];
const isSubresource = (file: ConsoleFile) =>
  file.cacheControl === IMMUTABLE && /^text\/(javascript|css)/.test(file.type);

export type ConsoleFile = {
  type: string;
  cacheControl: string;
  /** Of the identity bytes; the ETag adds the encoding. */
  hash: string;
  identity: Buffer;
  variants: Partial<Record<TEncoding, Buffer>>;
};

const walk = async (dir: string): Promise<string[]> => {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return (
    entries
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name))
      // The build's own records (.vite/manifest.json) are not part of the console.
      .filter(
        (file) =>
          !path
            .relative(dir, file)
            .split(path.sep)
            .some((part) => part.startsWith('.')),
      )
  );
};

/**
 * The built console held in memory, keyed by URL path (`/assets/index-abc.js`), each with the `.br`/`.gz`
 * siblings the build made. A few MB: reading them once beats a file open and a stream per request.
 */
export const loadConsoleFiles = async (
  root: string,
  retry: { attempts: number; delayMs: number } = { attempts: 20, delayMs: 500 },
): Promise<Map<string, ConsoleFile>> => {
  // A build running at the same moment (`npm run build`, a second start) empties and refills the folder: a file
  // can vanish between the listing and its read, or index.html name assets not yet written. Wait for it to settle.
  for (let attempt = 1; ; attempt += 1) {
    try {
      const loaded = await readConsoleFiles(root);
      if (missingAssets(loaded).length === 0 || attempt >= retry.attempts) return loaded;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || attempt >= retry.attempts) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, retry.delayMs));
  }
};

/** The /assets/ files index.html names that the loaded set lacks (a build caught half-way). */
export const missingAssets = (files: Map<string, ConsoleFile>) => {
  const index = files.get('/index.html')?.identity.toString('utf8') ?? '';
  const named = [...index.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1] as string);
  return named.filter((url) => !files.has(url));
};

const readConsoleFiles = async (root: string): Promise<Map<string, ConsoleFile>> => {
  const files = await walk(root);
  const onDisk = new Set(files);
  const loaded = new Map<string, ConsoleFile>();
  for (const file of files) {
    if (Object.values(SUFFIX).some((suffix) => file.endsWith(suffix) && onDisk.has(file.slice(0, -3)))) {
      continue;
    }
    const relative = path.relative(root, file).split(path.sep).join('/');
    const identity = await readFile(file);
    const type = TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
    const variants: ConsoleFile['variants'] = {};
    if (isCompressible(type)) {
      for (const encoding of ENCODINGS) {
        const sibling = `${file}${SUFFIX[encoding]}`;
        if (onDisk.has(sibling)) variants[encoding] = await readFile(sibling);
      }
    }
    loaded.set(`/${relative}`, {
      type,
      cacheControl: relative.startsWith('assets/') ? IMMUTABLE : REVALIDATE,
      hash: createHash('sha256').update(identity).digest('base64url').slice(0, 27),
      identity,
      variants,
    });
  }
  return loaded;
};

/**
 * Sends one file: the smallest encoding the client accepts, 304 when its copy is current. Each encoding has its
 * own ETag (they are different bytes), and a client holding any of them holds the current file.
 */
export const sendConsoleFile = (request: FastifyRequest, reply: FastifyReply, file: ConsoleFile) => {
  const offered = ENCODINGS.filter((encoding) => file.variants[encoding]);
  if (offered.length > 0) reply.header('vary', varyOnEncoding(reply.getHeader('vary')));
  const encoding = chooseEncoding(request.headers['accept-encoding'], offered);
  const etagOf = (variant?: TEncoding) => `"${file.hash}${variant ? `-${variant}` : ''}"`;
  reply.header('cache-control', file.cacheControl).header('etag', etagOf(encoding));
  if (isSubresource(file)) for (const name of DOCUMENT_ONLY_HEADERS) reply.raw.removeHeader(name);
  const current = new Set([etagOf(), ...offered.map(etagOf)]);
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch?.split(',').some((tag) => current.has(tag.trim().replace(/^W\//, '')))) {
    return reply.code(304).send();
  }
  const body = encoding ? (file.variants[encoding] as Buffer) : file.identity;
  if (encoding) reply.header('content-encoding', encoding);
  return reply.type(file.type).header('content-length', body.length).send(body);
};

/** One GET (and HEAD) route per built file, so the router answers them without a file-system look-up. */
export const registerConsoleFiles = (app: FastifyInstance, files: Map<string, ConsoleFile>) => {
  for (const [url, file] of files) {
    if (url === '/index.html') continue; // console routes get it from the not-found handler
    app.get(url, (request, reply) => sendConsoleFile(request, reply, file));
  }
};

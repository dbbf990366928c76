import { pipeline, Readable } from 'node:stream';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { chooseEncoding, isCompressible, type TEncoding, varyOnEncoding } from './content-encoding';

/** Smaller bodies cost more to compress than they save on the wire. */
export const COMPRESS_MIN_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
// Quality 4 brotli compresses JSON better than gzip -6 at about its speed; 11 is for build-time assets only.
const brotliOptions = (sizeHint?: number): zlib.BrotliOptions => ({
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    ...(sizeHint ? { [zlib.constants.BROTLI_PARAM_SIZE_HINT]: sizeHint } : {}),
  },
});

/**
 * Below this a body is compressed on the spot: a page of a list takes tens of microseconds, less than handing it
 * to the thread pool and back costs. Larger bodies go to the pool so that one cannot hold up every other request.
 */
export const COMPRESS_INLINE_MAX_BYTES = 64 * 1024;

// Inline, quality 2 takes half the time of 4 for a page of JSON, for about a tenth more bytes (~80 on 4.7 KB).
const INLINE_BROTLI: zlib.BrotliOptions = {
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: 2,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
  },
};

const compressBody = (encoding: TEncoding, body: Buffer) => {
  if (body.length <= COMPRESS_INLINE_MAX_BYTES) {
    return encoding === 'br' ? zlib.brotliCompressSync(body, INLINE_BROTLI) : zlib.gzipSync(body);
  }
  return encoding === 'br' ? brotli(body, brotliOptions(body.length)) : gzip(body);
};

/** A compressed stream is flushed after this much input, so the client receives it as it is made. */
export const STREAM_FLUSH_BYTES = 64 * 1024;

/**
 * A stream stays a stream. Left alone, brotli holds its output until its window fills or the input ends (an
 * export would arrive all at once at the end), so the compressor is flushed every STREAM_FLUSH_BYTES of input.
 */
const compressStream = (encoding: TEncoding, source: Readable) => {
  const compressor = encoding === 'br' ? zlib.createBrotliCompress(brotliOptions()) : zlib.createGzip();
  let unflushed = 0;
  async function* paced(chunks: AsyncIterable<Buffer | string>) {
    for await (const chunk of chunks) {
      yield chunk;
      // The chunk has been written by now, so the flush is queued behind it.
      unflushed += chunk.length;
      if (unflushed >= STREAM_FLUSH_BYTES) {
        unflushed = 0;
        compressor.flush();
      }
    }
  }
  // A failure on either side destroys both: Fastify ends the response, a client leaving stops the export.
  pipeline(source, paced, compressor, () => {});
  return compressor;
};

/**
 * API responses (JSON, and the CSV export streams) compressed by Accept-Encoding. The console's files are
 * compressed at build time and served by `console-files`, so only `/api` passes through here.
 */
export const installResponseCompression = (app: FastifyInstance) => {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.url.startsWith('/api/') || request.method === 'HEAD') return payload;
    if (reply.statusCode === 204 || reply.statusCode === 304 || reply.hasHeader('content-encoding')) {
      return payload;
    }
    if (!isCompressible(reply.getHeader('content-type')?.toString())) return payload;
    const stream = payload instanceof Readable ? payload : undefined;
    const body =
      typeof payload === 'string' ? Buffer.from(payload) : Buffer.isBuffer(payload) ? payload : undefined;
    if (!stream && !body) return payload;
    if (body && body.length < COMPRESS_MIN_BYTES) return payload;

    reply.header('vary', varyOnEncoding(reply.getHeader('vary')));
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return stream ? compressStream(encoding, stream) : compressBody(encoding, body as Buffer);
  });
};

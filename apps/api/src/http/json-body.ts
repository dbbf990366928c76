import type { FastifyInstance } from 'fastify';
import { HttpError, PROTOTYPE_KEY, UNSTORABLE_TEXT } from './errors';

const utf8 = new TextDecoder('utf-8', { fatal: true });
/** An escaped UTF-16 surrogate in JSON text (`\ud83d`): the only way half a pair gets into a parsed string. */
const ESCAPED_SURROGATE = /\\u[dD][89a-fA-F][0-9a-fA-F]{2}/;
/** Half a surrogate pair: in a `u` regex, a whole pair is one code point and does not match. */
const LONE_SURROGATE = /\p{Surrogate}/u;

const hasLoneSurrogate = (value: unknown): boolean => {
  if (typeof value === 'string') return LONE_SURROGATE.test(value);
  if (Array.isArray(value)) return value.some(hasLoneSurrogate);
  if (value !== null && typeof value === 'object')
    return Object.entries(value).some(([key, item]) => LONE_SURROGATE.test(key) || hasLoneSurrogate(item));
  return false;
};

/** Fastify reports a prototype key as invalid JSON; the text parsing plainly tells the two apart (errors only). */
const isPrototypeKeyRefusal = (error: Error, text: string) => {
  if ((error as Error & { code?: string }).code !== 'FST_ERR_CTP_INVALID_JSON_BODY') return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

/**
 * JSON bodies as Fastify parses them, except that:
 * - an empty one is no body: a till that posts a coupon's use with `Content-Type: application/json` and nothing
 *   after it means `{}`, and a route whose fields are all optional takes it so (`route()`); a route with required
 *   fields names them in its 400 rather than refusing the empty body;
 * - text that would be stored altered is refused (400) rather than silently replaced by U+FFFD: bytes that are not
 *   UTF-8, and half a surrogate pair written as an escape (a NUL is refused by PostgreSQL itself);
 * - a `__proto__` or `constructor.prototype` key is refused with a message that says so.
 */
export const installJsonBodyParser = (app: FastifyInstance) => {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let text: string;
    try {
      text = utf8.decode(body as Buffer);
    } catch {
      return done(new HttpError(400, UNSTORABLE_TEXT), undefined);
    }
    if (text.trim() === '') return done(null, undefined);
    parseJson(request, text, (error, value) => {
      if (error)
        return done(
          isPrototypeKeyRefusal(error, text) ? new HttpError(400, PROTOTYPE_KEY) : error,
          undefined,
        );
      if (!ESCAPED_SURROGATE.test(text)) return done(null, value);
      if (hasLoneSurrogate(value)) return done(new HttpError(400, UNSTORABLE_TEXT), undefined);
      done(null, value);
    });
  });
};

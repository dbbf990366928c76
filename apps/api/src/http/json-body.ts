import type { FastifyInstance } from 'fastify';

/**
 * JSON bodies as Fastify parses them, except that an empty one is no body: a till that posts a coupon's use with
 * `Content-Type: application/json` and nothing after it means `{}`, and a route whose fields are all optional
 * takes it so (`route()`); a route with required fields names them in its 400 rather than refusing the empty body.
 */
export const installJsonBodyParser = (app: FastifyInstance) => {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') return done(null, undefined);
    parseJson(request, text, done);
  });
};

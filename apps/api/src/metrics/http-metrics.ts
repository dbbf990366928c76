import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Metrics } from './metrics';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * The route label: the pattern an API, media or metrics route was registered with (`/api/v2/client/:id`, never the
 * path as sent); the console's files and pages, whatever their path, are one `console`, and an unknown path under
 * /api or /media is `unmatched`. So a label never holds an id, and a caller cannot make up new series.
 */
export const routeLabel = (request: FastifyRequest) => {
  const pattern = request.routeOptions.url;
  if (pattern?.startsWith('/api/') || pattern?.startsWith('/media/') || pattern === '/metrics')
    return pattern;
  if (pattern) return 'console';
  const path = request.url.split('?')[0] ?? '';
  return path === '/api' || path.startsWith('/api/') || path.startsWith('/media/') || path === '/metrics'
    ? 'unmatched'
    : 'console';
};

const isCsv = (reply: FastifyReply) => String(reply.getHeader('content-type') ?? '').startsWith('text/csv');

/** Counts and times every answer; a 2xx CSV is an export, a 2xx of a route that takes a file an upload. */
export const installHttpMetrics = (app: FastifyInstance, metrics: Metrics) => {
  app.addHook('onResponse', (request, reply, done) => {
    const route = routeLabel(request);
    const labels = {
      route,
      method: METHODS.has(request.method) ? request.method : 'other',
      status: String(reply.statusCode),
    };
    metrics.http.requests.inc(labels);
    metrics.http.duration.observe(labels, reply.elapsedTime / 1000);
    if (reply.statusCode >= 200 && reply.statusCode < 300) {
      if (request.routeOptions.config.endpoint?.upload) metrics.http.uploads.inc({ route });
      else if (isCsv(reply)) metrics.http.exports.inc({ route });
    }
    done();
  });
};

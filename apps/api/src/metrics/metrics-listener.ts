import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isLoopbackHostname } from '@laurel/contract';
import type { FastifyBaseLogger } from 'fastify';
import { OPERATOR_REFUSED, operatorTokenCheck } from '../http/auth/operator-token';
import type { Metrics } from './metrics';

const send = (response: ServerResponse, status: number, message: string) => {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify({ success: false, message, content: null }));
};

/** The start-up warning for a metrics listener that anyone on the network may read, or null. */
export const openMetricsWarning = (options: { host: string; token?: string }) =>
  options.token || isLoopbackHostname(options.host)
    ? null
    : `/metrics on METRICS_HOST ${options.host} is open to the network without a token: set METRICS_TOKEN, or bind METRICS_HOST to 127.0.0.1`;

/**
 * METRICS_PORT: a second, tiny listener (bound to METRICS_HOST, loopback by default) that serves GET /metrics and
 * nothing else, for a scraper on the host or its private network; it asks for METRICS_TOKEN only when that is set
 * too. The API server and each separate worker (`npm run worker`) start one of their own.
 */
export const listenForMetrics = async (
  metrics: Metrics,
  options: { port: number; host: string; token?: string; log: FastifyBaseLogger },
) => {
  const allowed = options.token ? operatorTokenCheck(options.token) : () => true;
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return send(response, 404, `Route ${request.method} ${path} not found.`);
    }
    if (!allowed(request.headers.authorization)) return send(response, 401, OPERATOR_REFUSED);
    metrics.scrape().then(
      (text) => {
        response.writeHead(200, { 'content-type': metrics.contentType });
        response.end(request.method === 'HEAD' ? undefined : text);
      },
      (error: unknown) => {
        options.log.error({ err: error }, 'metrics scrape failed');
        send(response, 500, 'The metrics could not be collected.');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  options.log.info({ port: options.port, host: options.host }, 'metrics listener is serving /metrics');
  const warning = openMetricsWarning(options);
  if (warning) options.log.warn({ port: options.port, host: options.host }, warning);
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
};

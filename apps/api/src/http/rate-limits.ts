import { createHash } from 'node:crypto';
import fastifyRateLimit from '@fastify/rate-limit';
import { API_ERROR_MESSAGES } from '@laurel/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { failure } from './envelope';

/** The bearer token, or the API key sent as `X-Api-Key` (counted per key like a bearer one, DESIGN §3). */
const tokenOf = (request: FastifyRequest) => {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim();
  const key = request.headers['x-api-key'];
  return typeof key === 'string' ? key.trim() : '';
};

/**
 * Per signed-in token (or API key) when one is sent, else per IP address. Limits are per process; they
 * guard against floods, while the per-email sign-in limit lives in the database (see auth/attempt-limiter).
 */
export const installRateLimits = (
  app: FastifyInstance,
  limits: { ipPerMinute: number; tokenPerMinute: number },
) =>
  app.register(fastifyRateLimit, {
    global: true,
    timeWindow: 60_000,
    max: (request) => (tokenOf(request) ? limits.tokenPerMinute : limits.ipPerMinute),
    keyGenerator: (request) => {
      const token = tokenOf(request);
      return token ? `t:${createHash('sha256').update(token).digest('hex')}` : `ip:${request.ip}`;
    },
    // Static files of the console and media are cheap and cacheable: only the API counts.
    allowList: (request) => !request.url.startsWith('/api/') || request.url.startsWith('/api/docs'),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      ...failure(API_ERROR_MESSAGES.tooManyRequests, { retry_after_seconds: Math.ceil(context.ttl / 1000) }),
    }),
    addHeadersOnExceeding: {
      'x-ratelimit-limit': true,
      'x-ratelimit-remaining': true,
      'x-ratelimit-reset': true,
    },
    addHeaders: {
      'x-ratelimit-limit': true,
      'x-ratelimit-remaining': true,
      'x-ratelimit-reset': true,
      'retry-after': true,
    },
  });

/** A route's own limit, merged over the global options (and counted apart from them). */
export type RouteRateLimit = {
  max: number;
  timeWindow: number;
  keyGenerator: (request: FastifyRequest) => string;
};

/** Per IP address whatever token is sent: for public routes that spend something paid (a Places lookup). */
export const perIpPerMinute = (max: number): RouteRateLimit => ({
  max,
  timeWindow: 60_000,
  keyGenerator: (request) => `ip:${request.ip}`,
});

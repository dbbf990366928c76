import fastifyRateLimit from '@fastify/rate-limit';
import { API_ERROR_MESSAGES } from '@laurel/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors';

/**
 * Per signed-in user (or API key) once the auth guard has verified who is calling, else per IP address: a token
 * that does not verify counts against its sender's address, so made-up tokens cannot mint fresh allowances. Limits
 * are per process; they guard against floods, while the per-email sign-in limit lives in the database (see
 * auth/attempt-limiter).
 */
export const installRateLimits = (
  app: FastifyInstance,
  limits: { ipPerMinute: number; tokenPerMinute: number },
) =>
  app.register(fastifyRateLimit, {
    global: true,
    timeWindow: 60_000,
    // The guard's onRequest hook runs before the limit's own (route-level hooks come after the app's).
    max: (request) => (request.principal ? limits.tokenPerMinute : limits.ipPerMinute),
    keyGenerator: (request) => (request.principal ? `p:${request.principal.userId}` : `ip:${request.ip}`),
    // Static files of the console and media are cheap and cacheable: only the API counts.
    allowList: (request) => !request.url.startsWith('/api/') || request.url.startsWith('/api/docs'),
    // Thrown, so the error handler answers it: an HttpError keeps its content there, as the address limit's does.
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, API_ERROR_MESSAGES.tooManyRequests, {
        retry_after_seconds: Math.max(1, Math.ceil(context.ttl / 1000)),
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

/**
 * For the auth guard: a request it refuses (no token, a made-up or revoked one) is counted against its address
 * like an anonymous one, and answered 429 instead of 401 once that address has used its minute up.
 */
export const refusedRequestCharger = (app: FastifyInstance) => {
  const limit = app.createRateLimit();
  return async (request: FastifyRequest) => {
    const counted = await limit(request);
    if (!counted.isAllowed && counted.isExceeded) {
      const retryAfter = Math.max(1, counted.ttlInSeconds);
      // The same headers as the global limit's 429, so a client reads both alike.
      throw new HttpError(
        429,
        API_ERROR_MESSAGES.tooManyRequests,
        { retry_after_seconds: retryAfter },
        {
          'retry-after': String(retryAfter),
          'x-ratelimit-limit': String(counted.max),
          'x-ratelimit-remaining': '0',
          'x-ratelimit-reset': String(retryAfter),
        },
      );
    }
  };
};

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

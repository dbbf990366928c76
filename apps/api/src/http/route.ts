import { isPermission, type TEndpoint, type TPermission, type TTokenKind } from '@laurel/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { HttpError, UNSUPPORTED_MEDIA_TYPE } from './errors';
import type { RouteRateLimit } from './rate-limits';

// `body?:` makes E['body'] `Schema | undefined`; a declared schema always yields its parsed value.
type Infer<T> = [Exclude<T, undefined>] extends [never]
  ? undefined
  : Exclude<T, undefined> extends z.ZodType
    ? z.output<Exclude<T, undefined>>
    : undefined;

export type RouteInput<E extends TEndpoint> = {
  query: Infer<E['query']>;
  body: Infer<E['body']>;
  params: Infer<E['params']>;
  request: FastifyRequest;
  reply: FastifyReply;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    permission?: TPermission;
    token?: TTokenKind;
    /** What the OpenAPI document is derived from (see src/openapi). */
    endpoint?: TEndpoint;
    successStatuses?: number[];
  }
}

/** `/v2/client/:id` in the contract is served at `/api/v2/client/:id`. */
export const apiPath = (path: string) => `/api${path}`;

/**
 * Registers one contract endpoint. Its permission and token kind go into the route config, where the
 * auth hook reads them and the onRoute check insists on them.
 */
export const route = <E extends TEndpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (input: RouteInput<E>) => Promise<z.input<E['response']>>,
  /**
   * `statuses`: the handler picks among several success statuses itself (e.g. 202 accepted, 200 duplicate).
   * `rateLimit`: a per-route limit tighter than the global one (see http/rate-limits).
   */
  options: {
    successStatus?: number;
    statuses?: number[];
    bodyLimit?: number;
    rateLimit?: RouteRateLimit;
  } = {},
) => {
  const successStatuses = options.statuses ?? [options.successStatus ?? 200];
  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: apiPath(endpoint.path),
    bodyLimit: options.bodyLimit,
    config: {
      permission: endpoint.permission,
      token: endpoint.token,
      endpoint,
      successStatuses,
      ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}),
    },
    schema: {
      summary: endpoint.summary,
      tags: endpoint.tags,
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      response: Object.fromEntries(successStatuses.map((status) => [status, endpoint.response])),
    },
    // No body at all is an empty one: the schema then names what is missing (or takes it, if nothing is required).
    ...(endpoint.body
      ? {
          preValidation: async (request: FastifyRequest) => {
            // A JSON `null` is a body of the wrong shape, refused as such.
            if (request.body === undefined) request.body = {};
            // A text body (text/plain, read as text for the routes that take a file as the body) is not JSON.
            if (/^text\//i.test(request.headers['content-type'] ?? ''))
              throw new HttpError(415, UNSUPPORTED_MEDIA_TYPE);
          },
        }
      : {}),
    handler: async (request, reply) => {
      const result = await handler({
        query: request.query as Infer<E['query']>,
        body: request.body as Infer<E['body']>,
        params: request.params as Infer<E['params']>,
        request,
        reply,
      });
      if (!options.statuses) reply.status(options.successStatus ?? 200);
      return endpoint.method === 'GET' ? withWholeListPagination(result) : result;
    },
  });
};

/**
 * A list is answered with its pagination (DESIGN §3); one its handler did not page (a client's webhook endpoints, a
 * player's rewards) is whole, and says so.
 */
const withWholeListPagination = <T>(result: T): T => {
  const envelope = result as { content?: unknown; pagination?: unknown } | null;
  if (envelope && Array.isArray(envelope.content) && envelope.pagination === undefined)
    return { ...envelope, pagination: { count: envelope.content.length, hasMore: false } } as T;
  return result;
};

/** Under /api every route must declare a permission; docs and static files (registered by plugins) are public. */
const isFrameworkRoute = (url: string) => !url.startsWith('/api/') || url.startsWith('/api/docs');

export type DeclaredRoute = {
  method: string;
  url: string;
  permission: TPermission;
  token: TTokenKind;
  /** Absent for framework routes; present for every route registered with `route()`. */
  endpoint?: TEndpoint;
  successStatuses: number[];
  bodyLimit?: number;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Every API route with its declared permission, for the tests that walk them all. */
    declaredRoutes: DeclaredRoute[];
  }
}

export const requireDeclaredPermission = (app: FastifyInstance) => {
  const declared: DeclaredRoute[] = [];
  app.decorate('declaredRoutes', declared);
  app.addHook('onRoute', (routeOptions) => {
    const config = (routeOptions.config ?? {}) as {
      permission?: unknown;
      token?: TTokenKind;
      endpoint?: TEndpoint;
      successStatuses?: number[];
    };
    if (isPermission(config.permission)) {
      const methods = Array.isArray(routeOptions.method) ? routeOptions.method : [routeOptions.method];
      for (const method of methods) {
        if (method !== 'HEAD') {
          declared.push({
            method,
            url: routeOptions.url,
            permission: config.permission,
            token: config.token ?? 'none',
            endpoint: config.endpoint,
            successStatuses: config.successStatuses ?? [200],
            bodyLimit: routeOptions.bodyLimit,
          });
        }
      }
      return;
    }
    if (isFrameworkRoute(routeOptions.url)) {
      routeOptions.config = { ...routeOptions.config, permission: 'PUBLIC', token: 'none' };
      return;
    }
    throw new Error(`Route ${routeOptions.method} ${routeOptions.url} does not declare a permission`);
  });
};

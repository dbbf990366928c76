import type { FastifyInstance } from 'fastify';

type InjectOptions = { method: string; url: string; headers?: Record<string, string>; payload?: unknown };

/**
 * The factories drive an app through `app.inject()` (status, body, json); this answers the same calls over HTTP,
 * so that they also set up a server running as a process of its own (test/server-process.ts).
 */
export const overHttp = (baseUrl: string) =>
  ({
    inject: async ({ method, url, headers = {}, payload }: InjectOptions) => {
      const res = await fetch(`${baseUrl}${url}`, {
        method,
        headers: payload === undefined ? headers : { 'content-type': 'application/json', ...headers },
        body: payload === undefined ? undefined : JSON.stringify(payload),
      });
      const body = await res.text();
      return { statusCode: res.status, body, json: () => JSON.parse(body) };
    },
  }) as unknown as FastifyInstance;

import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import { installHttpMetrics } from './http-metrics';

/**
 * The operator's metrics on the API: counted only when someone can read them (METRICS_TOKEN or METRICS_PORT), and
 * served here at GET /metrics only with METRICS_TOKEN, to its bearer alone (`OPERATOR`, checked by the auth
 * guard): no token of a business reaches them. Not in the OpenAPI document, which describes the tenants' API.
 */
export const registerMetrics = (app: FastifyInstance, ctx: AppContext) => {
  if (!ctx.config.metrics.enabled) return;
  installHttpMetrics(app, ctx.metrics);
  if (!ctx.config.metrics.token) return;
  app.route({
    method: 'GET',
    url: '/metrics',
    config: { permission: 'OPERATOR', token: 'none' },
    handler: async (_request, reply) => {
      const text = await ctx.metrics.scrape();
      return reply.type(ctx.metrics.contentType).send(text);
    },
  });
};

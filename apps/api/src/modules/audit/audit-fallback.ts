import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import { actorOf, recordAudit } from './audit';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Every successful signed-in write is audited: handlers record what changed; any write that did not
 * gets a generic entry here, so a new route cannot slip past the log.
 */
export const installAuditFallback = (app: FastifyInstance, db: Db) => {
  app.addHook('onResponse', async (request, reply) => {
    if (!WRITES.has(request.method) || reply.statusCode >= 400 || request.audited || !request.principal)
      return;
    if (request.routeOptions.config.endpoint?.readsOnly) return;
    const url = request.routeOptions.url ?? request.url;
    const entity = url.replace(/^\/api\/(v\d+\/)?/, '').split('/')[0] || 'api';
    const params = (request.params ?? {}) as Record<string, string>;
    try {
      await recordAudit(db, actorOf(request), {
        action: `${request.method} ${url}`,
        entity,
        entityId: params.id ?? null,
        summary: request.routeOptions.schema?.summary ?? `${request.method} ${url}`,
      });
    } catch (error) {
      request.log.error({ err: error }, 'audit entry could not be written');
    }
  });
};

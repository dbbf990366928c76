import { listAuditLog } from '@laurel/contract';
import { and, count, desc, eq, gte, ilike, lt, or, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { containsPattern, startOfDay, startOfNextDay, zoneForDays } from '../../db/filters';
import { auditLog } from '../../db/schema';
import { principalOf } from '../../http/auth/guard';
import { ok } from '../../http/envelope';
import { route } from '../../http/route';

export const auditRoutes = (app: FastifyInstance, ctx: AppContext) => {
  route(app, listAuditLog, async ({ query, request }) => {
    const { clientId } = principalOf(request);
    const conditions: SQL[] = [eq(auditLog.clientId, clientId)];
    if (query.actor_id) conditions.push(eq(auditLog.actorId, query.actor_id));
    if (query.entity) conditions.push(eq(auditLog.entity, query.entity));
    if (query.action) conditions.push(eq(auditLog.action, query.action));
    const timeZone = await zoneForDays(ctx.database.db, clientId, query.start_date, query.end_date);
    if (query.start_date) conditions.push(gte(auditLog.occurredAt, startOfDay(query.start_date, timeZone)));
    if (query.end_date) conditions.push(lt(auditLog.occurredAt, startOfNextDay(query.end_date, timeZone)));
    if (query.search_string) {
      const pattern = containsPattern(query.search_string);
      const match = or(ilike(auditLog.summary, pattern), ilike(auditLog.actorName, pattern));
      if (match) conditions.push(match);
    }
    const where = and(...conditions);
    const [rows, [total]] = await Promise.all([
      ctx.database.db
        .select()
        .from(auditLog)
        .where(where)
        .orderBy(desc(auditLog.occurredAt), desc(auditLog.id))
        .limit(query.size)
        .offset((query.page - 1) * query.size),
      ctx.database.db.select({ n: count() }).from(auditLog).where(where),
    ]);
    const n = total?.n ?? 0;
    return ok(
      rows.map((row) => ({
        _id: row.id,
        occurred_at: row.occurredAt.toISOString(),
        actor_id: row.actorId,
        actor_name: row.actorName,
        action: row.action,
        entity: row.entity,
        entity_id: row.entityId,
        summary: row.summary,
        changes: row.changes,
        ip: row.ip,
      })),
      'OK',
      { count: n, hasMore: query.page * query.size < n },
    );
  });
};

import { createApiKey, listApiKeys, revokeApiKey, type TApiKey } from '@laurel/contract';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { newId } from '../../db/ids';
import { apiKeys } from '../../db/schema';
import { newApiKey } from '../../http/auth/api-keys';
import { principalOf } from '../../http/auth/guard';
import { ok } from '../../http/envelope';
import { notFound } from '../../http/errors';
import { route } from '../../http/route';
import { actorOf, recordAudit } from '../audit/audit';

type ApiKeyRow = typeof apiKeys.$inferSelect;
const toApiKey = (row: ApiKeyRow): TApiKey => ({
  _id: row.id,
  name: row.name,
  prefix: row.prefix,
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
  revoked_at: row.revokedAt?.toISOString() ?? null,
});

export const apiKeyRoutes = (app: FastifyInstance, ctx: AppContext) => {
  const { db } = ctx.database;

  route(app, listApiKeys, async ({ request }) => {
    const principal = principalOf(request);
    const rows = await db
      .select()
      .from(apiKeys)
      .where(eq(apiKeys.clientId, principal.clientId))
      .orderBy(desc(apiKeys.createdAt));
    return ok(rows.map(toApiKey));
  });

  route(app, createApiKey, async ({ body, request }) => {
    const principal = principalOf(request);
    const { key, keyHash, prefix } = newApiKey();
    const row = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(apiKeys)
        .values({
          id: newId(),
          clientId: principal.clientId,
          name: body.name,
          prefix,
          keyHash,
          createdBy: principal.userId,
        })
        .returning();
      if (!created) throw new Error('insert returned nothing');
      await recordAudit(
        tx,
        actorOf(request),
        {
          action: 'integration.api_key_created',
          entity: 'integration',
          entityId: created.id,
          summary: `Created API key '${body.name}'`,
        },
        request,
      );
      return created;
    });
    return ok({ ...toApiKey(row), key }, 'API key created. Copy it now: it will not be shown again.');
  });

  route(app, revokeApiKey, async ({ params, request }) => {
    const principal = principalOf(request);
    const row = await db.transaction(async (tx) => {
      const [revoked] = await tx
        .update(apiKeys)
        .set({ revokedAt: new Date() })
        .where(
          and(eq(apiKeys.clientId, principal.clientId), eq(apiKeys.id, params.id), isNull(apiKeys.revokedAt)),
        )
        .returning();
      if (!revoked) throw notFound('The API key could not be found or is already revoked.');
      await recordAudit(
        tx,
        actorOf(request),
        {
          action: 'integration.api_key_revoked',
          entity: 'integration',
          entityId: revoked.id,
          summary: `Revoked API key '${revoked.name}'`,
        },
        request,
      );
      return revoked;
    });
    // Refused from now on in this process, and within a second in the others (auth-cache).
    ctx.authCache.changed(`key:${row.keyHash}`);
    return ok(toApiKey(row), 'API key revoked.');
  });
};

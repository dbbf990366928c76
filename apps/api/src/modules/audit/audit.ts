import type { TAuditAction } from '@laurel/contract';
import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/database';
import { newId } from '../../db/ids';
import { auditLog } from '../../db/schema';

/** Who did it, for which client, from where. */
export type Actor = { clientId: string; userId: string | null; name: string | null; ip: string | null };

export type AuditEntry = {
  /**
   * One of the contract's actions, each with its label and a place in the console's filter; or, from the fallback
   * hook of a handler that writes none, the request itself ('POST /api/…').
   */
  action: TAuditAction | `${string} ${string}`;
  entity: string;
  entityId?: string | null;
  summary: string;
  changes?: Record<string, { from: unknown; to: unknown }> | null;
};

declare module 'fastify' {
  interface FastifyRequest {
    /** Set once a handler has written its own audit entry; otherwise the fallback hook writes one. */
    audited?: boolean;
  }
}

export const actorOf = (request: FastifyRequest): Actor => {
  const principal = request.principal;
  if (!principal) throw new Error('actorOf needs a signed-in request');
  return {
    clientId: principal.clientId,
    userId: principal.userId,
    name: principal.name,
    ip: request.ip ?? null,
  };
};

/** The actor of a handler whose service writes its own audit entry (so the fallback hook writes none). */
export const auditedActor = (request: FastifyRequest): Actor => {
  request.audited = true;
  return actorOf(request);
};

/** A count and its noun for a summary, in the singular for exactly one: '1 row', '2 rows', '0 rows'. */
export const countOf = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`;

export const recordAudit = async (db: DbOrTx, actor: Actor, entry: AuditEntry, request?: FastifyRequest) => {
  await db.insert(auditLog).values({
    id: newId(),
    clientId: actor.clientId,
    actorId: actor.userId,
    actorName: actor.name,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId ?? null,
    summary: entry.summary,
    changes: entry.changes ?? null,
    ip: actor.ip,
  });
  if (request) request.audited = true;
};

const SECRET_FIELDS = /password|token|secret|hash/i;

/** What changed between two plain records, for the listed fields; secrets are noted, never copied. */
export const diffFields = <T extends Record<string, unknown>>(
  before: T | null,
  after: T,
  fields: (keyof T)[],
) => {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const field of fields) {
    const from = before ? before[field] : null;
    const to = after[field];
    if (JSON.stringify(from) === JSON.stringify(to)) continue;
    changes[String(field)] = SECRET_FIELDS.test(String(field)) ? { from: '•••', to: '•••' } : { from, to };
  }
  return changes;
};

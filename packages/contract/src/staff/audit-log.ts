import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint';
import { envelopeOf } from '../http/envelope';
import { ZPageQuery } from '../http/fields';
import { ZIsoDate } from '../shared/dates';
import { ZId } from '../shared/ids';

export const ZAuditEntry = z.object({
  _id: z.string(),
  occurred_at: z.string(),
  actor_id: z.string().nullable(),
  actor_name: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string().nullable(),
  summary: z.string(),
  changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })).nullable(),
  ip: z.string().nullable(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

export const listAuditLog = defineEndpoint({
  method: 'GET',
  path: '/audit-log',
  permission: 'ADMIN',
  token: 'client',
  summary: "The client's audit log, newest first",
  tags: ['audit'],
  query: ZPageQuery.extend({
    actor_id: ZId.optional(),
    entity: z.string().trim().max(60).optional(),
    action: z.string().trim().max(80).optional(),
    start_date: ZIsoDate.optional(),
    end_date: ZIsoDate.optional(),
  }),
  response: envelopeOf(z.array(ZAuditEntry)),
});

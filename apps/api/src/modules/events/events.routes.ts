import {
  EVENT_MESSAGES,
  ingestEvents as ingestEventsEndpoint,
  listEventLog,
  retryEvent,
} from '@laurel/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { readFor } from '../../db/read-side';
import { ingestEvents } from '../../engine';
import { branchScope } from '../../http/auth/branch-scope';
import { principalOf, requirePlanFeature } from '../../http/auth/guard';
import { ok } from '../../http/envelope';
import { badRequest, conflict, HttpError, notFound } from '../../http/errors';
import { route } from '../../http/route';
import { actorOf, recordAudit } from '../audit/audit';
import { findEventLogEntry, listEventLogRows, requeueParkedEvent } from './event-log.queries';

/** Event batches may be large (DESIGN §3). */
const EVENTS_BODY_LIMIT = 5 * 1024 * 1024;

export const eventRoutes = (app: FastifyInstance, ctx: AppContext) => {
  const { db } = ctx.database;

  route(
    app,
    ingestEventsEndpoint,
    async ({ body, request, reply }) => {
      const principal = principalOf(request);
      // The event log is this route's record; an audit entry per batch would only be noise.
      request.audited = true;
      const isBatch = 'events' in body && Array.isArray(body.events);
      const raw = isBatch ? (body.events as unknown[]) : [body];
      const answers = await ingestEvents(db, principal.clientId, raw, branchScope(principal));
      if (answers.some((answer) => answer.status === 'accepted')) ctx.engine.wake();
      if (isBatch) {
        reply.status(200);
        return ok(
          answers.map(({ field: _field, ...answer }) => answer),
          EVENT_MESSAGES.batchAnswered,
        );
      }
      const [answer] = answers;
      if (!answer) throw new HttpError(400, 'The event is invalid.');
      if (answer.status === 'rejected') {
        if (answer.error === EVENT_MESSAGES.conflict) throw conflict(EVENT_MESSAGES.conflict);
        throw badRequest([{ field: answer.field ?? '', message: answer.error ?? 'The event is invalid.' }]);
      }
      const { field: _field, ...content } = answer;
      reply.status(answer.status === 'accepted' ? 202 : 200);
      return ok(content, answer.status === 'accepted' ? EVENT_MESSAGES.accepted : EVENT_MESSAGES.duplicate);
    },
    { statuses: [200, 202], bodyLimit: EVENTS_BODY_LIMIT },
  );

  route(app, listEventLog, async ({ query, request, reply }) => {
    const principal = principalOf(request);
    // The event log is part of the Integrations feature (DESIGN §9); keys and sending events are on every plan.
    requirePlanFeature(principal, 'INTEGRATIONS');
    const { rows, count } = await listEventLogRows(
      (await readFor(ctx.reads, reply)).db,
      {
        clientId: principal.clientId,
        status: query.status,
        type: query.type,
        search: query.search_string || undefined,
      },
      query.page,
      query.size,
    );
    return ok(rows, 'OK', { count, hasMore: count > query.page * query.size });
  });

  route(app, retryEvent, async ({ params, request }) => {
    const principal = principalOf(request);
    requirePlanFeature(principal, 'INTEGRATIONS');
    const requeued = await db.transaction(async (tx) => {
      const done = await requeueParkedEvent(tx, principal.clientId, params.id);
      if (done) {
        await recordAudit(
          tx,
          actorOf(request),
          {
            action: 'integration.event_retried',
            entity: 'integration',
            entityId: params.id,
            summary: 'Retried a parked event',
          },
          request,
        );
      }
      return done;
    });
    const entry = await findEventLogEntry(db, principal.clientId, params.id);
    if (!entry) throw notFound(EVENT_MESSAGES.eventNotFound);
    if (!requeued) throw conflict(EVENT_MESSAGES.notParked);
    ctx.engine.wake();
    return ok(entry, EVENT_MESSAGES.retried);
  });
};

import { z } from 'zod';
import { ZCustomerExternalId } from '../customers/customers';
import { defineEndpoint } from '../http/endpoint';
import { envelopeOf } from '../http/envelope';
import { ZPageNumber, ZPageSize } from '../http/fields';
import { missingOrWrongType, namesField, plainIssueMessage } from '../http/issue-messages';
import { isoDateTime } from '../shared/dates';
import { ID_REGEX, ZId } from '../shared/ids';
import { EVENT_DATA_SCHEMAS } from './event-data';
import {
  EVENT_CLOCK_SKEW_MS,
  MAX_EVENTS_PER_BATCH,
  ZEngineEventType,
  ZEventIngestResult,
  ZEventStatus,
} from './event-types';

export const EVENT_MESSAGES = {
  accepted: 'Event accepted.',
  duplicate: 'Event already received.',
  batchAnswered: 'Events received.',
  conflict: 'An event with this id was already received with a different payload.',
  customerRequired:
    'customer must name exactly one of _id, email, cell_number, loyalty_number or external_id',
  customerNotFound: 'No customer matches this reference.',
  futureOccurredAt: 'occurred_at must not be in the future',
  batchTooLarge: `events must hold between 1 and ${MAX_EVENTS_PER_BATCH} events`,
  notParked: 'Only a parked event can be retried.',
  eventNotFound: 'The event could not be found.',
  retried: 'The event will be processed again.',
} as const;

/** Who the event is about: exactly one of the customer's identifiers. */
export const ZEventCustomerRef = z
  .object({
    _id: z.string().regex(ID_REGEX, 'must be 24 hexadecimal characters').optional(),
    email: z.string().trim().min(3).max(254).optional(),
    cell_number: z.string().trim().min(6).max(20).optional(),
    loyalty_number: z.string().trim().min(1).max(64).optional(),
    /** The client's own id for the customer (set when it was enrolled over the API). */
    external_id: ZCustomerExternalId.optional(),
  })
  .refine(
    (ref) =>
      [ref._id, ref.email, ref.cell_number, ref.loyalty_number, ref.external_id].filter(
        (v) => v !== undefined,
      ).length === 1,
    EVENT_MESSAGES.customerRequired,
  );
export type TEventCustomerRef = z.infer<typeof ZEventCustomerRef>;

const ZEventEnvelope = z.object({
  /** The integrator's idempotency key: a repeat is acknowledged and ignored. */
  id: z
    .string({ error: missingOrWrongType('id is required', 'id must be a string') })
    .trim()
    .min(1, 'id is required')
    .max(128, 'id must not be more than 128 characters'),
  type: ZEngineEventType,
  customer: ZEventCustomerRef,
  /** When it happened; without it, when Laurel received it (give it when you may resend the event). */
  occurred_at: isoDateTime('occurred_at must be an ISO 8601 date-time, e.g. 2026-11-24T10:15:00Z')
    .refine((value) => Date.parse(value) <= Date.now() + EVENT_CLOCK_SKEW_MS, EVENT_MESSAGES.futureOccurredAt)
    .optional(),
  branch_id: ZId.nullable().optional(),
  data: z.unknown().optional(),
});

/** One event as an integrator sends it; `data` is checked against its type's schema. */
export const ZIncomingEvent = ZEventEnvelope.superRefine((event, ctx) => {
  const parsed = EVENT_DATA_SCHEMAS[event.type].safeParse(event.data ?? {}, {
    // Where the type's schema gives no message, the plain one names the field from the event ('data.total …').
    error: (issue) => plainIssueMessage({ ...issue, path: ['data', ...(issue.path ?? [])] }),
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = ['data', ...issue.path].join('.');
      const message = namesField(issue.message, path) ? issue.message : `${path} ${issue.message}`;
      ctx.addIssue({ code: 'custom', path: ['data', ...issue.path], message });
    }
  }
}).transform((event) => ({
  ...event,
  data: EVENT_DATA_SCHEMAS[event.type].parse(event.data ?? {}) as Record<string, unknown>,
}));
export type TIncomingEvent = z.output<typeof ZIncomingEvent>;

export const ZEventIngestAnswer = z.object({
  id: z.string(),
  status: ZEventIngestResult,
  error: z.string().optional(),
});
export type TEventIngestAnswer = z.infer<typeof ZEventIngestAnswer>;

const exampleEvent = {
  id: 'till-7-000123',
  type: 'order.created',
  customer: { email: 'ayanda@example.com' },
  occurred_at: '2026-11-24T08:30:00+02:00',
  data: { order_id: 'A-1009', total: 84.5, items: [{ sku: 'FLAT-WHITE', quantity: 2, price: 42.25 }] },
};

/**
 * The body is checked event by event in the handler, so that a batch keeps its good events; the schema here
 * only bounds the shape and documents it.
 */
export const ZIngestEventsBody = z
  .looseObject({
    events: z
      .array(z.unknown())
      .min(1, EVENT_MESSAGES.batchTooLarge)
      .max(MAX_EVENTS_PER_BATCH, EVENT_MESSAGES.batchTooLarge)
      .optional(),
  })
  .meta({
    description:
      'One event, or `{ "events": [...] }` of up to 1,000. An event is `{ id, type, customer: { _id | email | cell_number | loyalty_number | external_id }, occurred_at, branch_id?, data }`.',
    examples: [
      exampleEvent,
      {
        events: [
          exampleEvent,
          {
            id: 'app-login-88',
            type: 'user.logged-in',
            customer: { loyalty_number: 'LRL000042' },
            occurred_at: '2026-11-24T09:00:00Z',
            data: {},
          },
          {
            id: 'stamp-17',
            type: 'statistic.update',
            customer: { _id: '5f1c2b3a4d5e6f7a8b9c0d1e' },
            occurred_at: '2026-11-24T09:05:00Z',
            data: { name: 'coffeeStamps', value: 1 },
          },
        ],
      },
    ],
  });

export const ingestEvents = defineEndpoint({
  method: 'POST',
  path: '/v1/events',
  permission: 'CUSTOMERS:update',
  token: 'integration',
  summary:
    'Send activity: one event (202 accepted, 200 duplicate, 409 same id with another payload, 400 invalid) or a batch (200 with a result per event, in request order)',
  tags: ['integrator'],
  body: ZIngestEventsBody,
  response: envelopeOf(z.union([ZEventIngestAnswer, z.array(ZEventIngestAnswer)])),
});

/** A row of the Event Log (Settings -> Integrations). */
export const ZEventLogEntry = z.object({
  _id: z.string(),
  event_id: z.string(),
  type: ZEngineEventType,
  customer_id: z.string(),
  customer_name: z.string().nullable(),
  occurred_at: z.string(),
  received_at: z.string(),
  processed_at: z.string().nullable(),
  status: ZEventStatus,
  attempts: z.number().int(),
  error: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
});
export type TEventLogEntry = z.infer<typeof ZEventLogEntry>;

export const ZEventLogQuery = z.object({
  page: ZPageNumber.default(1),
  size: ZPageSize.default(15),
  status: ZEventStatus.optional(),
  type: ZEngineEventType.optional(),
  /** The integrator's event id or the customer's id. */
  search_string: z.string().trim().max(200).optional(),
});
export type TEventLogQuery = z.input<typeof ZEventLogQuery>;

export const listEventLog = defineEndpoint({
  method: 'GET',
  path: '/integrations/events',
  permission: 'ADMIN',
  token: 'client',
  summary: 'The event log: recent events, newest first, with their processing status and error',
  tags: ['integrations'],
  planFeature: 'INTEGRATIONS',
  query: ZEventLogQuery,
  response: envelopeOf(z.array(ZEventLogEntry)),
});

export const retryEvent = defineEndpoint({
  method: 'POST',
  path: '/integrations/events/:id/retry',
  permission: 'ADMIN',
  token: 'client',
  summary: 'Process a parked event again',
  tags: ['integrations'],
  planFeature: 'INTEGRATIONS',
  params: z.object({ id: ZId }),
  response: envelopeOf(ZEventLogEntry),
});

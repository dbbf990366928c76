import { z } from 'zod';

/** Event types the engine accepts (DESIGN §5); integrators set their own statistics with statistic.update. */
export const ZEngineEventType = z.enum([
  'order.created',
  'order.status-change',
  'user.logged-in',
  'app.payment',
  'referral',
  'voucher.redeemed',
  'qr.scanned',
  'subscription.purchased',
  'gift.sent',
  'statistic.update',
]);
export type TEngineEventType = z.infer<typeof ZEngineEventType>;
export const ENGINE_EVENT_TYPES = ZEngineEventType.options;

/** Per-event result of ingestion (DESIGN §5). */
export const ZEventIngestResult = z.enum(['accepted', 'duplicate', 'rejected']);
export type TEventIngestResult = z.infer<typeof ZEventIngestResult>;

/**
 * Where a stored event is: waiting (accepted), applied (processed), recognised as a repeat of something already
 * counted (duplicate, e.g. a second order.created for one order), ignored for a suspended customer (skipped), or
 * failed and set aside until an admin retries it (parked). A parked event never blocks later ones.
 */
export const ZEventStatus = z.enum(['accepted', 'processed', 'duplicate', 'skipped', 'parked']);
export type TEventStatus = z.infer<typeof ZEventStatus>;
export const EVENT_STATUSES = ZEventStatus.options;

/** Events in one `{ "events": [...] }` request. */
export const MAX_EVENTS_PER_BATCH = 1000;
/** How far in the future an occurred_at may be (clock skew between a till and us). */
export const EVENT_CLOCK_SKEW_MS = 5 * 60_000;

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

/** Per-event result of a batch (DESIGN §5). */
export const ZEventIngestResult = z.enum(['accepted', 'duplicate', 'rejected']);
export type TEventIngestResult = z.infer<typeof ZEventIngestResult>;

/** Processing state of a stored event; a failed event is parked and can be retried. */
export const ZEventState = z.enum(['pending', 'processed', 'skipped', 'failed']);
export type TEventState = z.infer<typeof ZEventState>;
export const EVENT_STATES = ZEventState.options;

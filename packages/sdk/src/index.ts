export { Laurel, type LaurelOptions, type LaurelResponse } from './client';
export { LaurelError } from './errors';
export { operations } from './operations.generated';
export type {
  AnyOperation,
  EnvelopeOf,
  EventAnswer,
  EventInput,
  Page,
  RequestInput,
  RequestOptions,
  Resources,
} from './types';
export {
  type LaurelWebhookEvent,
  type LaurelWebhookEventData,
  type LaurelWebhookEventType,
  SIGNATURE_HEADER,
  type VerifyWebhookOptions,
  verifyWebhook,
  type WebhookFailure,
  type WebhookHeaders,
  WebhookVerificationError,
} from './webhooks';

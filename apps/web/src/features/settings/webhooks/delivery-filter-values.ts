import {
  type TWebhookDeliveryStatus,
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_TEST_EVENT_TYPE,
} from '@laurel/contract';
import type { TDeliveryEventType } from '@/features/settings/webhooks/api';

/** A status from the URL, or none when it is not one the API knows. */
export const deliveryStatusOf = (value: string) =>
  (WEBHOOK_DELIVERY_STATUSES as readonly string[]).includes(value)
    ? (value as TWebhookDeliveryStatus)
    : undefined;

/** An event type from the URL (the test event's too), or none when it is not one the API knows. */
export const deliveryEventTypeOf = (value: string) =>
  value === WEBHOOK_TEST_EVENT_TYPE || (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value)
    ? (value as TDeliveryEventType)
    : undefined;

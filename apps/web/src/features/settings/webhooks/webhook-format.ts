import {
  type TStatusChipColor,
  type TWebhookDelivery,
  type TWebhookEndpoint,
  WEBHOOK_EVENT_DESCRIPTIONS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_TEST_EVENT_TYPE,
} from '@laurel/contract';

type TEndpointLook = { label: string; color: TStatusChipColor };

/**
 * Active; Paused when someone switched it off (its deliveries wait); Disabled after failures, in red, when Laurel
 * switched it off because its deliveries failed for 3 days (the API's `disabled_reason` says so, until it is
 * switched on again). Two words for the two causes: the admin must not take Laurel's doing for their own.
 */
export const endpointStatusLook = (endpoint: TWebhookEndpoint): TEndpointLook => {
  if (endpoint.active) return { label: 'Active', color: 'success' };
  return endpoint.disabled_reason
    ? { label: 'Disabled after failures', color: 'danger' }
    : { label: 'Paused', color: 'neutral' };
};

/** Whether the endpoint receives every event type. */
export const receivesAllEventTypes = (types: readonly string[]) =>
  types.length === WEBHOOK_EVENT_TYPES.length;

/** '3 event types', or 'All event types' when it receives every one. */
export const eventTypesSummary = (types: readonly string[]) =>
  receivesAllEventTypes(types)
    ? 'All event types'
    : `${types.length} event type${types.length === 1 ? '' : 's'}`;

/** The attempt's outcome in a few words: '200', '500', or the error when no answer came. */
export const attemptOutcome = (attempt: { status_code: number | null; error: string | null }) =>
  attempt.status_code !== null ? `HTTP ${attempt.status_code}` : (attempt.error ?? 'No answer');

/** '84 ms', '1.2 s'. */
export const formatDuration = (ms: number) => (ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`);

/** What the deliveries that name no member are about. */
const SUBJECTS: Record<string, string> = {
  [WEBHOOK_TEST_EVENT_TYPE]: 'Test event',
  'event.parked': 'Parked event',
};

/**
 * What a delivery is about, in words: the member's name and email when it concerns one; else its type's subject
 * (a parked event with the type of the event set aside), so that no row shows a bare id.
 */
export const deliverySubject = (delivery: TWebhookDelivery): { title: string; detail: string | null } => {
  if (delivery.customer) return { title: delivery.customer.name, detail: delivery.customer.email };
  const parkedType = delivery.event_type === 'event.parked' ? delivery.body.data.event_type : undefined;
  return {
    title:
      SUBJECTS[delivery.event_type] ??
      WEBHOOK_EVENT_DESCRIPTIONS[delivery.event_type as keyof typeof WEBHOOK_EVENT_DESCRIPTIONS] ??
      delivery.event_type,
    detail: typeof parkedType === 'string' ? parkedType : null,
  };
};

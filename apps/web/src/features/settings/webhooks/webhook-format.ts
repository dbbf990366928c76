import { type TStatusChipColor, type TWebhookEndpoint, WEBHOOK_EVENT_TYPES } from '@laurel/contract';

type TEndpointLook = { label: string; color: TStatusChipColor };

/**
 * Active, or Disabled: red when Laurel switched it off (its deliveries failed for 3 days; the reason says so),
 * grey when someone switched it off.
 */
export const endpointStatusLook = (endpoint: TWebhookEndpoint): TEndpointLook =>
  endpoint.active
    ? { label: 'Active', color: 'success' }
    : { label: 'Disabled', color: endpoint.disabled_reason ? 'danger' : 'neutral' };

/** '3 event types', or 'All event types' when it receives every one. */
export const eventTypesSummary = (types: readonly string[]) =>
  types.length === WEBHOOK_EVENT_TYPES.length
    ? 'All event types'
    : `${types.length} event type${types.length === 1 ? '' : 's'}`;

/** The attempt's outcome in a few words: '200', '500', or the error when no answer came. */
export const attemptOutcome = (attempt: { status_code: number | null; error: string | null }) =>
  attempt.status_code !== null ? `HTTP ${attempt.status_code}` : (attempt.error ?? 'No answer');

/** '84 ms', '1.2 s'. */
export const formatDuration = (ms: number) => (ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`);

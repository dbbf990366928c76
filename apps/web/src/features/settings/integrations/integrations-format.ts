import {
  ENGINE_EVENT_TYPES,
  EVENT_STATUSES,
  type TEngineEventType,
  type TEventStatus,
  type TStatusChipColor,
} from '@laurel/contract';

const fullFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});
const cellDayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short' });
const cellDayYearFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});
const cellTimeFormat = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});
const dayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/** '24 Nov 2026, 10:15:02' in the browser's time zone. */
export const formatWhen = (iso: string) => fullFormat.format(new Date(iso));

/** A table cell's ['24 Nov', '10:15:02']: the year only when it is not this year. */
export const formatWhenParts = (iso: string, now = new Date()) => {
  const date = new Date(iso);
  const day = (date.getFullYear() === now.getFullYear() ? cellDayFormat : cellDayYearFormat).format(date);
  return [day, cellTimeFormat.format(date)] as const;
};

export const formatDay = (iso: string) => dayFormat.format(new Date(iso));

type TEventStatusLook = { label: string; color: TStatusChipColor; description: string };

/**
 * How each event status reads. The shared chip table knows 'accepted' as a success (an order accepted), but here
 * it means "still waiting", and 'parked' (failed) must stand out.
 */
export const EVENT_STATUS_LOOK: Record<TEventStatus, TEventStatusLook> = {
  accepted: { label: 'Accepted', color: 'secondary', description: 'Received; waiting to be processed.' },
  processed: {
    label: 'Processed',
    color: 'success',
    description: "Applied to the customer's statistics, segments and rewards.",
  },
  duplicate: {
    label: 'Duplicate',
    color: 'neutral',
    description: 'A repeat of something already counted; nothing changed.',
  },
  skipped: { label: 'Skipped', color: 'warning', description: 'Not applied: the customer is suspended.' },
  parked: { label: 'Parked', color: 'danger', description: 'Failed and set aside until you retry it.' },
};

export const EVENT_STATUS_OPTIONS = EVENT_STATUSES.map((status) => ({
  value: status,
  label: EVENT_STATUS_LOOK[status].label,
}));
export const EVENT_TYPE_OPTIONS = ENGINE_EVENT_TYPES.map((type) => ({ value: type, label: type }));

/**
 * A filter from the URL, or undefined when it is not one the API knows (a hand-edited link). Looked up in the
 * contract's lists rather than parsed by its schemas, so that the page loads no zod.
 */
export const eventStatusOf = (value: string): TEventStatus | undefined =>
  EVENT_STATUSES.find((status) => status === value);
export const eventTypeOf = (value: string): TEngineEventType | undefined =>
  ENGINE_EVENT_TYPES.find((type) => type === value);

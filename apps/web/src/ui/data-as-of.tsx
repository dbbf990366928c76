import { Group, Text, VisuallyHidden } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { useDataAsOf } from '@/api/data-as-of';

/** Why the time is shown: the hover title, and read after the time by assistive technology. */
export const REPLICA_NOTE =
  'Reports are read from a replica of the database and may be a few seconds behind.';

/** The user's locale, with seconds: a replica lags by seconds, so minutes would hide the lag. */
const timeFormat = new Intl.DateTimeFormat(undefined, {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});
const dateTimeFormat = new Intl.DateTimeFormat(undefined, {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** '14:03:27' for an instant of today (in the user's time zone), else with its date: '28 Nov 2026, 23:59:58'. */
export const formatDataAsOf = (asOf: Date, now: Date = new Date()) =>
  asOf.toDateString() === now.toDateString() ? timeFormat.format(asOf) : dateTimeFormat.format(asOf);

/**
 * "Data as of 14:03:27": shown while the last answer of `endpoint` came from a replica of the database (the API
 * then says up to when it had applied the primary's changes), nothing when it came from the primary.
 */
export const DataAsOf = ({ endpoint }: { endpoint: { path: string } }) => {
  const asOf = useDataAsOf(endpoint.path);
  if (!asOf) return null;
  return (
    <Group gap={4} wrap="nowrap" title={REPLICA_NOTE} style={{ cursor: 'help' }}>
      <IconClock size={14} aria-hidden color="var(--mantine-color-dimmed)" />
      <Text size="xs" c="dimmed">
        Data as of <time dateTime={asOf}>{formatDataAsOf(new Date(asOf))}</time>
        <VisuallyHidden> ({REPLICA_NOTE})</VisuallyHidden>
      </Text>
    </Group>
  );
};

import { consolePaths, type TEventLogEntry } from '@laurel/contract';
import { Anchor, Button, Code, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EventStatusChip } from '@/features/settings/integrations/components/event-status-chip';
import { formatWhen, formatWhenParts } from '@/features/settings/integrations/integrations-format';
import { INTEGRATION_TEXTS } from '@/features/settings/integrations/integrations-texts';
import type { TableColumn } from '@/ui/data-table';

/** Date over time, so that three time columns fit beside the rest; the pointer shows the full date. */
const when = (iso: string | null) => {
  if (!iso) return '—';
  const [day, time] = formatWhenParts(iso);
  return (
    <Stack gap={0} title={formatWhen(iso)} style={{ whiteSpace: 'nowrap' }}>
      <Text size="sm">{day}</Text>
      <Text size="xs" c="dimmed">
        {time}
      </Text>
    </Stack>
  );
};

export type TEventColumnActions = {
  open: (event: TEventLogEntry) => void;
  retry: (event: TEventLogEntry) => void;
  retryingId: string | undefined;
};

/** The Event Log's columns; Received is hidden until chosen in the column chooser. */
export const eventColumns = ({
  open,
  retry,
  retryingId,
}: TEventColumnActions): TableColumn<TEventLogEntry>[] => [
  {
    accessor: 'event_id',
    title: 'Event ID',
    render: (event) => (
      // A button too, so that the keyboard opens an event as well as the mouse.
      <Anchor
        component="button"
        type="button"
        size="sm"
        ff="monospace"
        c="inherit"
        ta="left"
        maw={150}
        title={event.event_id}
        style={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
        onClick={(click) => {
          click.stopPropagation();
          open(event);
        }}
      >
        {event.event_id}
      </Anchor>
    ),
  },
  { accessor: 'type', title: 'Type', noWrap: true, render: (event) => <Code>{event.type}</Code> },
  {
    accessor: 'customer_name',
    title: 'Customer',
    noWrap: true,
    render: (event) => (
      <Anchor
        component={Link}
        to={consolePaths.customerProfile(event.customer_id)}
        size="sm"
        onClick={(click) => click.stopPropagation()}
      >
        {event.customer_name ?? INTEGRATION_TEXTS.unknownCustomer}
      </Anchor>
    ),
  },
  { accessor: 'occurred_at', title: 'Occurred', render: (event) => when(event.occurred_at) },
  // Hidden until chosen: the row has room for two times, and the dialog shows all three.
  {
    accessor: 'received_at',
    title: 'Received',
    defaultToggle: false,
    render: (event) => when(event.received_at),
  },
  { accessor: 'processed_at', title: 'Processed', render: (event) => when(event.processed_at) },
  { accessor: 'status', title: 'Status', render: (event) => <EventStatusChip status={event.status} /> },
  {
    accessor: 'error',
    title: 'Error',
    render: (event) =>
      event.error ? (
        <Text size="sm" c="red" lineClamp={2} miw={160} maw={240} title={event.error}>
          {event.error}
        </Text>
      ) : (
        '—'
      ),
  },
  { accessor: 'attempts', title: 'Attempts', textAlign: 'right' },
  {
    accessor: 'actions',
    title: 'Actions',
    toggleable: false,
    textAlign: 'center',
    render: (event) =>
      event.status === 'parked' ? (
        <Button
          variant="light"
          size="compact-sm"
          leftSection={<IconRefresh size={14} aria-hidden />}
          aria-label={`Retry event ${event.event_id}`}
          loading={retryingId === event._id}
          onClick={(click) => {
            click.stopPropagation();
            retry(event);
          }}
        >
          {INTEGRATION_TEXTS.retry}
        </Button>
      ) : null,
  },
];

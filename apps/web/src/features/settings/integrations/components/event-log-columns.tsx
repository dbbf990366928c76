import { consolePaths, type TEventLogEntry } from '@laurel/contract';
import { Anchor, Code, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EventStatusChip } from '@/features/settings/integrations/components/event-status-chip';
import { eventOrder } from '@/features/settings/integrations/event-order';
import { formatWhen, formatWhenParts } from '@/features/settings/integrations/integrations-format';
import { INTEGRATION_TEXTS } from '@/features/settings/integrations/integrations-texts';
import { RowActionButton, RowActions, type TableColumn } from '@/ui/data-table';
import { breakAfterDots } from '@/ui/dotted-name';
import { middleEllipsis } from '@/ui/middle-ellipsis';

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
    render: (event) => {
      // An order's event is named by the order's number, not by Laurel's internal id ('order:6a1b…').
      const order = eventOrder(event);
      return (
        // A button too, so that the keyboard opens an event as well as the mouse.
        <Anchor
          component="button"
          type="button"
          size="sm"
          ff={order ? undefined : 'monospace'}
          c="inherit"
          ta="left"
          // A long id shows both ends (ids Laurel sends share their start); the whole id is its name, on hover and in
          // the dialog.
          title={event.event_id}
          aria-label={order ? undefined : event.event_id}
          style={{ display: 'block', whiteSpace: 'nowrap' }}
          onClick={(click) => {
            click.stopPropagation();
            open(event);
          }}
        >
          {order ? `${INTEGRATION_TEXTS.orderEvent} ${order.number}` : middleEllipsis(event.event_id, 12)}
        </Anchor>
      );
    },
  },
  {
    accessor: 'type',
    title: 'Type',
    render: (event) => (
      <Code display="inline-block" style={{ whiteSpace: 'nowrap' }}>
        {breakAfterDots(event.type)}
      </Code>
    ),
  },
  {
    accessor: 'customer_name',
    title: 'Customer',
    // A name may break between its words: the row has two lines for its times anyway.
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
  // The list's order (newest first by arrival): shown, so the order reads from the page even when senders' clocks
  // or late events make 'Occurred' jump about.
  { accessor: 'received_at', title: 'Received', render: (event) => when(event.received_at) },
  // Hidden until chosen: the row has room for two times (processing follows arrival within moments; the dialog shows
  // all three, and the status says whether it was processed).
  {
    accessor: 'processed_at',
    title: 'Processed',
    defaultToggle: false,
    render: (event) => when(event.processed_at),
  },
  { accessor: 'status', title: 'Status', render: (event) => <EventStatusChip status={event.status} /> },
  {
    accessor: 'error',
    title: 'Error',
    render: (event) =>
      event.error ? (
        // A long name in the message may break anywhere, so that it does not widen the column past its minimum.
        <Text
          size="sm"
          c="red"
          lineClamp={2}
          miw={120}
          maw={200}
          title={event.error}
          style={{ overflowWrap: 'anywhere' }}
        >
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
    textAlign: 'right',
    // An icon with its tooltip, as in the console's other rows: a worded button made the table too wide to fit,
    // and its Attempts column passed beneath the pinned Actions.
    render: (event) => (
      <RowActions>
        {event.status === 'parked' && (
          <RowActionButton
            label={INTEGRATION_TEXTS.retry}
            ariaLabel={`Retry event ${event.event_id}`}
            color="blue"
            icon={IconRefresh}
            loading={retryingId === event._id}
            onClick={() => retry(event)}
          />
        )}
      </RowActions>
    ),
  },
];

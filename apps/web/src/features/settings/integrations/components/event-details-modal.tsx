import { consolePaths, type TEventLogEntry } from '@laurel/contract';
import { Alert, Anchor, Button, Code, DataList, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EventStatusChip } from '@/features/settings/integrations/components/event-status-chip';
import { eventOrder } from '@/features/settings/integrations/event-order';
import { formatWhen } from '@/features/settings/integrations/integrations-format';
import { INTEGRATION_TEXTS } from '@/features/settings/integrations/integrations-texts';

type TEventDetailsModalProps = {
  event: TEventLogEntry | undefined;
  retrying: boolean;
  onRetry: (event: TEventLogEntry) => void;
  onClose: () => void;
};

/** The order an event of Laurel's order intake is about, by its number, linked to its page; nothing otherwise. */
const OrderItem = ({ event }: { event: TEventLogEntry }) => {
  const order = eventOrder(event);
  if (!order) return null;
  return (
    <DataList.Item>
      <DataList.ItemLabel>{INTEGRATION_TEXTS.orderEvent}</DataList.ItemLabel>
      <DataList.ItemValue>
        <Anchor component={Link} to={consolePaths.order(order.id)} size="sm">
          {order.number}
        </Anchor>
      </DataList.ItemValue>
    </DataList.Item>
  );
};

/** One event: where it stands, who it is about, its error and the data the integrator sent. */
export const EventDetailsModal = ({ event, retrying, onRetry, onClose }: TEventDetailsModalProps) => (
  <Modal
    opened={event !== undefined}
    onClose={onClose}
    title={event ? `Event ${event.event_id}` : ''}
    size="xl"
    styles={{ title: { wordBreak: 'break-all' } }}
  >
    {event && (
      <Stack gap="md">
        <Group gap="sm">
          <EventStatusChip status={event.status} />
          <Code>{event.type}</Code>
        </Group>
        <DataList labelWidth={110} gap="xs">
          <OrderItem event={event} />
          <DataList.Item>
            <DataList.ItemLabel>Customer</DataList.ItemLabel>
            <DataList.ItemValue>
              <Anchor component={Link} to={consolePaths.customerProfile(event.customer_id)} size="sm">
                {event.customer_name ?? INTEGRATION_TEXTS.unknownCustomer}
              </Anchor>
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Occurred</DataList.ItemLabel>
            <DataList.ItemValue>{formatWhen(event.occurred_at)}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Received</DataList.ItemLabel>
            <DataList.ItemValue>{formatWhen(event.received_at)}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Processed</DataList.ItemLabel>
            <DataList.ItemValue>
              {event.processed_at ? formatWhen(event.processed_at) : '—'}
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Attempts</DataList.ItemLabel>
            <DataList.ItemValue>{event.attempts}</DataList.ItemValue>
          </DataList.Item>
        </DataList>
        {event.error && (
          <Alert color="red" variant="light" title="Error" icon={<IconAlertCircle size={18} aria-hidden />}>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
              {event.error}
            </Text>
          </Alert>
        )}
        <Stack gap={6} role="group" aria-label="Event data">
          <Text size="sm" fw={600}>
            Data
          </Text>
          {/* Focusable, so that the keyboard can scroll long data. */}
          <Code block tabIndex={0} fz="xs" mah={360} style={{ overflow: 'auto' }}>
            {JSON.stringify(event.data, null, 2)}
          </Code>
        </Stack>
        <Group justify="flex-end" gap="sm">
          {event.status === 'parked' && (
            <Button
              variant="light"
              leftSection={<IconRefresh size={16} aria-hidden />}
              loading={retrying}
              onClick={() => onRetry(event)}
            >
              {INTEGRATION_TEXTS.retry}
            </Button>
          )}
          <Button variant="default" onClick={onClose} data-autofocus>
            Close
          </Button>
        </Group>
      </Stack>
    )}
  </Modal>
);

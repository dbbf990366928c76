import { BUTTON_LABELS, consolePaths, type TWebhookEndpoint } from '@laurel/contract';
import { Anchor, Code, Group, Paper, Stack, Switch, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconKey, IconPencil, IconSend } from '@tabler/icons-react';
import { Link } from 'react-router';
import {
  endpointStatusLook,
  eventTypesSummary,
  receivesAllEventTypes,
} from '@/features/settings/webhooks/webhook-format';
import { WEBHOOK_TEXTS } from '@/features/settings/webhooks/webhook-texts';
import { breakableUrl, URL_WRAP_STYLE } from '@/ui/breakable-url';
import { RowActionButton, RowActions, RowDeleteButton } from '@/ui/data-table';
import { LazyTooltip } from '@/ui/lazy-tooltip';
import { StatusChip } from '@/ui/status-chip';

export type TEndpointActions = {
  onEdit: (endpoint: TWebhookEndpoint) => void;
  onToggle: (endpoint: TWebhookEndpoint, active: boolean) => void;
  onRotate: (endpoint: TWebhookEndpoint) => void;
  onTest: (endpoint: TWebhookEndpoint) => void;
  onDelete: (endpoint: TWebhookEndpoint) => void;
  /** The endpoint a request is running for, and which. */
  busy: { id: string; action: 'toggle' | 'rotate' | 'test' | 'delete' } | null;
};

type TWebhookEndpointsTableProps = TEndpointActions & { endpoints: TWebhookEndpoint[]; loading: boolean };

/**
 * The event types as codes; past three, the rest are counted and listed on hover. Every type is just 'All event
 * types': three of fifteen named after it would say it twice.
 */
const EventTypes = ({ types }: { types: TWebhookEndpoint['event_types'] }) => {
  if (receivesAllEventTypes(types)) return <Text size="sm">{eventTypesSummary(types)}</Text>;
  const shown = types.slice(0, 3);
  const rest = types.length - shown.length;
  return (
    <Stack gap={4}>
      <Text size="sm">{eventTypesSummary(types)}</Text>
      <Group gap={4}>
        {shown.map((type) => (
          <Code key={type} fz="xs">
            {type}
          </Code>
        ))}
        {rest > 0 && (
          <LazyTooltip label={types.slice(3).join(', ')} multiline w={260} withArrow>
            <Text span size="xs" c="dimmed" tabIndex={0}>
              {`+${rest} more`}
            </Text>
          </LazyTooltip>
        )}
      </Group>
    </Stack>
  );
};

const Count = ({ value, color }: { value: number; color: string }) => (
  <Text size="sm" c={value > 0 ? color : 'dimmed'} fw={value > 0 ? 600 : undefined}>
    {value.toLocaleString('en-US')}
  </Text>
);

/** At most 20 endpoints: one plain table without paging, like the API keys above it. */
export const WebhookEndpointsTable = ({
  endpoints,
  loading,
  busy,
  onEdit,
  onToggle,
  onRotate,
  onTest,
  onDelete,
}: TWebhookEndpointsTableProps) => (
  <Paper withBorder radius="md">
    <Table.ScrollContainer minWidth={860} type="native">
      <Table verticalSpacing="sm" highlightOnHover aria-label={WEBHOOK_TEXTS.title}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>URL</Table.Th>
            <Table.Th>Event types</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th ta="right">Pending</Table.Th>
            <Table.Th ta="right">Failed</Table.Th>
            <Table.Th>Active</Table.Th>
            <Table.Th w={170}>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {endpoints.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={7}>
                <Text size="sm" c="dimmed" ta="center" py="md">
                  {loading ? 'Loading your webhook endpoints…' : WEBHOOK_TEXTS.noEndpoints}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            endpoints.map((endpoint) => {
              const look = endpointStatusLook(endpoint);
              const busyWith = busy?.id === endpoint._id ? busy.action : null;
              return (
                <Table.Tr key={endpoint._id}>
                  <Table.Td miw={280} maw={380}>
                    <Stack gap={2}>
                      <Anchor
                        component={Link}
                        to={consolePaths.webhookDeliveries(endpoint._id)}
                        size="sm"
                        fw={600}
                        style={URL_WRAP_STYLE}
                        aria-label={`Deliveries of ${endpoint.url}`}
                      >
                        {breakableUrl(endpoint.url)}
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        Signing secret <Code fz="xs">{endpoint.secret_hint}</Code>
                      </Text>
                    </Stack>
                  </Table.Td>
                  <Table.Td miw={200}>
                    <EventTypes types={endpoint.event_types} />
                  </Table.Td>
                  <Table.Td maw={240}>
                    <Stack gap={4} align="flex-start">
                      <StatusChip status={look.label} label={look.label} color={look.color} />
                      {endpoint.disabled_reason && (
                        <Text size="xs" c="red" lineClamp={3} title={endpoint.disabled_reason}>
                          {endpoint.disabled_reason}
                        </Text>
                      )}
                    </Stack>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Count value={endpoint.pending} color="blue" />
                  </Table.Td>
                  <Table.Td ta="right">
                    <Count value={endpoint.failed} color="red" />
                  </Table.Td>
                  <Table.Td>
                    <Switch
                      aria-label={`Active: ${endpoint.url}`}
                      checked={endpoint.active}
                      disabled={busyWith === 'toggle'}
                      onChange={(event) => onToggle(endpoint, event.currentTarget.checked)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <RowActions>
                      <RowActionButton
                        label={WEBHOOK_TEXTS.sendTest}
                        ariaLabel={`${WEBHOOK_TEXTS.sendTest} to ${endpoint.url}`}
                        color="blue"
                        icon={IconSend}
                        loading={busyWith === 'test'}
                        onClick={() => onTest(endpoint)}
                      />
                      <RowActionButton
                        label={BUTTON_LABELS.edit}
                        ariaLabel={`Edit ${endpoint.url}`}
                        color="gray"
                        icon={IconPencil}
                        onClick={() => onEdit(endpoint)}
                      />
                      <RowActionButton
                        label={WEBHOOK_TEXTS.rotate}
                        ariaLabel={`${WEBHOOK_TEXTS.rotate} of ${endpoint.url}`}
                        color="orange"
                        icon={IconKey}
                        loading={busyWith === 'rotate'}
                        onClick={() => onRotate(endpoint)}
                      />
                      <RowDeleteButton
                        name={endpoint.url}
                        loading={busyWith === 'delete'}
                        onClick={() => onDelete(endpoint)}
                      />
                    </RowActions>
                  </Table.Td>
                </Table.Tr>
              );
            })
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  </Paper>
);

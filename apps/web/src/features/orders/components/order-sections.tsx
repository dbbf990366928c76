import {
  consolePaths,
  formatMoney,
  localCellNumber,
  PARCEL_FINAL_STATUSES,
  type TOrderDetail,
  type TOrderLine,
} from '@laurel/contract';
import { Anchor, Badge, Divider, Group, Paper, Stack, Table, Text, Timeline, Title } from '@mantine/core';
import { IconCircleCheck, IconCircleDashed, IconPackage, IconUser } from '@tabler/icons-react';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { StatusMoves } from '@/features/orders/components/status-moves';
import { displayDateTime, ORDER_TEXTS, percent } from '@/features/orders/order-format';
import { StatusChip } from '@/ui/status-chip';

type TSectionProps = { title: string; actions?: ReactNode; children: ReactNode };

/** A titled box of the order page; its title names the region for assistive technology. */
export const OrderSection = ({ title, actions, children }: TSectionProps) => {
  const id = useId();
  return (
    <Paper component="section" aria-labelledby={id} withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Group justify="space-between" align="center" mih={28}>
          <Title id={id} order={2} fz="h4">
            {title}
          </Title>
          {actions}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
};

/** Who bought: a member links to their profile; a guest shows what the channel knew. */
export const CustomerSection = ({ order }: { order: TOrderDetail }) => (
  <OrderSection title={ORDER_TEXTS.customer}>
    <Stack gap={6}>
      <Group gap="xs" wrap="nowrap">
        <IconUser size={16} aria-hidden />
        {order.customer_id ? (
          <Anchor component={Link} to={consolePaths.customerProfile(order.customer_id)} fw={600}>
            {order.customer}
          </Anchor>
        ) : (
          <Text fw={600}>{order.customer}</Text>
        )}
        {order.guest && (
          <Badge variant="default" radius="sm" tt="none">
            {ORDER_TEXTS.guest}
          </Badge>
        )}
      </Group>
      <Text size="sm" c="dimmed" style={{ wordBreak: 'break-word' }}>
        {order.email ?? '-'}
      </Text>
      <Text size="sm" c="dimmed">
        {order.contact_number ? (localCellNumber(order.contact_number) ?? order.contact_number) : '-'}
      </Text>
      <Text size="xs" c="dimmed" mt={4}>
        {order.guest ? ORDER_TEXTS.guestNote : order.counted ? ORDER_TEXTS.counted : ORDER_TEXTS.notCounted}
      </Text>
    </Stack>
  </OrderSection>
);

/** The lines with quantities and VAT-inclusive prices, then the totals and the VAT they contain. */
export const ItemsSection = ({ order, symbol }: { order: TOrderDetail; symbol: string }) => {
  const money = (amount: number) => formatMoney(amount, symbol);
  const line = (item: TOrderLine) => (
    <Table.Tr key={item._id}>
      <Table.Td>
        <Text size="sm" fw={500}>
          {item.title}
        </Text>
        {item.sku && (
          <Text size="xs" c="dimmed" ff="monospace">
            {item.sku}
          </Text>
        )}
      </Table.Td>
      <Table.Td ta="right">{item.quantity}</Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
        {money(item.unit_price)}
      </Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
        {money(item.line_total)}
      </Table.Td>
    </Table.Tr>
  );
  const totals: [string, string, boolean?][] = [
    ['Subtotal', money(order.subtotal)],
    ...(order.delivery_fee > 0 || order.method === 'DELIVERY'
      ? ([['Delivery fee', money(order.delivery_fee)]] as [string, string][])
      : []),
    ['Total', money(order.total), true],
    [`Includes VAT (${percent(order.vat_rate)})`, money(order.vat)],
    ['Total excl. VAT', money(order.total_excl_vat)],
  ];
  return (
    <OrderSection title={ORDER_TEXTS.items}>
      <Table.ScrollContainer minWidth={420}>
        <Table verticalSpacing="sm" aria-label={ORDER_TEXTS.items}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Product</Table.Th>
              <Table.Th ta="right">Quantity</Table.Th>
              <Table.Th ta="right">Unit Price</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>{order.items.map(line)}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack gap={6} ml="auto" w={{ base: '100%', xs: 320 }} role="group" aria-label={ORDER_TEXTS.totals}>
        {totals.map(([label, value, strong]) => (
          <Stack key={label} gap={6}>
            {strong && <Divider />}
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm" fw={strong ? 700 : 400} c={strong ? undefined : 'dimmed'}>
                {label}
              </Text>
              <Text size={strong ? 'md' : 'sm'} fw={strong ? 700 : 500}>
                {value}
              </Text>
            </Group>
          </Stack>
        ))}
      </Stack>
    </OrderSection>
  );
};

type TParcelsProps = {
  order: TOrderDetail;
  canMove: boolean;
  busy: boolean;
  onMove: (parcelId: string, status: string) => void;
};

/** Each parcel with its status and the moves allowed from it. */
export const ParcelsSection = ({ order, canMove, busy, onMove }: TParcelsProps) => (
  <OrderSection title={ORDER_TEXTS.parcels}>
    {order.parcels.length === 0 ? (
      <Text size="sm" c="dimmed">
        {ORDER_TEXTS.noParcels}
      </Text>
    ) : (
      <Stack gap="sm">
        {order.parcels.map((parcel) => {
          const name = `Parcel ${parcel.number}`;
          return (
            <Paper
              key={parcel._id}
              withBorder
              radius="md"
              p="sm"
              role="group"
              aria-label={name}
              bg="var(--mantine-color-default-hover)"
            >
              <Group justify="space-between" gap="sm">
                <Group gap="sm">
                  <IconPackage size={18} aria-hidden />
                  <Text fw={600} size="sm">
                    {name}
                  </Text>
                  <StatusChip status={parcel.status} />
                  <Text size="xs" c="dimmed">
                    {displayDateTime(parcel.updated_at)}
                  </Text>
                </Group>
                {canMove && parcel.next_statuses.length > 0 ? (
                  <StatusMoves
                    subject={name.toLowerCase()}
                    moves={parcel.next_statuses}
                    busy={busy}
                    size="xs"
                    onMove={(status) => onMove(parcel._id, status)}
                  />
                ) : (
                  parcel.next_statuses.length === 0 && (
                    <Text size="xs" c="dimmed">
                      {order.next_statuses.length === 0 && !PARCEL_FINAL_STATUSES.includes(parcel.status)
                        ? ORDER_TEXTS.orderClosedForParcels
                        : ORDER_TEXTS.parcelFinal}
                    </Text>
                  )
                )}
              </Group>
            </Paper>
          );
        })}
      </Stack>
    )}
  </OrderSection>
);

/** The append-only history, oldest first: the order's own moves and its parcels'. */
export const HistorySection = ({ order }: { order: TOrderDetail }) => {
  const entries = [...order.status_history].sort((a, b) => a.seq - b.seq);
  return (
    <OrderSection title={ORDER_TEXTS.history}>
      {entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          {ORDER_TEXTS.noHistory}
        </Text>
      ) : (
        <Timeline active={entries.length - 1} bulletSize={22} lineWidth={2} aria-label={ORDER_TEXTS.history}>
          {entries.map((entry) => (
            <Timeline.Item
              key={entry.seq}
              bullet={
                entry.parcel === null ? (
                  <IconCircleCheck size={14} aria-hidden />
                ) : (
                  <IconCircleDashed size={14} aria-hidden />
                )
              }
              title={
                <Text size="sm" fw={600}>
                  {entry.parcel === null ? 'Order' : `Parcel ${entry.parcel}`}:{' '}
                  {entry.from_status ? `${entry.from_status} → ` : ''}
                  {entry.to_status}
                </Text>
              }
            >
              <Text size="xs" c="dimmed">
                {displayDateTime(entry.changed_at)}
                {entry.changed_by ? ` · ${entry.changed_by}` : ''}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </OrderSection>
  );
};

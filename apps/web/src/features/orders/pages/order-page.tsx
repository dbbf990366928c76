import { consolePaths, type TOrderDetail, type TOrderStatus, type TParcelStatus } from '@laurel/contract';
import { Alert, Grid, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useSession } from '@/api/use-session';
import { useClientRecord } from '@/app/console/client-record';
import { orderQuery, useChangeOrderStatus } from '@/features/orders/api';
import {
  CustomerSection,
  HistorySection,
  ItemsSection,
  ParcelsSection,
} from '@/features/orders/components/order-sections';
import { StatusMoves } from '@/features/orders/components/status-moves';
import {
  displayDateTime,
  methodLabel,
  ORDER_TEXTS,
  paymentLabel,
  paymentLocationLabel,
} from '@/features/orders/order-format';
import { mayMoveOrders } from '@/features/orders/order-rules';
import { BackButton } from '@/ui/editor-page';
import { Fact } from '@/ui/fact';
import { PageLoader } from '@/ui/page-loader';
import { PageTitle } from '@/ui/page-title';
import { StatusChip } from '@/ui/status-chip';

const BackToOrders = () => <BackButton to={consolePaths.orders}>{ORDER_TEXTS.backToOrders}</BackButton>;

type THeaderProps = {
  order: TOrderDetail;
  canMove: boolean;
  busy: boolean;
  onMove: (status: string) => void;
};

const OrderHeader = ({ order, canMove, busy, onMove }: THeaderProps) => (
  <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={4}>
          <Group gap="sm">
            <Title order={1} fz="h2">
              Order {order.code}
            </Title>
            <StatusChip status={order.status} />
          </Group>
          {order.order_id && order.order_id !== order.code && (
            <Text size="sm" c="dimmed">
              Channel order id{' '}
              <Text span ff="monospace">
                {order.order_id}
              </Text>
            </Text>
          )}
        </Stack>
        {canMove &&
          (order.next_statuses.length > 0 ? (
            <Stack gap={6} align="flex-end" role="group" aria-label={ORDER_TEXTS.moveOrder}>
              <StatusMoves subject="the order" moves={order.next_statuses} busy={busy} onMove={onMove} />
            </Stack>
          ) : (
            <Text size="sm" c="dimmed" maw={260}>
              {ORDER_TEXTS.finalStatus}
            </Text>
          ))}
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="md">
        <Fact label="Order Date">{displayDateTime(order.order_date)}</Fact>
        <Fact label="Branch">{order.branch?.display_name ?? '—'}</Fact>
        <Fact label="Method">{methodLabel(order.method)}</Fact>
        <Fact label="ETA">{displayDateTime(order.expected_fulfilment_date)}</Fact>
        <Fact label="Payment">{paymentLabel(order.payment_method)}</Fact>
        <Fact label="Paid">{paymentLocationLabel(order.payment_location)}</Fact>
      </SimpleGrid>
    </Stack>
  </Paper>
);

const Order = ({ id }: { id: string }) => {
  const user = useSession()?.user;
  const symbol = useClientRecord().data?.currency_symbol ?? 'R';
  const order = useQuery(orderQuery(id));
  const change = useChangeOrderStatus(id);
  const canMove = mayMoveOrders(user);

  if (order.isPending) return <PageLoader label="Loading the order" />;
  if (!order.data)
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} title={ORDER_TEXTS.notLoaded}>
        {order.error?.message}
      </Alert>
    );
  const data = order.data;
  const busy = change.isPending;

  return (
    <Stack gap="lg">
      <PageTitle title={`Order ${data.code}`} />
      <OrderHeader
        order={data}
        canMove={canMove}
        busy={busy}
        onMove={(status) => change.mutate({ kind: 'order', status: status as TOrderStatus })}
      />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="md">
            <ItemsSection order={data} symbol={symbol} />
            <ParcelsSection
              order={data}
              canMove={canMove}
              busy={busy}
              onMove={(parcelId, status) =>
                change.mutate({ kind: 'parcel', parcelId, status: status as TParcelStatus })
              }
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="md">
            <CustomerSection order={data} />
            <HistorySection order={data} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
};

/** `/console/order/{id}` (DESIGN §7): the order, its items and totals, parcels, history and the legal moves. */
export const OrderPage = () => {
  const { id = '' } = useParams();
  return (
    <Stack gap="md">
      <BackToOrders />
      {id && <Order key={id} id={id} />}
    </Stack>
  );
};

import {
  BASKET_MESSAGES,
  consolePaths,
  FULFILMENT_METHOD_LABELS,
  formatMoney,
  mayUse,
  PAGE_SIZES,
  type TBasketRow,
  type TCustomerOrderSummaryRow,
} from '@laurel/contract';
import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '@/api/use-session';
import { customerBasketsQuery } from '@/features/baskets';
import { ProfileSection } from '@/features/customers/components/profile-section';
import { displayCellNumber, displayDate } from '@/features/customers/customer-format';
import { customerOrdersQuery } from '@/features/orders';
import { CustomerSubscriptionsTable, IssueSubscriptionAction } from '@/features/subscriptions';
import { DataTable, type TableColumn } from '@/ui/data-table';
import { StatusChip } from '@/ui/status-chip';

const PAGE_SIZE = PAGE_SIZES.picker;

type TTablesProps = { customerId: string; currencySymbol: string };

const method = (value: keyof typeof FULFILMENT_METHOD_LABELS | null) =>
  value ? FULFILMENT_METHOD_LABELS[value] : '—';

/** The customer's baskets (`GET /api/v2/user/basket/list`), newest change first. */
const BasketsTable = ({ customerId, currencySymbol }: TTablesProps) => {
  const [page, setPage] = useState(1);
  const baskets = useQuery(customerBasketsQuery(customerId, page, PAGE_SIZE));
  const columns: TableColumn<TBasketRow>[] = [
    {
      accessor: 'updated_at',
      title: 'Date',
      noWrap: true,
      render: (basket) => displayDate(basket.updated_at),
    },
    { accessor: 'item_count', title: 'Items', textAlign: 'right' },
    {
      accessor: 'total',
      title: 'Total',
      textAlign: 'right',
      noWrap: true,
      render: (basket) => formatMoney(basket.total, currencySymbol),
    },
    {
      accessor: 'branch',
      title: 'Branch',
      render: (basket) => basket.branch?.display_name ?? BASKET_MESSAGES.missingValue,
    },
    { accessor: 'type', title: 'Type', render: (basket) => FULFILMENT_METHOD_LABELS[basket.type] },
    { accessor: 'status', title: 'Status', render: (basket) => <StatusChip status={basket.status} /> },
  ];
  return (
    <ProfileSection title="Baskets">
      <DataTable<TBasketRow>
        label="Baskets"
        columns={columns}
        records={baskets.data?.baskets ?? []}
        totalRecords={baskets.data?.count ?? 0}
        page={page}
        pageSize={PAGE_SIZE}
        onPageChange={setPage}
        fetching={baskets.isFetching}
      />
    </ProfileSection>
  );
};

/**
 * The customer's orders (`GET /api/v2/user/list/order/summary`) with the spec's customer order columns; a row
 * opens the order.
 */
const OrdersTable = ({ customerId, currencySymbol }: TTablesProps) => {
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const orders = useQuery(customerOrdersQuery(customerId, page, PAGE_SIZE));
  const columns: TableColumn<TCustomerOrderSummaryRow>[] = [
    {
      accessor: 'code',
      title: 'Code',
      noWrap: true,
      render: (order) => (
        <Text size="sm" ff="monospace">
          {order.code}
        </Text>
      ),
    },
    // The spec's customer order columns (spec 1 §2.15): customer, email and phone number each a column of its own.
    { accessor: 'customer', title: 'Customer' },
    {
      accessor: 'email',
      title: 'Email',
      render: (order) => (
        <Text size="sm" style={{ wordBreak: 'break-word' }}>
          {order.email ?? BASKET_MESSAGES.missingValue}
        </Text>
      ),
    },
    {
      accessor: 'phone_number',
      title: 'Phone Number',
      noWrap: true,
      render: (order) =>
        order.phone_number ? displayCellNumber(order.phone_number) : BASKET_MESSAGES.missingValue,
    },
    { accessor: 'date', title: 'Date', noWrap: true, render: (order) => displayDate(order.date) },
    {
      accessor: 'amount',
      title: 'Amount',
      textAlign: 'right',
      noWrap: true,
      render: (order) => formatMoney(order.amount, currencySymbol),
    },
    { accessor: 'branch', title: 'Branch', render: (order) => order.branch?.display_name ?? '—' },
    { accessor: 'method', title: 'Method', render: (order) => method(order.method) },
    {
      accessor: 'status',
      title: 'Status',
      noWrap: true,
      render: (order) => <StatusChip status={order.status} />,
    },
  ];
  return (
    <ProfileSection title="Orders">
      <DataTable<TCustomerOrderSummaryRow>
        label="Orders"
        columns={columns}
        records={orders.data?.orders_list ?? []}
        totalRecords={orders.data?.count ?? 0}
        page={page}
        pageSize={PAGE_SIZE}
        onPageChange={setPage}
        fetching={orders.isFetching}
        onRowClick={(order) => void navigate(consolePaths.order(order._id))}
      />
    </ProfileSection>
  );
};

/** The customer's subscriptions and, with SUBSCRIPTIONS create, 'Issue Subscription' (spec 1 §2.11, §2.14). */
const SubscriptionsTable = ({ customerId, currencySymbol, erased }: TTablesProps & { erased?: boolean }) => (
  <ProfileSection
    title="Subscriptions"
    actions={erased ? undefined : <IssueSubscriptionAction customerId={customerId} />}
  >
    <CustomerSubscriptionsTable customerId={customerId} currencySymbol={currencySymbol} />
  </ProfileSection>
);

/**
 * The customer's commerce tables (spec 1 §2.11): baskets, subscriptions and orders, each shown to holders of its
 * area's View flag only (the API refuses the others, and an error modal over an empty table would say nothing true).
 * An erased member (privacy) keeps their history but is issued nothing new.
 */
export const ProfileTables = ({
  customerId,
  currencySymbol,
  erased,
}: TTablesProps & { erased?: boolean }) => {
  const user = useSession()?.user;
  return (
    <>
      {mayUse(user, 'BASKETS', 'read') && (
        <BasketsTable customerId={customerId} currencySymbol={currencySymbol} />
      )}
      {mayUse(user, 'SUBSCRIPTIONS', 'read') && (
        <SubscriptionsTable customerId={customerId} currencySymbol={currencySymbol} erased={erased} />
      )}
      {mayUse(user, 'ORDERS', 'read') && (
        <OrdersTable customerId={customerId} currencySymbol={currencySymbol} />
      )}
    </>
  );
};

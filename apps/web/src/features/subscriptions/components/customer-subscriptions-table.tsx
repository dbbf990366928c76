import {
  formatMoney,
  PAGE_SIZES,
  SUBSCRIPTION_PAYMENT_TYPE_LABELS,
  type TCustomerSubscription,
} from '@laurel/contract';
import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { customerSubscriptionsQuery } from '@/features/subscriptions/api';
import { PlanImage } from '@/features/subscriptions/components/plan-image';
import { displayDate, trueFalse } from '@/features/subscriptions/subscription-format';
import { DataTable, type TableColumn } from '@/ui/data-table';
import { StatusChip } from '@/ui/status-chip';

type TProps = { customerId: string; currencySymbol?: string };

/**
 * The customer's subscriptions (`GET /api/v2/user/subscriptions`): Image, Title, Start Date, End Date, Free Trial
 * (True or False), Payment Type, Last Redemption Date, Status (spec 1 §2.14).
 */
export const CustomerSubscriptionsTable = ({ customerId, currencySymbol = 'R' }: TProps) => {
  const [page, setPage] = useState(1);
  const size = PAGE_SIZES.picker;
  const list = useQuery(customerSubscriptionsQuery(customerId, page, size));
  const columns: TableColumn<TCustomerSubscription>[] = [
    {
      accessor: 'image',
      title: 'Image',
      width: 80,
      render: (row) => <PlanImage src={row.image} alt={row.title} />,
    },
    {
      accessor: 'title',
      title: 'Title',
      render: (row) => (
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            {row.title}
          </Text>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {formatMoney(row.price, currencySymbol)}
          </Text>
        </Stack>
      ),
    },
    {
      accessor: 'start_date',
      title: 'Start Date',
      noWrap: true,
      render: (row) => displayDate(row.start_date),
    },
    { accessor: 'end_date', title: 'End Date', noWrap: true, render: (row) => displayDate(row.end_date) },
    { accessor: 'free_trial', title: 'Free Trial', render: (row) => trueFalse(row.free_trial) },
    {
      accessor: 'payment_type',
      title: 'Payment Type',
      noWrap: true,
      render: (row) => SUBSCRIPTION_PAYMENT_TYPE_LABELS[row.payment_type],
    },
    {
      accessor: 'last_redemption_date',
      title: 'Last Redemption Date',
      noWrap: true,
      render: (row) => displayDate(row.last_redemption_date),
    },
    {
      accessor: 'status',
      title: 'Status',
      render: (row) => <StatusChip status={row.status} />,
    },
  ];
  return (
    <DataTable<TCustomerSubscription>
      label="Subscriptions"
      columns={columns}
      records={list.data?.subscriptions ?? []}
      totalRecords={list.data?.count ?? 0}
      page={page}
      pageSize={size}
      onPageChange={setPage}
      fetching={list.isFetching}
    />
  );
};

import {
  consolePaths,
  formatMoney,
  PAGE_SIZES,
  SUBSCRIPTION_DEFAULT_COLUMNS,
  SUBSCRIPTION_MESSAGES,
  SUBSCRIPTION_PAYMENT_TYPE_LABELS,
  type TSubscription,
} from '@laurel/contract';
import { Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useSession } from '@/api/use-session';
import { useClientRecord } from '@/app/console/client-record';
import { subscriptionsListQuery } from '@/features/subscriptions/api';
import { PlanImage } from '@/features/subscriptions/components/plan-image';
import {
  displayDate,
  LABELS,
  SUBSCRIPTION_TEXTS,
  trueFalse,
} from '@/features/subscriptions/subscription-format';
import { branchScopeOf, mayCreateSubscriptions } from '@/features/subscriptions/subscription-rules';
import {
  DataTable,
  RowLink,
  type TableColumn,
  TableSearch,
  tablePaging,
  useTableQuery,
} from '@/ui/data-table';
import { LinkButton } from '@/ui/link-button';
import { PageHeading } from '@/ui/page-title';
import { StatusChip } from '@/ui/status-chip';

const DEFAULT_COLUMNS: readonly string[] = SUBSCRIPTION_DEFAULT_COLUMNS;

/** `/console/subscriptions` (spec 1 §2.14): the client's plans; a row opens its details. */
export const SubscriptionsPage = () => {
  const navigate = useNavigate();
  const user = useSession()?.user;
  const symbol = useClientRecord().data?.currency_symbol ?? 'R';
  const table = useTableQuery({ pageSize: PAGE_SIZES.default });
  const list = useQuery(
    subscriptionsListQuery({
      page: table.page,
      size: table.pageSize,
      search: table.search,
      scope: branchScopeOf(user),
    }),
  );

  const columns: TableColumn<TSubscription>[] = (
    [
      {
        accessor: 'image',
        title: 'Image',
        width: 72,
        render: (plan) => <PlanImage src={plan.image} alt={plan.name} />,
      },
      {
        accessor: 'name',
        title: 'Title',
        render: (plan) => <RowLink to={consolePaths.subscriptionDetails(plan._id)}>{plan.name}</RowLink>,
      },
      { accessor: 'sku', title: 'SKU', noWrap: true },
      {
        accessor: 'price',
        title: 'Price',
        textAlign: 'right',
        noWrap: true,
        render: (plan) => formatMoney(plan.price, symbol),
      },
      { accessor: 'period', title: 'Period', noWrap: true, render: (plan) => LABELS.period[plan.period] },
      {
        accessor: 'createdAt',
        title: 'Start Date',
        noWrap: true,
        render: (plan) => displayDate(plan.start_date),
      },
      { accessor: 'end_date', title: 'End Date', noWrap: true, render: (plan) => displayDate(plan.end_date) },
      { accessor: 'free_trial', title: 'Free Trial', render: (plan) => trueFalse(plan.free_trial) },
      {
        accessor: 'payment_type',
        title: 'Payment Type',
        noWrap: true,
        render: (plan) => SUBSCRIPTION_PAYMENT_TYPE_LABELS[plan.payment_type],
      },
      {
        accessor: 'last_purchase_date',
        title: 'Last Purchase Date',
        noWrap: true,
        render: (plan) => displayDate(plan.last_purchase_date),
      },
      {
        accessor: 'last_redemption_date',
        title: 'Last Redemption Date',
        noWrap: true,
        render: (plan) => displayDate(plan.last_redemption_date),
      },
      { accessor: 'subscribers', title: 'Subscribers', textAlign: 'right' },
      { accessor: 'redemptions', title: 'Redemptions', textAlign: 'right' },
      {
        accessor: 'status',
        title: 'Status',
        render: (plan) => <StatusChip status={plan.status} />,
      },
    ] satisfies TableColumn<TSubscription>[]
  ).map((column) => ({ ...column, defaultToggle: DEFAULT_COLUMNS.includes(column.accessor) }));

  return (
    <Stack gap="lg">
      <PageHeading title={SUBSCRIPTION_MESSAGES.tableTitle} subtitle={SUBSCRIPTION_TEXTS.subtitle} />
      <DataTable<TSubscription>
        table="subscriptions"
        label={SUBSCRIPTION_MESSAGES.tableTitle}
        columns={columns}
        records={list.data?.subscriptions ?? []}
        {...tablePaging(table, list.data?.count)}
        fetching={list.isFetching}
        filters={
          <TableSearch
            table={table}
            label={SUBSCRIPTION_TEXTS.search}
            placeholder={SUBSCRIPTION_TEXTS.searchPlaceholder}
          />
        }
        actions={
          mayCreateSubscriptions(user) && (
            <LinkButton to={consolePaths.createSubscription}>{SUBSCRIPTION_TEXTS.addSubscription}</LinkButton>
          )
        }
        onRowClick={(plan) => void navigate(consolePaths.subscriptionDetails(plan._id))}
      />
    </Stack>
  );
};

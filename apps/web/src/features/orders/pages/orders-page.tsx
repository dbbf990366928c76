import {
  ALL_FILTER_VALUE,
  COUNT_CAP,
  consolePaths,
  DEFAULT_ORDER_SORT,
  formatCount,
  formatMoney,
  ORDER_MESSAGES,
  ORDER_SORT_KEYS,
  PAGE_SIZES,
  STORAGE_KEYS,
  type TOrderListRow,
  type TOrderSortKey,
} from '@laurel/contract';
import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { useClientRecord } from '@/app/console/client-record';
import { orderListQuery } from '@/features/orders/api';
import {
  displayDateTime,
  isOrderStatusFilter,
  methodLabel,
  ORDER_TEXTS,
  orderStatusFilterOptions,
} from '@/features/orders/order-format';
import {
  DataTable,
  DebouncedSearch,
  type TableColumn,
  type TTableSort,
  useTableQuery,
} from '@/ui/data-table';
import { displayDate } from '@/ui/display-date';
import { LazySelect } from '@/ui/lazy-select';
import { PageTitle } from '@/ui/page-title';
import { StatusChip } from '@/ui/status-chip';

const DEFAULT_SORT: TTableSort<TOrderSortKey> = DEFAULT_ORDER_SORT;
const VIEWED_KEEP = 200;

/** Row click stores the selected order (spec 1 §2.15), most recent first. */
const rememberViewed = (id: string) => {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(STORAGE_KEYS.viewedOrderIds) ?? '[]');
    const ids = Array.isArray(stored)
      ? stored.filter((item): item is string => typeof item === 'string')
      : [];
    localStorage.setItem(
      STORAGE_KEYS.viewedOrderIds,
      JSON.stringify([id, ...ids.filter((item) => item !== id)].slice(0, VIEWED_KEEP)),
    );
  } catch {
    // Storage full or blocked: the order still opens.
  }
};

const countText = (count: number, capped: boolean) =>
  `${capped ? formatCount(Math.max(count, COUNT_CAP + 1)) : formatCount(count)} ${count === 1 && !capped ? 'order' : 'orders'}`;

/**
 * `/console/orders` (spec 1 §2.15): every column but Branch Name sorts on the server (order date, newest first, by
 * default), a status filter, search, and a row opens the order.
 */
export const OrdersPage = () => {
  const navigate = useNavigate();
  const symbol = useClientRecord().data?.currency_symbol ?? 'R';
  const table = useTableQuery({ pageSize: PAGE_SIZES.default });
  const sort = table.sort(DEFAULT_SORT, ORDER_SORT_KEYS);
  const statusParam = table.filter('status');
  const status = isOrderStatusFilter(statusParam) ? statusParam : ALL_FILTER_VALUE;
  const orders = useQuery(
    orderListQuery({ page: table.page, size: table.pageSize, search: table.search, status, sort }),
  );
  const content = orders.data;

  const open = (order: TOrderListRow) => {
    rememberViewed(order._id);
    void navigate(consolePaths.order(order._id));
  };

  const columns: TableColumn<TOrderListRow>[] = [
    {
      accessor: 'customer',
      title: 'Customer',
      sortable: true,
      render: (order) => (
        <Text size="sm" fw={600} c={order.guest ? 'dimmed' : undefined}>
          {order.customer}
        </Text>
      ),
    },
    {
      accessor: 'code',
      title: 'Code',
      sortable: true,
      noWrap: true,
      render: (order) => (
        // A link too, so that the keyboard reaches the order as well as the mouse.
        <Anchor
          component={Link}
          to={consolePaths.order(order._id)}
          size="sm"
          ff="monospace"
          onClick={(event) => {
            event.stopPropagation();
            rememberViewed(order._id);
          }}
        >
          {order.code}
        </Anchor>
      ),
    },
    {
      accessor: 'order_date',
      title: 'Order Date',
      sortable: true,
      noWrap: true,
      render: (order) => (
        <span title={displayDateTime(order.order_date)}>{displayDate(order.order_date)}</span>
      ),
    },
    {
      accessor: 'total',
      title: 'Total',
      sortable: true,
      textAlign: 'right',
      noWrap: true,
      render: (order) => formatMoney(order.total, symbol),
    },
    {
      accessor: 'branch',
      title: 'Branch Name',
      render: (order) => order.branch?.display_name ?? '—',
    },
    { accessor: 'method', title: 'Method', sortable: true, render: (order) => methodLabel(order.method) },
    {
      accessor: 'expected_fulfilment_date',
      title: 'ETA',
      sortable: true,
      noWrap: true,
      render: (order) => displayDateTime(order.expected_fulfilment_date),
    },
    {
      accessor: 'status',
      title: 'Status',
      sortable: true,
      noWrap: true,
      render: (order) => <StatusChip status={order.status} />,
    },
  ];

  return (
    <Stack gap="lg">
      <PageTitle title={ORDER_MESSAGES.tableTitle} />
      <Stack gap={4}>
        <Title order={1} fz="h2">
          {ORDER_MESSAGES.tableTitle}
        </Title>
        <Text c="dimmed">
          {content ? countText(content.count, content.count_capped) : ORDER_TEXTS.subtitle}
        </Text>
      </Stack>
      <DataTable<TOrderListRow>
        table="orders"
        label={ORDER_MESSAGES.tableTitle}
        columns={columns}
        records={content?.order_list ?? []}
        totalRecords={content?.count ?? 0}
        countCapped={content?.count_capped ?? false}
        page={table.page}
        pageSize={table.pageSize}
        onPageChange={table.setPage}
        fetching={orders.isFetching}
        sortStatus={{ columnAccessor: sort.key, direction: sort.direction }}
        onSortStatusChange={(next) =>
          table.setSort(
            { key: next.columnAccessor as TOrderSortKey, direction: next.direction },
            DEFAULT_SORT,
          )
        }
        filters={
          <Group gap="sm" align="flex-end" wrap="wrap">
            <DebouncedSearch
              label={ORDER_TEXTS.search}
              placeholder={ORDER_TEXTS.searchPlaceholder}
              value={table.search}
              onChange={table.setSearch}
            />
            <LazySelect
              label={ORDER_TEXTS.status}
              data={orderStatusFilterOptions(content?.statuses, status)}
              value={status}
              allowDeselect={false}
              w={{ base: '100%', xs: 200 }}
              onChange={(value) => table.setFilter('status', value === ALL_FILTER_VALUE ? null : value)}
              renderOption={({ option }) =>
                option.value === ALL_FILTER_VALUE ? option.label : <StatusChip status={option.value} />
              }
            />
          </Group>
        }
        onRowClick={open}
      />
    </Stack>
  );
};

import {
  ALL_FILTER_VALUE,
  BASKET_DEFAULTS,
  BASKET_MESSAGES,
  BASKET_STATUSES,
  COUNT_CAP,
  DEBOUNCE_MS,
  FULFILMENT_METHOD_LABELS,
  FULFILMENT_METHODS,
  formatCount,
  formatMoney,
  localCellNumber,
  PAGE_SIZES,
  type TBasketRow,
  type TBasketTypeFilter,
  toIsoDate,
} from '@laurel/contract';
import { ActionIcon, Group, Stack, Text, Title } from '@mantine/core';
import type { DatePickerPreset } from '@mantine/dates';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconCalendar, IconFilterOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSession } from '@/api/use-session';
import { useClientRecord } from '@/app/console/client-record';
import {
  basketBranchOptionsQuery,
  basketListQuery,
  type TBasketFilter,
  type TBasketStatusFilter,
} from '@/features/baskets/api';
import { DataTable, DebouncedSearch, type TableColumn, useTableQuery } from '@/ui/data-table';
import { LazyDatePickerInput } from '@/ui/lazy-field/lazy-date-input';
import { LazyNumberInput } from '@/ui/lazy-field/lazy-number-input';
import { LazySelect } from '@/ui/lazy-select';
import { LazyTooltip } from '@/ui/lazy-tooltip';
import { PageTitle } from '@/ui/page-title';
import { StatusChip } from '@/ui/status-chip';

const TEXTS = {
  subtitle: "Your customers' baskets from every channel, newest change first.",
  search: 'Search baskets',
  searchPlaceholder: 'Customer, email, number or id',
  dates: 'Date',
  anyDate: 'Any date',
  type: 'Type',
  status: 'Status',
  minValue: 'Min total',
  maxValue: 'Max total',
  branch: 'Branch',
  allBranches: 'All branches',
  reset: 'Reset filters',
} as const;

const TYPE_OPTIONS: { value: TBasketTypeFilter; label: string }[] = [
  { value: 'BOTH', label: 'Both' },
  ...FULFILMENT_METHODS.map((method) => ({ value: method, label: FULFILMENT_METHOD_LABELS[method] })),
];

const STATUS_OPTIONS: { value: TBasketStatusFilter; label: string }[] = [
  { value: ALL_FILTER_VALUE, label: 'All' },
  ...BASKET_STATUSES.map((status) => ({ value: status, label: status })),
];

// Checked against the options, not the contract's schema, so that the list loads no zod.
const isType = (value: string): value is TBasketTypeFilter =>
  TYPE_OPTIONS.some((option) => option.value === value);
const isStatus = (value: string): value is TBasketStatusFilter =>
  STATUS_OPTIONS.some((option) => option.value === value);
const isAmount = (value: string) => value !== '' && Number.isFinite(Number(value)) && Number(value) >= 0;

const dateFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const dayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
const displayDate = (value: string) => {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '—' : dayFormat.format(date);
};
const displayDateTime = (value: string) => {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '—' : dateFormat.format(date);
};

const daysAgo = (days: number) => toIsoDate(new Date(Date.now() - days * 86_400_000));
const rangePresets = (): DatePickerPreset<'range'>[] => [
  { value: [daysAgo(0), daysAgo(0)], label: 'Today' },
  { value: [daysAgo(6), daysAgo(0)], label: 'Last 7 days' },
  { value: [daysAgo(29), daysAgo(0)], label: 'Last 30 days' },
  { value: [daysAgo(89), daysAgo(0)], label: 'Last 90 days' },
];

const countText = (count: number, capped: boolean) =>
  `${capped ? formatCount(Math.max(count, COUNT_CAP + 1)) : formatCount(count)} ${count === 1 && !capped ? 'basket' : 'baskets'}`;

type TAmountProps = { label: string; value: string; min?: string; onChange: (value: string) => void };

/** An amount filter that reports once typing pauses, so that each keystroke does not reload the table. */
const AmountFilter = ({ label, value, min, onChange }: TAmountProps) => {
  const [text, setText] = useState<string | number>(value);
  const report = useDebouncedCallback((next: string) => onChange(next), DEBOUNCE_MS.default);
  useEffect(() => setText(value), [value]);
  return (
    <LazyNumberInput
      label={label}
      value={text}
      min={min && isAmount(min) ? Number(min) : 0}
      decimalScale={2}
      allowNegative={false}
      hideControls
      w={{ base: '48%', xs: 100 }}
      onChange={(next) => {
        setText(next);
        report(String(next));
      }}
    />
  );
};

/**
 * `/console/baskets` (spec 1 §2.15, §3): date range, type (Both by default), status (All by default), total range
 * and branch filters; a guest basket shows 'Guest User' and '-'. A row opens nothing.
 */
export const BasketsPage = () => {
  const user = useSession()?.user;
  const symbol = useClientRecord().data?.currency_symbol ?? 'R';
  const table = useTableQuery({ pageSize: PAGE_SIZES.default });
  const type = table.filter('type');
  const status = table.filter('status');
  const min = table.filter('min_value');
  const max = table.filter('max_value');
  const filter: TBasketFilter = {
    search: table.search,
    from_date: table.filter('from_date'),
    to_date: table.filter('to_date'),
    type: isType(type) ? type : BASKET_DEFAULTS.type,
    status: isStatus(status) ? status : BASKET_DEFAULTS.status,
    min_value: isAmount(min) ? min : '',
    max_value: isAmount(max) ? max : '',
    branch_id: table.filter('branch_id'),
  };
  const baskets = useQuery(basketListQuery({ ...filter, page: table.page, size: table.pageSize }));
  const branches = useQuery({
    ...basketBranchOptionsQuery(user?.role === 'ADMIN' ? 'all' : (user?.manager_of ?? [])),
    enabled: Boolean(user),
  });
  const content = baskets.data;
  const filtered =
    filter.search !== '' ||
    filter.from_date !== '' ||
    filter.to_date !== '' ||
    filter.type !== BASKET_DEFAULTS.type ||
    filter.status !== BASKET_DEFAULTS.status ||
    filter.min_value !== '' ||
    filter.max_value !== '' ||
    filter.branch_id !== '';

  const columns: TableColumn<TBasketRow>[] = [
    {
      accessor: 'customer',
      title: 'Customer',
      render: (basket) => (
        <Text size="sm" fw={600} c={basket.guest ? 'dimmed' : undefined}>
          {basket.guest ? BASKET_MESSAGES.guestUser : basket.customer}
        </Text>
      ),
    },
    {
      accessor: 'email',
      title: 'Email',
      render: (basket) =>
        basket.guest ? BASKET_MESSAGES.missingValue : basket.email || BASKET_MESSAGES.missingValue,
    },
    {
      accessor: 'contact_number',
      title: 'Contact Number',
      noWrap: true,
      render: (basket) =>
        basket.guest || !basket.contact_number || basket.contact_number === BASKET_MESSAGES.missingValue
          ? BASKET_MESSAGES.missingValue
          : (localCellNumber(basket.contact_number) ?? basket.contact_number),
    },
    {
      accessor: 'updated_at',
      title: 'Date',
      noWrap: true,
      render: (basket) => (
        <span title={displayDateTime(basket.updated_at)}>{displayDate(basket.updated_at)}</span>
      ),
    },
    { accessor: 'item_count', title: 'Items', textAlign: 'right' },
    {
      accessor: 'total',
      title: 'Total',
      textAlign: 'right',
      noWrap: true,
      render: (basket) => formatMoney(basket.total, symbol),
    },
    { accessor: 'branch', title: 'Branch', render: (basket) => basket.branch?.display_name ?? '—' },
    { accessor: 'type', title: 'Type', render: (basket) => FULFILMENT_METHOD_LABELS[basket.type] },
    {
      accessor: 'status',
      title: 'Status',
      noWrap: true,
      render: (basket) => <StatusChip status={basket.status} />,
    },
  ];

  return (
    <Stack gap="lg">
      <PageTitle title={BASKET_MESSAGES.tableTitle} />
      <Stack gap={4}>
        <Title order={1} fz="h2">
          {BASKET_MESSAGES.tableTitle}
        </Title>
        <Text c="dimmed">{content ? countText(content.count, content.count_capped) : TEXTS.subtitle}</Text>
      </Stack>
      <DataTable<TBasketRow>
        table="baskets"
        label={BASKET_MESSAGES.tableTitle}
        columns={columns}
        records={content?.baskets ?? []}
        totalRecords={content?.count ?? 0}
        countCapped={content?.count_capped ?? false}
        page={table.page}
        pageSize={table.pageSize}
        onPageChange={table.setPage}
        fetching={baskets.isFetching}
        filters={
          <Group gap="sm" align="flex-end" wrap="wrap">
            <DebouncedSearch
              label={TEXTS.search}
              placeholder={TEXTS.searchPlaceholder}
              value={table.search}
              onChange={table.setSearch}
            />
            <LazyDatePickerInput
              type="range"
              label={TEXTS.dates}
              placeholder={TEXTS.anyDate}
              leftSection={<IconCalendar size={16} aria-hidden />}
              valueFormat="D MMM YYYY"
              value={[filter.from_date || null, filter.to_date || null]}
              allowSingleDateInRange
              clearable
              presets={rangePresets()}
              w={{ base: '100%', xs: 230 }}
              onChange={([from, to]) => table.setFilters({ from_date: from || null, to_date: to || null })}
            />
            <LazySelect
              label={TEXTS.type}
              data={TYPE_OPTIONS}
              value={filter.type}
              allowDeselect={false}
              w={{ base: '48%', xs: 120 }}
              onChange={(value) => table.setFilter('type', value === BASKET_DEFAULTS.type ? null : value)}
            />
            <LazySelect
              label={TEXTS.status}
              data={STATUS_OPTIONS}
              value={filter.status}
              allowDeselect={false}
              w={{ base: '48%', xs: 140 }}
              onChange={(value) => table.setFilter('status', value === BASKET_DEFAULTS.status ? null : value)}
            />
            <AmountFilter
              label={TEXTS.minValue}
              value={filter.min_value}
              onChange={(value) => table.setFilter('min_value', isAmount(value) ? value : null)}
            />
            <AmountFilter
              label={TEXTS.maxValue}
              value={filter.max_value}
              min={filter.min_value}
              onChange={(value) => table.setFilter('max_value', isAmount(value) ? value : null)}
            />
            <LazySelect
              label={TEXTS.branch}
              placeholder={TEXTS.allBranches}
              data={branches.data ?? []}
              value={filter.branch_id || null}
              clearable
              searchable
              w={{ base: '100%', xs: 170 }}
              onChange={(value) => table.setFilter('branch_id', value)}
            />
            <LazyTooltip label={TEXTS.reset} withArrow>
              <ActionIcon
                variant="default"
                size="lg"
                aria-label={TEXTS.reset}
                disabled={!filtered}
                onClick={() =>
                  table.setFilters({
                    search: null,
                    from_date: null,
                    to_date: null,
                    type: null,
                    status: null,
                    min_value: null,
                    max_value: null,
                    branch_id: null,
                  })
                }
              >
                <IconFilterOff size={18} aria-hidden />
              </ActionIcon>
            </LazyTooltip>
          </Group>
        }
      />
    </Stack>
  );
};

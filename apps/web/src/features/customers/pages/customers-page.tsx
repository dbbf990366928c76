import {
  ADD_CUSTOMER_MESSAGES,
  BUTTON_LABELS,
  CUSTOMER_STATUS_MESSAGES,
  consolePaths,
  customerBlockAction,
  formatMoney,
  PAGE_SIZES,
  type TCustomerListItem,
} from '@laurel/contract';
import { ActionIcon, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconDownload, IconFileImport, IconLock, IconLockOpen, IconUserPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { useSession } from '@/api/use-session';
import { useClientRecord } from '@/app/console/client-record';
import { customerListQuery, type TCustomerListFilter } from '@/features/customers/api';
import { useBlockCustomer } from '@/features/customers/components/use-block-customer';
import { useExportCustomers } from '@/features/customers/components/use-export-customers';
import {
  customerCountText,
  displayCellNumber,
  displayDate,
  isStatusFilter,
  STATUS_FILTER_OPTIONS,
} from '@/features/customers/customer-format';
import { mayAddCustomers } from '@/features/customers/customer-rules';
import { IMPORT_TEXTS } from '@/features/customers/import-texts';
import {
  CHECKED_FILTER_PROPS,
  DataTable,
  DebouncedSearch,
  filterRowStyle,
  type TableColumn,
  useTableQuery,
} from '@/ui/data-table';
import { lazyComponent, MountWhen } from '@/ui/lazy-component';
import { LazySelect } from '@/ui/lazy-select';
import { LazyTooltip } from '@/ui/lazy-tooltip';
import { PageTitle } from '@/ui/page-title';
import { StatusChip } from '@/ui/status-chip';
import { useActionDialog } from '@/ui/use-action-dialog';

// The dialog and its form (dates, zod rules) load when it is first opened.
const AddCustomerModal = lazyComponent(
  () => import('@/features/customers/components/add-customer-modal'),
  'AddCustomerModal',
);

const TITLE = 'Customers';

/**
 * An email that may break after its '@' only: the widest column gives way there, so the whole table (with its
 * pinned Block/Unblock column) fits a 1280 px screen and nothing passes beneath the pinned column.
 */
const EmailAddress = ({ email }: { email: string }) => {
  const at = email.lastIndexOf('@');
  if (at < 0) return email;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
};
const JOINED_TO_BEFORE_FROM = 'Earlier than Joined from';

/** `?action=add-customer` opens the dialog, so Back closes it and a link can open it. */
const ADD_ACTION = 'add-customer';

/** `/console/customers` (spec 1 §2.9): search, status and join-date filters, export, import, add, block/unblock. */
export const CustomersPage = () => {
  const navigate = useNavigate();
  const user = useSession()?.user;
  const symbol = useClientRecord().data?.currency_symbol ?? 'R';
  const table = useTableQuery({ pageSize: PAGE_SIZES.customersInitial });
  const status = table.filter('status');
  const joinedFrom = table.filter('start_date');
  const joinedTo = table.filter('end_date');
  // A "to" before the "from" lists nothing: it is marked on its field and left out until fixed (as the reports do).
  const toBeforeFrom = joinedFrom !== '' && joinedTo !== '' && joinedTo < joinedFrom;
  const filter: TCustomerListFilter = {
    search: table.search,
    status: isStatusFilter(status) ? status : 'ALL',
    start_date: joinedFrom,
    end_date: toBeforeFrom ? '' : joinedTo,
  };
  const customers = useQuery(customerListQuery({ ...filter, page: table.page, size: table.pageSize }));
  const addDialog = useActionDialog(ADD_ACTION);
  const block = useBlockCustomer();
  const exporter = useExportCustomers();

  const columns: TableColumn<TCustomerListItem>[] = [
    {
      accessor: 'name',
      title: 'Name',
      render: (customer) => (
        <Text fw={600} size="sm">
          {customer.name}
        </Text>
      ),
    },
    { accessor: 'surname', title: 'Surname' },
    {
      accessor: 'cell_number',
      title: 'Number',
      render: (customer) => displayCellNumber(customer.cell_number),
    },
    {
      accessor: 'email',
      title: 'Email',
      render: (customer) => (customer.email ? <EmailAddress email={customer.email} /> : '—'),
    },
    {
      accessor: 'last_transacted',
      title: 'Last Transacted',
      noWrap: true,
      render: (customer) => displayDate(customer.last_transacted),
    },
    {
      accessor: 'total_order_value',
      title: 'Total Value',
      textAlign: 'right',
      noWrap: true,
      render: (customer) => formatMoney(customer.total_order_value, symbol),
    },
    {
      accessor: 'status',
      title: 'Status',
      noWrap: true,
      render: (customer) => <StatusChip status={customer.status} />,
    },
    {
      accessor: 'actions',
      title: CUSTOMER_STATUS_MESSAGES.blockUnblock,
      toggleable: false,
      textAlign: 'center',
      render: (customer) => {
        // An erased member can be neither blocked nor unblocked (the API refuses it): no action, as on the profile.
        if (customer.status === 'ERASED') return null;
        const suspend = customerBlockAction(customer.status) === 'suspend';
        const label = suspend ? 'Block' : 'Unblock';
        return (
          <LazyTooltip label={label}>
            <ActionIcon
              variant="light"
              color={suspend ? 'red' : 'teal'}
              // Spec 1 §2.9 names the row action 'Block/Unblock'; the tooltip says which one it is.
              aria-label={CUSTOMER_STATUS_MESSAGES.blockUnblock}
              onClick={(event) => {
                event.stopPropagation();
                block(customer);
              }}
            >
              {suspend ? <IconLock size={16} aria-hidden /> : <IconLockOpen size={16} aria-hidden />}
            </ActionIcon>
          </LazyTooltip>
        );
      },
    },
  ];

  const content = customers.data;
  return (
    <Stack gap="lg">
      <PageTitle title={TITLE} />
      <Stack gap={4}>
        <Title order={1} fz="h2">
          {TITLE}
        </Title>
        <Text c="dimmed">
          {content ? customerCountText(content.count, content.count_capped) : 'Your loyalty members.'}
        </Text>
      </Stack>
      {/* The filters have a row of their own above the buttons: beside them they were squeezed into a third of
          the width and wrapped one by one. The two dates wrap as a pair. */}
      <Stack gap="md">
        <Group gap="sm" align="flex-end" wrap="wrap" style={filterRowStyle(toBeforeFrom)}>
          <DebouncedSearch
            label="Search customers"
            placeholder="Name, surname, email, number or external ID"
            value={table.search}
            onChange={table.setSearch}
          />
          <LazySelect
            label="Status"
            data={STATUS_FILTER_OPTIONS}
            value={filter.status}
            allowDeselect={false}
            w={{ base: '100%', xs: 170 }}
            onChange={(value) => table.setFilter('status', value === 'ALL' ? null : value)}
          />
          <Group gap="sm" align="flex-end" wrap="nowrap" w={{ base: '100%', xs: 'auto' }}>
            <TextInput
              type="date"
              label="Joined from"
              value={joinedFrom}
              max={joinedTo || undefined}
              flex={{ base: 1, xs: 'none' }}
              miw={0}
              w={{ xs: 160 }}
              onChange={(event) => table.setFilter('start_date', event.currentTarget.value || null)}
            />
            <TextInput
              type="date"
              label="Joined to"
              value={joinedTo}
              min={joinedFrom || undefined}
              error={toBeforeFrom ? JOINED_TO_BEFORE_FROM : undefined}
              {...CHECKED_FILTER_PROPS}
              flex={{ base: 1, xs: 'none' }}
              miw={0}
              w={{ xs: 160 }}
              onChange={(event) => table.setFilter('end_date', event.currentTarget.value || null)}
            />
          </Group>
        </Group>
        <DataTable<TCustomerListItem>
          table="customers"
          label={TITLE}
          columns={columns}
          records={content?.user_list ?? []}
          totalRecords={content?.count ?? 0}
          countCapped={content?.count_capped ?? false}
          pinLastColumn
          page={table.page}
          pageSize={table.pageSize}
          onPageChange={table.setPage}
          fetching={customers.isFetching}
          actions={
            <>
              <Button
                variant="default"
                leftSection={<IconDownload size={18} aria-hidden />}
                loading={exporter.running}
                onClick={() => void exporter.run(filter)}
              >
                {BUTTON_LABELS.exportCsv}
              </Button>
              {mayAddCustomers(user) && (
                <>
                  <Button
                    component={Link}
                    to={consolePaths.customerImport}
                    variant="default"
                    leftSection={<IconFileImport size={18} aria-hidden />}
                  >
                    {IMPORT_TEXTS.importButton}
                  </Button>
                  <Button leftSection={<IconUserPlus size={18} aria-hidden />} onClick={addDialog.open}>
                    {ADD_CUSTOMER_MESSAGES.title}
                  </Button>
                </>
              )}
            </>
          }
          onRowClick={(customer) => void navigate(consolePaths.customerProfile(customer._id))}
        />
      </Stack>
      <MountWhen when={addDialog.opened}>
        <AddCustomerModal opened={addDialog.opened} onClose={addDialog.close} />
      </MountWhen>
    </Stack>
  );
};

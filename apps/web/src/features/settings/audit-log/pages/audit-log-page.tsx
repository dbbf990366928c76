import { PAGE_SIZES, type TAuditEntry } from '@laurel/contract';
import { Anchor, Badge, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { auditLogQuery, auditUsersQuery } from '@/features/settings/audit-log/api';
import { auditActionColor, auditActionLabel } from '@/features/settings/audit-log/audit-actions';
import { changeRowsOf } from '@/features/settings/audit-log/audit-changes';
import { formatWhen, whoOf } from '@/features/settings/audit-log/audit-format';
import {
  AuditFilters,
  type TAuditFilterValues,
} from '@/features/settings/audit-log/components/audit-filters';
import { useDialogParam } from '@/features/settings/components/use-dialog-param';
import { DataTable, type TableColumn, useTableQuery } from '@/ui/data-table';
import { lazyComponent, MountWhen } from '@/ui/lazy-component';
import { PageTitle } from '@/ui/page-title';
import { urlFilters } from '@/ui/url-filters';

// Opened by a row: the Modal's code loads then, not with the log.
const AuditEntryModal = lazyComponent(
  () => import('@/features/settings/audit-log/components/audit-entry-modal'),
  'AuditEntryModal',
);

/** The URL parameter of the entry shown in the modal: Back closes it, a link opens it. */
const ENTRY_PARAM = 'entry';

const auditColumns = (open: (entry: TAuditEntry) => void): TableColumn<TAuditEntry>[] => [
  {
    accessor: 'occurred_at',
    title: 'When',
    noWrap: true,
    render: (entry) => formatWhen(entry.occurred_at),
  },
  { accessor: 'actor_name', title: 'Who', render: whoOf },
  {
    accessor: 'action',
    title: 'Action',
    noWrap: true,
    render: (entry) => (
      <Badge color={auditActionColor(entry.action)} variant="light" radius="sm" tt="none" fw={600}>
        {auditActionLabel(entry.action)}
      </Badge>
    ),
  },
  {
    accessor: 'summary',
    title: 'Summary',
    render: (entry) => {
      const changes = changeRowsOf(entry.changes).length;
      return (
        <Stack gap={0}>
          {/* A button too, so that the keyboard opens an entry as well as the mouse. */}
          <Anchor
            component="button"
            type="button"
            size="sm"
            c="inherit"
            ta="left"
            onClick={(event) => {
              event.stopPropagation();
              open(entry);
            }}
          >
            {entry.summary}
          </Anchor>
          {changes > 0 && (
            <Text size="xs" c="dimmed">
              {changes === 1 ? '1 change' : `${changes} changes`}
            </Text>
          )}
        </Stack>
      );
    },
  },
  { accessor: 'ip', title: 'IP', noWrap: true, render: (entry) => entry.ip ?? '—' },
];

/** `/console/settings/audit-log`: who did what and when, newest first; a row shows what changed. */
export const AuditLogPage = () => {
  const table = useTableQuery({ pageSize: PAGE_SIZES.default });
  const [params, setParams] = useSearchParams();
  const dialog = useDialogParam(ENTRY_PARAM);

  const values: TAuditFilterValues = {
    search: table.search,
    action: table.filter('action'),
    actor: table.filter('actor'),
    from: table.filter('from'),
    to: table.filter('to'),
  };
  const list = useQuery(
    auditLogQuery({
      page: table.page,
      size: table.pageSize,
      search_string: values.search,
      action: values.action,
      actor_id: values.actor,
      start_date: values.from,
      end_date: values.to,
    }),
  );
  const users = useQuery(auditUsersQuery());
  const userOptions = (users.data ?? []).map((user) => ({
    value: user.user_id,
    label: `${user.name} ${user.surname}`.trim() || user.email,
  }));

  // One URL update per change (a date range sets both ends): updates in one tick would each start from the same URL.
  const { change, reset } = urlFilters<TAuditFilterValues>(params, setParams);

  const entries = list.data?.entries ?? [];
  const openId = dialog.value;
  const open = (entry: TAuditEntry) => dialog.open(entry._id);

  return (
    <Stack gap="md">
      <PageTitle title="Audit Log" />
      <Stack gap={2}>
        <Title order={2} size="h3">
          Audit Log
        </Title>
        <Text size="sm" c="dimmed">
          Sign-ins, plan changes and every edit made in your console. Choose an entry to see what changed.
        </Text>
      </Stack>
      <DataTable<TAuditEntry>
        table="audit-log"
        columns={auditColumns(open)}
        records={entries}
        totalRecords={list.data?.count ?? 0}
        page={table.page}
        pageSize={table.pageSize}
        onPageChange={table.setPage}
        fetching={list.isFetching}
        filters={<AuditFilters values={values} users={userOptions} onChange={change} onReset={reset} />}
        onRowClick={open}
      />
      <MountWhen when={openId !== null}>
        <AuditEntryModal entry={entries.find((entry) => entry._id === openId)} onClose={dialog.close} />
      </MountWhen>
    </Stack>
  );
};

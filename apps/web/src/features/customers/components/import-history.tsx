import { CUSTOMER_IMPORT_STATUS_LABELS, PAGE_SIZES, type TCustomerImportListItem } from '@laurel/contract';
import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { customerImportsQuery } from '@/features/customers/import-api';
import { IMPORT_TEXTS } from '@/features/customers/import-texts';
import { DataTable, type TableColumn, useTableQuery } from '@/ui/data-table';
import { displayDateTime } from '@/ui/display-date';
import { StatusChip } from '@/ui/status-chip';

const number = (value: number) => value.toLocaleString('en-US');

/**
 * A check writes nothing: its created and updated counts are what an import of the file would do, set apart (its
 * Type says so) from what an import did.
 */
const counted = (run: TCustomerImportListItem, value: number) =>
  run.dry_run ? (
    <Text span size="sm" c="dimmed" fs="italic">
      {number(value)}
    </Text>
  ) : (
    number(value)
  );

const STATUS_COLORS = {
  queued: 'neutral',
  running: 'secondary',
  completed: 'success',
  failed: 'danger',
} as const;

const columns: TableColumn<TCustomerImportListItem>[] = [
  {
    accessor: 'file_name',
    title: 'File',
    ellipsis: true,
    width: 220,
    render: (run) => (
      <Text size="sm" fw={600} truncate="end" title={run.file_name}>
        {run.file_name}
      </Text>
    ),
  },
  { accessor: 'created_by', title: 'Started by', render: (run) => run.created_by ?? '—' },
  {
    accessor: 'created_at',
    title: 'Date',
    noWrap: true,
    render: (run) => displayDateTime(run.created_at),
  },
  { accessor: 'dry_run', title: 'Type', render: (run) => IMPORT_TEXTS.historyKind(run.dry_run) },
  {
    accessor: 'status',
    title: 'Status',
    noWrap: true,
    render: (run) => (
      <StatusChip
        status={run.status}
        label={CUSTOMER_IMPORT_STATUS_LABELS[run.status]}
        color={STATUS_COLORS[run.status]}
      />
    ),
  },
  { accessor: 'rows', title: 'Rows', textAlign: 'right', render: (run) => number(run.rows) },
  { accessor: 'created', title: 'Created', textAlign: 'right', render: (run) => counted(run, run.created) },
  { accessor: 'updated', title: 'Updated', textAlign: 'right', render: (run) => counted(run, run.updated) },
  { accessor: 'failed', title: 'Failed', textAlign: 'right', render: (run) => number(run.failed) },
];

/** The imports so far, newest first, paged by the server; a row opens that import's report. */
export const ImportHistory = ({ onOpen }: { onOpen: (id: string) => void }) => {
  const table = useTableQuery({ pageSize: PAGE_SIZES.default });
  const history = useQuery(customerImportsQuery(table.page, table.pageSize));
  return (
    <DataTable<TCustomerImportListItem>
      title={IMPORT_TEXTS.historyTitle}
      columns={columns}
      records={history.data?.imports ?? []}
      idAccessor="_id"
      totalRecords={history.data?.count ?? 0}
      page={table.page}
      pageSize={table.pageSize}
      onPageChange={table.setPage}
      fetching={history.isFetching}
      onRowClick={(run) => onOpen(run._id)}
    />
  );
};

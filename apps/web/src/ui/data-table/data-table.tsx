import { COMMON_MESSAGES, columnsStorageKey, formatCappedCount, type TColumnTable } from '@laurel/contract';
import { Group, Paper, Stack, Title } from '@mantine/core';
import {
  type DataTableColumn,
  type DataTableSortProps,
  type DataTableSortStatus,
  DataTable as MantineDataTable,
  useDataTableColumns,
} from 'mantine-datatable';
import type { ReactNode } from 'react';
import { ColumnChooser } from './column-chooser';

export type TableColumn<T> = DataTableColumn<T> & { accessor: string; title: string };

type Props<T> = {
  /** Shown above the table. */
  title?: string;
  /** Remembers the column choice in this browser; without it the table has no column chooser. */
  table?: TColumnTable | undefined;
  columns: TableColumn<T>[];
  records: T[];
  idAccessor?: keyof T & string;
  totalRecords: number;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  fetching?: boolean;
  /** Left of the toolbar: search and filters. */
  filters?: ReactNode;
  /** Right of the toolbar: buttons such as 'Add …' or 'Export CSV'. */
  actions?: ReactNode;
  onRowClick?: (record: T) => void;
  emptyText?: string;
  /** The server stopped counting (DESIGN §9): the total reads "10,000+". */
  countCapped?: boolean;
  /** Keep the last column (row actions) in view when the table scrolls sideways. */
  pinLastColumn?: boolean;
  /** Server-side sort: the current column and direction; columns marked `sortable` offer it in their header. */
  sortStatus?: DataTableSortStatus<T>;
  onSortStatusChange?: (sortStatus: DataTableSortStatus<T>) => void;
};

/**
 * The console's table: server-side paging, a column chooser remembered per browser, the spec's empty text,
 * and Previous / Next paging (spec 1 §9).
 */
export const DataTable = <T,>({
  title,
  table,
  columns,
  records,
  idAccessor,
  totalRecords,
  page,
  pageSize,
  onPageChange,
  fetching = false,
  filters,
  actions,
  onRowClick,
  emptyText = COMMON_MESSAGES.tableEmpty,
  countCapped = false,
  pinLastColumn = false,
  sortStatus,
  onSortStatusChange,
}: Props<T>) => {
  const key = table ? columnsStorageKey(table) : undefined;
  const toggleable = columns.map((column) => ({ toggleable: true, ...column }));
  const { effectiveColumns, columnsToggle, setColumnsToggle } = useDataTableColumns<T>({
    key,
    columns: toggleable,
  });
  // Sorting is all or nothing: mantine-datatable takes both props or neither.
  const sortProps: DataTableSortProps<T> = sortStatus
    ? onSortStatusChange
      ? { sortStatus, onSortStatusChange }
      : { sortStatus }
    : {};
  const titles = Object.fromEntries(columns.map((column) => [column.accessor, column.title]));
  return (
    <Stack gap="md">
      {(title || filters || actions) && (
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
          {/* Many filters wrap among themselves beside the buttons and the chooser, rather than push them below. */}
          <Group align="flex-end" gap="sm" wrap="wrap" style={{ flex: '1 1 320px', minWidth: 0 }}>
            {title && (
              <Title order={2} size="h3">
                {title}
              </Title>
            )}
            {filters}
          </Group>
          <Group gap="sm">
            {actions}
            {table && <ColumnChooser toggles={columnsToggle} titles={titles} onChange={setColumnsToggle} />}
          </Group>
        </Group>
      )}
      <Paper withBorder radius="md">
        <MantineDataTable<T>
          // Visibility is decided by the hook and the chooser (a column with `defaultToggle: false` waits there until
          // chosen); the inner table must not apply its own default again, and its header hide buttons stay off.
          columns={effectiveColumns.map(({ defaultToggle: _chooserDefault, ...column }) => ({
            ...column,
            toggleable: false,
          }))}
          records={records}
          idAccessor={idAccessor ?? ('_id' as keyof T & string)}
          fetching={fetching}
          minHeight={records.length === 0 ? 180 : undefined}
          noRecordsText={emptyText}
          highlightOnHover={Boolean(onRowClick)}
          onRowClick={onRowClick ? ({ record }) => onRowClick(record) : undefined}
          totalRecords={totalRecords}
          recordsPerPage={pageSize}
          page={page}
          onPageChange={onPageChange}
          paginationText={({ from, to, totalRecords: total }) =>
            `${from}–${to} of ${countCapped ? formatCappedCount(total) : total.toLocaleString('en-US')}`
          }
          pinLastColumn={pinLastColumn}
          // A table wider than the page scrolls sideways: keyboard users reach it by Tab (axe: scrollable-region-focusable).
          scrollAreaProps={{ viewportProps: { tabIndex: 0 } }}
          {...sortProps}
          paginationWithEdges={false}
          getPaginationControlProps={(control) =>
            control === 'previous'
              ? { 'aria-label': 'Previous' }
              : control === 'next'
                ? { 'aria-label': 'Next' }
                : {}
          }
          verticalSpacing="sm"
          striped
        />
      </Paper>
    </Stack>
  );
};

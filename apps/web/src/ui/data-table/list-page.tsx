import type { TColumnTable } from '@laurel/contract';
import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { DataTable, type TableColumn } from './data-table';
import { RowActions, RowDeleteButton } from './row-actions';
import { tablePaging } from './table-paging';
import { TableSearch } from './table-search';

type TListPageProps<T> = {
  /** The page heading and anything between it and the table (tabs). */
  heading: ReactNode;
  /** `useTableQuery`'s state: page, size, search. */
  table: {
    page: number;
    pageSize: number;
    setPage: (page: number) => void;
    search: string;
    setSearch: (search: string) => void;
  };
  /** The list query: its count and whether a page is on its way. */
  count: number | undefined;
  fetching: boolean;
  /** Remembers the column choice in this browser (no chooser without it). */
  tableName?: TColumnTable;
  columns: TableColumn<T>[];
  records: T[];
  idAccessor?: keyof T & string;
  search: { label: string; placeholder: string };
  /** Right of the toolbar: 'Add …', 'Import CSV'. */
  actions?: ReactNode;
  emptyText?: string;
  /** Where a row leads: the whole row opens it. */
  rowPath: (record: T) => string;
};

/**
 * The console's searchable list page (badges, challenges, statistics, products…): heading, a server-paged table with
 * its search box and buttons, the last column pinned, and a row that opens the record.
 */
export const ListPage = <T,>({
  heading,
  table,
  count,
  fetching,
  tableName,
  columns,
  records,
  idAccessor,
  search,
  actions,
  emptyText,
  rowPath,
}: TListPageProps<T>) => {
  const navigate = useNavigate();
  return (
    <Stack gap="lg">
      {heading}
      <DataTable<T>
        table={tableName}
        columns={columns}
        records={records}
        idAccessor={idAccessor}
        {...tablePaging(table, count)}
        fetching={fetching}
        emptyText={emptyText}
        pinLastColumn
        filters={<TableSearch table={table} label={search.label} placeholder={search.placeholder} />}
        actions={actions}
        onRowClick={(record) => void navigate(rowPath(record))}
      />
    </Stack>
  );
};

/** The Actions column with the row's Delete button (when the user may delete); never hidden by the chooser. */
export const deleteColumn = <T extends { _id: string }>({
  title = 'Actions',
  mayDelete,
  nameOf,
  busyId,
  onDelete,
}: {
  title?: string;
  mayDelete: boolean;
  /** The record's name in the button's accessible name: 'Delete <name>'. */
  nameOf: (record: T) => string;
  busyId: string | null | undefined;
  onDelete: (record: T) => void;
}): TableColumn<T> => ({
  accessor: 'actions',
  title,
  toggleable: false,
  textAlign: 'right',
  width: 90,
  render: (record) => (
    <RowActions>
      {mayDelete && (
        <RowDeleteButton
          name={nameOf(record)}
          loading={busyId === record._id}
          onClick={() => onDelete(record)}
        />
      )}
    </RowActions>
  ),
});

/** Until the user chooses, only `shown` columns (and Actions) are on; the others wait in the chooser. */
export const withDefaultColumns = <T,>(columns: TableColumn<T>[], shown: readonly string[]) =>
  columns.map((column) =>
    column.accessor === 'actions' || shown.includes(column.accessor)
      ? column
      : { ...column, defaultToggle: false },
  );

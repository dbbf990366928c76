export { ColumnChooser } from './column-chooser';
export { DataTable, type TableColumn } from './data-table';
export { DebouncedSearch } from './debounced-search';
export { deleteColumn, ListPage, withDefaultColumns } from './list-page';
export { RowActionButton, RowActions, RowDeleteButton, RowLink } from './row-actions';
export { tablePaging } from './table-paging';
export { TableSearch } from './table-search';
export { usePreviousPageWhenEmpty } from './use-previous-page-when-empty';
export { type TTableSort, useTableQuery } from './use-table-query';

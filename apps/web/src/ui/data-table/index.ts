export { ColumnChooser } from './column-chooser';
export { DataTable, type TableColumn } from './data-table';
export { DebouncedSearch } from './debounced-search';
export { type TTableSort, useTableQuery } from './use-table-query';

/** DataTable's paging props from `useTableQuery` and the list's count: `<DataTable {...tablePaging(table, count)} />`. */
export const tablePaging = (
  table: { page: number; pageSize: number; setPage: (page: number) => void },
  count: number | undefined,
) => ({
  totalRecords: count ?? 0,
  page: table.page,
  pageSize: table.pageSize,
  onPageChange: table.setPage,
});

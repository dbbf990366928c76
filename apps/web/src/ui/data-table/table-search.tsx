import { DebouncedSearch } from './debounced-search';

/** The list's search box, kept in the URL by `useTableQuery`. */
export const TableSearch = ({
  table,
  label,
  placeholder,
}: {
  table: { search: string; setSearch: (search: string) => void };
  label: string;
  placeholder: string;
}) => (
  <DebouncedSearch label={label} placeholder={placeholder} value={table.search} onChange={table.setSearch} />
);

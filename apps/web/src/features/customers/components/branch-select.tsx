import { DEBOUNCE_MS } from '@laurel/contract';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { branchOptionsQuery, type TBranchOption } from '@/features/customers/api';
import { LazySelect } from '@/ui/lazy-select';

type TBranchSelectProps = {
  label: string;
  /** Every branch (admins) or only these ids (managers). */
  scope: 'all' | readonly string[];
  value: string | null;
  onChange: (value: string | null) => void;
  required?: boolean;
  clearable?: boolean;
  error?: string | undefined;
  debounceMs?: number;
  placeholder?: string;
  /** Called once with the options, e.g. to preselect the first. */
  onOptionsLoaded?: (options: TBranchOption[]) => void;
};

/** A searchable branch picker that asks the server once typing pauses. */
export const BranchSelect = ({
  label,
  scope,
  value,
  onChange,
  required = false,
  clearable = !required,
  error,
  debounceMs = DEBOUNCE_MS.default,
  placeholder = 'Search branches',
  onOptionsLoaded,
}: TBranchSelectProps) => {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, debounceMs);
  const labels = useRef(new Map<string, string>());
  const selectedLabel = value ? labels.current.get(value) : undefined;
  // Showing the chosen branch's name is not a search for it.
  const term = debounced === selectedLabel ? '' : debounced.trim();
  const options = useQuery(branchOptionsQuery(scope, term));

  const reported = useRef(false);
  useEffect(() => {
    if (!options.data || reported.current || term !== '') return;
    reported.current = true;
    onOptionsLoaded?.(options.data);
  }, [options.data, term, onOptionsLoaded]);

  for (const option of options.data ?? []) labels.current.set(option.value, option.label);
  const data = [...(options.data ?? [])];
  if (value && selectedLabel && !data.some((option) => option.value === value))
    data.unshift({ value, label: selectedLabel });

  return (
    <LazySelect
      label={label}
      placeholder={placeholder}
      data={data}
      value={value}
      onChange={(next) => onChange(next)}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server has already filtered by what was typed.
      filter={({ options: all }) => all}
      clearable={clearable}
      required={required}
      error={error}
      nothingFoundMessage={options.isFetching ? 'Searching…' : 'No branches found'}
      comboboxProps={{ withinPortal: true }}
    />
  );
};

import { Group } from '@mantine/core';
import { ResetFiltersButton } from '@/features/settings/components/reset-filters-button';
import {
  EVENT_STATUS_OPTIONS,
  EVENT_TYPE_OPTIONS,
} from '@/features/settings/integrations/integrations-format';
import { DebouncedSearch } from '@/ui/data-table';
import { LazySelect } from '@/ui/lazy-select';

/** The filters as the URL keeps them; '' is "any". */
export type TEventFilterValues = { search: string; status: string; type: string };

export const isEventLogFiltered = (values: TEventFilterValues) =>
  values.search !== '' || values.status !== '' || values.type !== '';

type TEventLogFiltersProps = {
  values: TEventFilterValues;
  onChange: (changes: Partial<TEventFilterValues>) => void;
  onReset: () => void;
};

/** Search (an exact event id or customer id, as the API matches them), status and type; Reset clears them and is disabled when nothing is set. */
export const EventLogFilters = ({ values, onChange, onReset }: TEventLogFiltersProps) => (
  <Group align="flex-end" gap="sm" wrap="wrap">
    <DebouncedSearch
      label="Search the event log"
      placeholder="Exact event id or customer id…"
      value={values.search}
      onChange={(search) => onChange({ search })}
    />
    <LazySelect
      aria-label="Status"
      placeholder="All statuses"
      data={EVENT_STATUS_OPTIONS}
      value={values.status || null}
      clearable
      w={{ base: '100%', xs: 150 }}
      onChange={(status) => onChange({ status: status ?? '' })}
    />
    <LazySelect
      aria-label="Type"
      placeholder="All types"
      data={EVENT_TYPE_OPTIONS}
      value={values.type || null}
      clearable
      maxDropdownHeight={320}
      comboboxProps={{ width: 230, position: 'bottom-start' }}
      w={{ base: '100%', xs: 190 }}
      onChange={(type) => onChange({ type: type ?? '' })}
    />
    <ResetFiltersButton disabled={!isEventLogFiltered(values)} onClick={onReset} />
  </Group>
);

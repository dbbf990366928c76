import { toIsoDate } from '@laurel/contract';
import { Group } from '@mantine/core';
import type { DatePickerPreset } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { AUDIT_ACTION_OPTIONS } from '@/features/settings/audit-log/audit-actions';
import { ResetFiltersButton } from '@/features/settings/components/reset-filters-button';
import { DebouncedSearch } from '@/ui/data-table';
import { LazyDatePickerInput } from '@/ui/lazy-field/lazy-date-input';
import { LazySelect } from '@/ui/lazy-select';

/** The filters as the URL keeps them; '' is "any". Dates are YYYY-MM-DD. */
export type TAuditFilterValues = { search: string; action: string; actor: string; from: string; to: string };
export type TAuditFilterName = keyof TAuditFilterValues;

export const AUDIT_FILTER_NAMES = [
  'search',
  'action',
  'actor',
  'from',
  'to',
] as const satisfies readonly TAuditFilterName[];

export const isFiltered = (values: TAuditFilterValues) =>
  AUDIT_FILTER_NAMES.some((name) => values[name] !== '');

const daysAgo = (days: number) => toIsoDate(new Date(Date.now() - days * 86_400_000));
const rangePresets = (): DatePickerPreset<'range'>[] => [
  { value: [daysAgo(0), daysAgo(0)], label: 'Today' },
  { value: [daysAgo(6), daysAgo(0)], label: 'Last 7 days' },
  { value: [daysAgo(29), daysAgo(0)], label: 'Last 30 days' },
  { value: [daysAgo(89), daysAgo(0)], label: 'Last 90 days' },
];

type TAuditFiltersProps = {
  values: TAuditFilterValues;
  users: { value: string; label: string }[];
  onChange: (changes: Partial<TAuditFilterValues>) => void;
  onReset: () => void;
};

/**
 * Search, action, user and a date range (its start and end change together); Reset clears them all and is
 * disabled when nothing is filtered. The placeholders say what an empty filter means.
 */
export const AuditFilters = ({ values, users, onChange, onReset }: TAuditFiltersProps) => (
  <Group align="flex-end" gap="sm" wrap="wrap">
    <DebouncedSearch
      label="Search the audit log"
      placeholder="Search summary or user…"
      value={values.search}
      onChange={(search) => onChange({ search })}
    />
    <LazySelect
      aria-label="Action"
      placeholder="All actions"
      data={AUDIT_ACTION_OPTIONS}
      value={values.action || null}
      searchable
      clearable
      maxDropdownHeight={320}
      w={{ base: '100%', xs: 160 }}
      onChange={(action) => onChange({ action: action ?? '' })}
    />
    <LazySelect
      aria-label="User"
      placeholder="All users"
      data={users}
      value={values.actor || null}
      searchable
      clearable
      nothingFoundMessage="No such user"
      w={{ base: '100%', xs: 150 }}
      onChange={(actor) => onChange({ actor: actor ?? '' })}
    />
    <LazyDatePickerInput
      type="range"
      aria-label="Dates"
      placeholder="Any date"
      leftSection={<IconCalendar size={16} aria-hidden />}
      valueFormat="D MMM YYYY"
      value={[values.from || null, values.to || null]}
      allowSingleDateInRange
      clearable
      presets={rangePresets()}
      maxDate={daysAgo(0)}
      w={{ base: '100%', xs: 210 }}
      onChange={([from, to]) => onChange({ from: from ?? '', to: to ?? '' })}
    />
    <ResetFiltersButton disabled={!isFiltered(values)} onClick={onReset} />
  </Group>
);

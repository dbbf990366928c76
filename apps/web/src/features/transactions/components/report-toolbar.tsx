import {
  joinFilterValues,
  splitFilterValues,
  TRANSACTION_FILTER_LABELS,
  TRANSACTION_FILTER_PLACEHOLDERS,
  type TReportKind,
} from '@laurel/contract';
import { Button, Group, TextInput } from '@mantine/core';
import { CHECKED_FILTER_PROPS, DebouncedSearch, filterRowStyle } from '@/ui/data-table';
import { LazyMultiSelect } from '@/ui/lazy-select';
import { REPORT_CONFIG } from '../report-config';
import { clearedFilters, multiFiltersOf, type TFilterProblems } from '../report-filters';

type TTable = {
  search: string;
  setSearch: (value: string) => void;
  filter: (name: string) => string;
  setFilter: (name: string, value: string | null) => void;
  setFilters: (changes: Record<string, string | null>) => void;
};

/**
 * Search, date range, min and max value, the report's multi-selects and Reset (spec 3 §2). A value the server
 * would refuse shows its problem on the field (and is not sent); Reset clears it with the rest.
 */
const VALUE_BOUNDS = [
  ['min_value', 'Min'],
  ['max_value', 'Max'],
] as const;

export const ReportToolbar = ({
  kind,
  table,
  problems,
  filtered,
  options,
}: {
  kind: TReportKind;
  table: TTable;
  problems: TFilterProblems;
  filtered: boolean;
  options: Record<string, string[]> | undefined;
}) => {
  const config = REPORT_CONFIG[kind];
  // The inputs of a row line up at their bottoms (labels on one line: the width fits the report's label).
  const checked = CHECKED_FILTER_PROPS;
  const valueInput = { ...checked, w: { base: '48%', xs: config.valueWidth } } as const;
  const start = table.filter('start_date');
  const end = table.filter('end_date');
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" style={filterRowStyle(Object.keys(problems).length > 0)}>
      <DebouncedSearch
        label="Search"
        placeholder={config.searchPlaceholder}
        value={table.search}
        onChange={table.setSearch}
      />
      <TextInput
        type="date"
        label="From"
        value={start}
        max={end || undefined}
        w={{ base: '48%', xs: 160 }}
        onChange={(event) => table.setFilter('start_date', event.currentTarget.value || null)}
      />
      <TextInput
        type="date"
        label="To"
        value={end}
        min={start || undefined}
        w={{ base: '48%', xs: 160 }}
        error={problems.end_date}
        {...checked}
        onChange={(event) => table.setFilter('end_date', event.currentTarget.value || null)}
      />
      {/* Min and max stay side by side: a row never ends between them. */}
      <Group gap="sm" align="flex-end" wrap="nowrap" w={{ base: '100%', xs: 'auto' }}>
        {VALUE_BOUNDS.map(([name, word]) => (
          <TextInput
            key={name}
            label={`${word} ${config.valueLabel}`}
            placeholder={config.valuePlaceholder}
            inputMode="decimal"
            value={table.filter(name)}
            error={problems[name]}
            {...valueInput}
            onChange={(event) => table.setFilter(name, event.currentTarget.value || null)}
          />
        ))}
      </Group>
      {multiFiltersOf(kind).map((name) => {
        const chosen = splitFilterValues(table.filter(name));
        const labels = config.optionLabels?.[name];
        const values = [...new Set([...(options?.[name] ?? []), ...chosen])];
        return (
          <LazyMultiSelect
            key={name}
            label={TRANSACTION_FILTER_LABELS[name]}
            data={labels ? values.map((value) => ({ value, label: labels[value] ?? value })) : values}
            value={chosen}
            // Every report's empty multi-selects say what they show ('All branches'), as the Redemptions report's do.
            placeholder={chosen.length === 0 ? TRANSACTION_FILTER_PLACEHOLDERS[name] : undefined}
            searchable
            clearable
            w={{ base: '100%', xs: 200 }}
            onChange={(values) => table.setFilter(name, values.length > 0 ? joinFilterValues(values) : null)}
          />
        );
      })}
      <Button variant="default" disabled={!filtered} onClick={() => table.setFilters(clearedFilters(kind))}>
        Reset
      </Button>
    </Group>
  );
};

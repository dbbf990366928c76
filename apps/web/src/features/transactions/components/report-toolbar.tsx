import {
  joinFilterValues,
  splitFilterValues,
  TRANSACTION_FILTER_LABELS,
  TRANSACTION_FILTER_PLACEHOLDERS,
  type TReportKind,
} from '@laurel/contract';
import { Button, Group, TextInput } from '@mantine/core';
import { DebouncedSearch } from '@/ui/data-table';
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

const LABEL_STYLE = { whiteSpace: 'nowrap' } as const;
/** Mantine spaces the input from an error below it; the error here takes no room of its own. */
const WRAPPER_STYLE = { marginBottom: 0 } as const;
/** Below the input, over the room PROBLEM_ROOM keeps (Mantine's error: 5 px margin, one 12 px line). */
const ERROR_STYLE = { position: 'absolute', whiteSpace: 'nowrap' } as const;
const PROBLEM_ROOM = '1.25rem';

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
  // The inputs of a row line up at their bottoms: labels stay on one line (the width fits the report's label),
  // and a field's problem sits below it out of the flow, in room the row gaps make while any is shown.
  const checked = {
    pos: 'relative',
    styles: { label: LABEL_STYLE, wrapper: WRAPPER_STYLE, error: ERROR_STYLE },
  } as const;
  const valueInput = { ...checked, w: { base: '48%', xs: config.valueWidth } } as const;
  const start = table.filter('start_date');
  const end = table.filter('end_date');
  const roomForProblems = Object.keys(problems).length > 0;
  return (
    <Group
      gap="sm"
      align="flex-end"
      wrap="wrap"
      style={
        roomForProblems
          ? { rowGap: `calc(var(--mantine-spacing-sm) + ${PROBLEM_ROOM})`, paddingBottom: PROBLEM_ROOM }
          : undefined
      }
    >
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

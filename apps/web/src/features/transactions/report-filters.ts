import {
  TRANSACTION_MULTI_FILTERS,
  type TTransactionMultiFilter,
  type TTransactionReport,
} from '@laurel/contract';
import type { TReportFilters } from './api';

/** The plain (non multi-select) filters every report has, as URL parameters. */
export const PLAIN_FILTERS = ['start_date', 'end_date', 'min_value', 'max_value', 'customer_id'] as const;

type TUrlFilters = { search: string; filter: (name: string) => string };

export const multiFiltersOf = (kind: TTransactionReport) =>
  TRANSACTION_MULTI_FILTERS[kind] as readonly TTransactionMultiFilter[];

/** The server's query from the URL: empty values are skipped (spec 3 §7). */
export const reportFiltersFrom = (kind: TTransactionReport, table: TUrlFilters): TReportFilters => {
  const filters: Record<string, string> = {};
  if (table.search) filters.search_string = table.search;
  for (const name of [...PLAIN_FILTERS, ...multiFiltersOf(kind)]) {
    const value = table.filter(name);
    if (value) filters[name] = value;
  }
  return filters as TReportFilters;
};

/** Whether anything is filtered: Reset is disabled otherwise (spec 3 §2). */
export const isFiltered = (filters: TReportFilters) => Object.keys(filters).length > 0;

/** Every filter cleared, for Reset. */
export const clearedFilters = (kind: TTransactionReport) =>
  Object.fromEntries([...PLAIN_FILTERS, ...multiFiltersOf(kind), 'search'].map((name) => [name, null]));

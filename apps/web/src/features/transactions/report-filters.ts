import {
  readFreeNumber,
  TRANSACTION_FILTER_MESSAGES,
  TRANSACTION_MULTI_FILTERS,
  type TReportKind,
  type TTransactionMultiFilter,
} from '@laurel/contract';
import type { TReportFilters } from './api';

/** The plain (non multi-select) filters every report has, as URL parameters. */
export const PLAIN_FILTERS = ['start_date', 'end_date', 'min_value', 'max_value', 'customer_id'] as const;

type TUrlFilters = { search: string; filter: (name: string) => string };

/** What a field says under it while its value is not sent: short, to fit under the field on one line. */
export const FILTER_PROBLEM_TEXTS = {
  enterNumber: TRANSACTION_FILTER_MESSAGES.enterNumber,
  maxBelowMin: 'Less than the min',
  endBeforeStart: 'Earlier than From',
} as const;

/** A filter the server would refuse, with what its field says; it is left out of the request until fixed. */
export type TFilterProblems = Partial<Record<'min_value' | 'max_value' | 'end_date', string>>;

export const multiFiltersOf = (kind: TReportKind) =>
  TRANSACTION_MULTI_FILTERS[kind] as readonly TTransactionMultiFilter[];

/**
 * The server's query from the URL: empty values are skipped (spec 3 §7), and so is a value the server would
 * refuse with a 400 — min or max that is not a number (they are free text, spec 3 §5), a max below the min, an
 * end date before the start — so a half-typed filter marks its field instead of failing the whole report.
 * `filtered`: whether anything at all is set in the URL (Reset clears a refused value too).
 */
export const readReportFilters = (kind: TReportKind, table: TUrlFilters) => {
  const values: Record<string, string> = {};
  if (table.search) values.search_string = table.search;
  for (const name of [...PLAIN_FILTERS, ...multiFiltersOf(kind)]) {
    const value = table.filter(name);
    if (value) values[name] = value;
  }
  const filtered = Object.keys(values).length > 0;
  const problems: TFilterProblems = {};
  const min = readFreeNumber(values.min_value ?? '');
  const max = readFreeNumber(values.max_value ?? '');
  if (Number.isNaN(min)) problems.min_value = FILTER_PROBLEM_TEXTS.enterNumber;
  if (Number.isNaN(max)) problems.max_value = FILTER_PROBLEM_TEXTS.enterNumber;
  else if (max !== undefined && min !== undefined && max < min)
    problems.max_value = FILTER_PROBLEM_TEXTS.maxBelowMin;
  if (values.start_date && values.end_date && values.end_date < values.start_date)
    problems.end_date = FILTER_PROBLEM_TEXTS.endBeforeStart;
  for (const name of Object.keys(problems)) delete values[name];
  return { filters: values as TReportFilters, problems, filtered };
};

/** Every filter cleared, for Reset. */
export const clearedFilters = (kind: TReportKind) =>
  Object.fromEntries([...PLAIN_FILTERS, ...multiFiltersOf(kind), 'search'].map((name) => [name, null]));

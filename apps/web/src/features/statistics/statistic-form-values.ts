import {
  STATISTIC_DEFAULTS,
  type TAggregationMethod,
  type TCreateStatisticRequest,
  type TResetInterval,
  type TStatistic,
  type TUpdateStatisticRequest,
  ZCreateStatisticRequest,
  ZUpdateStatisticRequest,
} from '@laurel/contract';
import { fieldErrorsIn } from '@/api/field-errors';
import '@/ui/plain-form-messages';

/** What the editor holds; a picker may be empty until the user chooses. */
export type TStatisticFormValues = {
  name: string;
  aggregation_method: TAggregationMethod | null;
  reset_interval: TResetInterval | null;
};
export type TStatisticFormField = keyof TStatisticFormValues;
export type TStatisticFormErrors = Partial<Record<TStatisticFormField, string>>;

/** A new statistic starts as Last / Manual (spec 2 §9). */
export const newStatisticValues = (): TStatisticFormValues => ({
  name: '',
  aggregation_method: STATISTIC_DEFAULTS.aggregation_method,
  reset_interval: STATISTIC_DEFAULTS.reset_interval,
});

export const valuesOfStatistic = (statistic: TStatistic): TStatisticFormValues => ({
  name: statistic.name,
  aggregation_method: statistic.aggregation_method,
  reset_interval: statistic.reset_interval,
});

/** The edited flag of spec 2 §4: Save is enabled only once something differs from what was loaded. */
export const isSameValues = (a: TStatisticFormValues, b: TStatisticFormValues) =>
  a.name === b.name && a.aggregation_method === b.aggregation_method && a.reset_interval === b.reset_interval;

export type TStatisticFormResult =
  | { ok: true; body: TCreateStatisticRequest | TUpdateStatisticRequest }
  | { ok: false; errors: TStatisticFormErrors };

type TIssue = { path: PropertyKey[]; message: string };

const errorsOf = (issues: readonly TIssue[]): TStatisticFormErrors => {
  const errors: TStatisticFormErrors = {};
  for (const issue of issues) {
    const field = issue.path[0] as TStatisticFormField | undefined;
    if (field !== undefined && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
};

/**
 * The request the editor would send, checked by the contract's schema so that the fields show the server's own
 * messages ('Name is required'…). An update sends only the aggregation method and reset interval (spec 2 §5).
 */
export const parseStatisticForm = (values: TStatisticFormValues, isNew: boolean): TStatisticFormResult => {
  const choices = {
    aggregation_method: values.aggregation_method ?? undefined,
    reset_interval: values.reset_interval ?? undefined,
  };
  const parsed = isNew
    ? ZCreateStatisticRequest.safeParse({ name: values.name, ...choices })
    : ZUpdateStatisticRequest.safeParse(choices);
  return parsed.success
    ? { ok: true, body: parsed.data }
    : { ok: false, errors: errorsOf(parsed.error.issues) };
};

const FIELDS: readonly string[] = [
  'name',
  'aggregation_method',
  'reset_interval',
] satisfies TStatisticFormField[];

/** A 400's `content.errors` placed on the editor's fields; errors on other fields stay in the message modal. */
export const serverErrorsOf = (content: unknown): TStatisticFormErrors => {
  const errors: TStatisticFormErrors = {};
  for (const { field, message } of fieldErrorsIn(content)) {
    if (FIELDS.includes(field) && errors[field as TStatisticFormField] === undefined)
      errors[field as TStatisticFormField] = message;
  }
  return errors;
};

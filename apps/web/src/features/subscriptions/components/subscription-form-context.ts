import type {
  TSubscriptionFormField,
  TSubscriptionFormValues,
} from '@/features/subscriptions/subscription-form-values';

/** What every section of the editor receives. */
export type TSectionProps = {
  values: TSubscriptionFormValues;
  set: <K extends TSubscriptionFormField>(field: K, value: TSubscriptionFormValues[K]) => void;
  touch: (...fields: TSubscriptionFormField[]) => void;
  errorOf: (field: TSubscriptionFormField) => string | undefined;
  readOnly: boolean;
};

export const toNumber = (value: number | string): number | '' =>
  typeof value === 'number' ? value : value === '' ? '' : Number(value);

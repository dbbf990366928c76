import type { TBadgeField, TBadgeFormValues } from '@/features/badges/badge-form-values';

/** What every tab of the badge editor receives from the form. */
export type TBadgeTabProps = {
  values: TBadgeFormValues;
  set: <K extends keyof TBadgeFormValues>(field: K, value: TBadgeFormValues[K]) => void;
  /** Messages shown on the fields once a save was refused; each goes as soon as its field is right. */
  errors: Partial<Record<TBadgeField, string>>;
  readOnly: boolean;
};

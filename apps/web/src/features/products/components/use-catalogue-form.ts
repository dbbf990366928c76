import { type FormEvent, useMemo, useState } from 'react';
import type { TFormErrors, TParsed } from '@/features/products/catalogue-form-values';

/** What a catalogue editor (product, category) is given by its page. */
export type TCatalogueFormProps<V, B, F extends string> = {
  label: string;
  initialValues: V;
  readOnly?: boolean;
  errors?: TFormErrors<F>;
  submitting?: boolean;
  onSubmit: (body: B) => void;
};

type TOptions<V, B, F extends string> = {
  initialValues: V;
  parse: (values: V) => TParsed<B, F>;
  same: (a: V, b: V) => boolean;
  serverErrors: TFormErrors<F>;
  onSubmit: (body: B) => void;
};

/**
 * The editors' state: values, the edited flag (Save waits for an edit), messages on a field once it was left or a
 * save was tried, and a server error that stays on its field until that field is edited.
 */
export const useCatalogueForm = <V extends Record<F, unknown>, B, F extends string>({
  initialValues,
  parse,
  same,
  serverErrors,
  onSubmit,
}: TOptions<V, B, F>) => {
  const [values, setValues] = useState(initialValues);
  const [touched, setTouched] = useState<ReadonlySet<F>>(new Set());
  const [stale, setStale] = useState<ReadonlySet<F>>(new Set());
  const result = useMemo(() => parse(values), [parse, values]);
  const edited = !same(values, initialValues);

  const touch = (...fields: F[]) =>
    setTouched((current) =>
      fields.every((field) => current.has(field)) ? current : new Set([...current, ...fields]),
    );

  return {
    values,
    edited,
    errorOf: (field: F) =>
      (touched.has(field) && !result.ok ? result.errors[field] : undefined) ??
      (stale.has(field) ? undefined : serverErrors[field]),
    touch,
    set: <K extends F>(field: K, value: V[K]) => {
      setValues((current) => ({ ...current, [field]: value }));
      setStale((current) => (current.has(field) ? current : new Set([...current, field])));
    },
    reset: () => {
      setValues(initialValues);
      setTouched(new Set());
    },
    submit: (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (!edited) return;
      if (!result.ok) {
        touch(...(Object.keys(result.errors) as F[]));
        return;
      }
      setStale(new Set());
      onSubmit(result.body);
    },
  };
};

import type { TSaveSubscriptionRequest } from '@laurel/contract';
import { Alert, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEvent, useMemo, useState } from 'react';
import { FormActions } from '@/features/products';
import type { TSectionProps } from '@/features/subscriptions/components/subscription-form-context';
import {
  CoverageSection,
  DetailsSection,
  LimitsSection,
  PaymentSection,
  ScheduleSection,
} from '@/features/subscriptions/components/subscription-sections';
import {
  isSameValues,
  parseSubscriptionForm,
  type TSubscriptionFormErrors,
  type TSubscriptionFormField,
  type TSubscriptionFormValues,
} from '@/features/subscriptions/subscription-form-values';

export type TSubscriptionFormProps = {
  label: string;
  initialValues: TSubscriptionFormValues;
  readOnly?: boolean;
  errors?: TSubscriptionFormErrors;
  submitting?: boolean;
  onSubmit: (body: TSaveSubscriptionRequest) => void;
};

/**
 * Every field of a subscription plan (spec 1 §3) with its rules (spec 1 §5): the fields a choice brings in appear
 * with it (CATEGORY: categories; COMPOUND: primary products and products; RETRY: retry days and count…) and carry
 * the contract's messages. Save waits for an edit; a failed save marks every field at fault.
 */
export const SubscriptionForm = ({
  label,
  initialValues,
  readOnly = false,
  errors: serverErrors = {},
  submitting = false,
  onSubmit,
}: TSubscriptionFormProps) => {
  const [values, setValues] = useState(initialValues);
  const [touched, setTouched] = useState<ReadonlySet<TSubscriptionFormField>>(new Set());
  const [stale, setStale] = useState<ReadonlySet<TSubscriptionFormField>>(new Set());
  const [tried, setTried] = useState(false);
  const result = useMemo(() => parseSubscriptionForm(values), [values]);
  const edited = !isSameValues(values, initialValues);

  const touch = (...fields: TSubscriptionFormField[]) =>
    setTouched((current) =>
      fields.every((field) => current.has(field)) ? current : new Set([...current, ...fields]),
    );
  const props: TSectionProps = {
    values,
    readOnly,
    touch,
    set: (field, value) => {
      setValues((current) => ({ ...current, [field]: value }));
      setStale((current) => (current.has(field) ? current : new Set([...current, field])));
    },
    errorOf: (field) =>
      ((tried || touched.has(field)) && !result.ok ? result.errors[field] : undefined) ??
      (stale.has(field) ? undefined : serverErrors[field]),
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (readOnly || !edited) return;
    setTried(true);
    if (!result.ok) return;
    setStale(new Set());
    onSubmit(result.body);
  };

  const problems = tried && !result.ok ? Object.keys(result.errors).length : 0;

  return (
    <form aria-label={label} onSubmit={submit} noValidate>
      <Stack gap="lg">
        <DetailsSection {...props} />
        <ScheduleSection {...props} />
        <CoverageSection {...props} />
        <PaymentSection {...props} />
        <LimitsSection {...props} />
        {problems > 0 && (
          <Alert variant="light" color="red" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
            {problems === 1 ? 'One field needs' : `${problems} fields need`} your attention before saving.
          </Alert>
        )}
        {!readOnly && (
          <FormActions
            edited={edited}
            submitting={submitting}
            onCancel={() => {
              setValues(initialValues);
              setTouched(new Set());
              setTried(false);
            }}
          />
        )}
      </Stack>
    </form>
  );
};

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
  type TSubscriptionFormErrors,
  type TSubscriptionFormField,
  type TSubscriptionFormValues,
} from '@/features/subscriptions/subscription-form-values';
import { lazyModule } from '@/ui/lazy-module';
import { useLazyChecks } from '@/ui/use-lazy-checks';

const subscriptionChecks = lazyModule(() => import('@/features/subscriptions/subscription-validation'));

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
  const edited = !isSameValues(values, initialValues);
  const checks = useLazyChecks(subscriptionChecks, edited);
  const result = useMemo(() => checks?.parseSubscriptionForm(values), [checks, values]);

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
      ((tried || touched.has(field)) && result && !result.ok ? result.errors[field] : undefined) ??
      (stale.has(field) ? undefined : serverErrors[field]),
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (readOnly || !edited) return;
    setTried(true);
    const checked = (await subscriptionChecks.get()).parseSubscriptionForm(values);
    if (!checked.ok) return;
    setStale(new Set());
    onSubmit(checked.body);
  };

  const problems = tried && result && !result.ok ? Object.keys(result.errors).length : 0;

  return (
    <form aria-label={label} onSubmit={(event) => void submit(event)} noValidate>
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

import { BUTTON_LABELS } from '@laurel/contract';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import {
  sameBranchValues,
  type TBranchErrors,
  type TBranchFormValues,
} from '@/features/settings/branches/branch-values';
import { lazyModule } from '@/ui/lazy-module';
import { useLazyChecks } from '@/ui/use-lazy-checks';
import { BusinessSection } from './business-section';
import { DeliverySection } from './delivery-section';
import { DetailsSection } from './details-section';
import type { TSectionProps } from './form-section';
import { StockSection } from './stock-section';
import { TradingTimesSection } from './trading-times-section';

const branchChecks = lazyModule(() => import('@/features/settings/branches/branch-validation'));

type TBranchFormProps = {
  initialValues: TBranchFormValues;
  /** Field messages the server gave for the last save. */
  errors?: TBranchErrors;
  /** While saving, nothing can be changed. */
  disabled?: boolean;
  currencySymbol: string;
  /** Names the form for assistive technology: 'Add Branch', 'Edit Branch'. */
  label: string;
  onSubmit: (values: TBranchFormValues) => void;
};

/**
 * The branch form (spec 1 §3, §5): Details, Business, Stock, Delivery and Trading times. It checks the contract's
 * own rules, so the server's messages show on the fields: a field's message shows once it is edited, all of them
 * once Save is pressed. Save is disabled until something is edited; Cancel returns to the saved values.
 */
export const BranchForm = ({
  initialValues,
  errors: serverErrors = {},
  disabled = false,
  currencySymbol,
  label,
  onSubmit,
}: TBranchFormProps) => {
  const [values, setValues] = useState(initialValues);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [focusFirstError, setFocusFirstError] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  const edited = !sameBranchValues(values, initialValues);
  const checks = useLazyChecks(branchChecks, edited);
  const errors = checks?.validateBranch(values) ?? {};
  const errorOf = (path: string) =>
    (submitted || touched.has(path) ? errors[path] : undefined) ?? serverErrors[path];

  // After a refused Save, the first field with a message is brought into view.
  useEffect(() => {
    if (focusFirstError === 0) return;
    const form = formRef.current;
    const invalid = form?.querySelector<HTMLElement>('[aria-invalid="true"], [role="alert"]');
    if (!invalid) return;
    invalid.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
    const field = invalid.matches('input, textarea')
      ? invalid
      : invalid.closest('[role="group"]')?.querySelector<HTMLElement>('input:not([disabled])');
    field?.focus({ preventScroll: true });
  }, [focusFirstError]);

  const update: TSectionProps['update'] = (patch, paths) => {
    setValues((current) => ({ ...current, ...patch }));
    if (paths.length > 0) setTouched((current) => new Set([...current, ...paths]));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!edited || disabled) return;
    setSubmitted(true);
    if (Object.keys((await branchChecks.get()).validateBranch(values)).length > 0) {
      setFocusFirstError((count) => count + 1);
      return;
    }
    onSubmit(values);
  };

  const cancel = () => {
    setValues(initialValues);
    setTouched(new Set());
    setSubmitted(false);
  };

  const section: TSectionProps = { values, update, errorOf, disabled, currencySymbol };
  const errorCount = submitted ? Object.keys(errors).length : 0;

  return (
    <form ref={formRef} onSubmit={(event) => void submit(event)} noValidate aria-label={label}>
      <Stack gap="lg">
        <DetailsSection {...section} />
        <BusinessSection {...section} />
        <StockSection {...section} />
        <DeliverySection {...section} />
        <TradingTimesSection {...section} />
        <Paper
          withBorder
          radius="md"
          p="sm"
          shadow="sm"
          pos="sticky"
          bottom={12}
          style={{ zIndex: 2 }}
          aria-label="Form actions"
          role="group"
        >
          <Group justify="space-between" gap="sm" wrap="nowrap">
            <Text size="sm" c={errorCount > 0 ? 'red' : 'dimmed'} aria-live="polite">
              {errorCount > 0
                ? `Please correct the ${errorCount === 1 ? 'field' : `${errorCount} fields`} marked in red.`
                : edited
                  ? 'You have unsaved changes.'
                  : 'No changes yet.'}
            </Text>
            <Group gap="sm" wrap="nowrap">
              {edited && (
                <Button variant="default" onClick={cancel} disabled={disabled}>
                  {BUTTON_LABELS.cancel}
                </Button>
              )}
              <Button type="submit" disabled={!edited} loading={disabled}>
                {BUTTON_LABELS.save}
              </Button>
            </Group>
          </Group>
        </Paper>
      </Stack>
    </form>
  );
};

import { BUTTON_LABELS } from '@laurel/contract';
import { Button, Group, Stack } from '@mantine/core';
import { type FormEvent, type ReactNode, useRef } from 'react';

type TWizardFormProps = {
  /** Accessible name of the form. */
  label: string;
  /** Validates and moves on, or leaves the errors showing (once its checks, loaded on first use, have run). */
  onSubmit: () => Promise<unknown>;
  children: ReactNode;
};

/**
 * The first field in error, in reading order: an input marked invalid, or the first control of a group (radio or
 * checkbox cards) whose message shows.
 */
const focusFirstError = (form: HTMLFormElement | null) => {
  const first = form?.querySelector<HTMLElement>('[aria-invalid="true"], .mantine-InputWrapper-error');
  if (!first) return;
  const target = first.matches('[aria-invalid="true"]')
    ? first
    : first
        .closest('.mantine-InputWrapper-root')
        ?.querySelector<HTMLElement>('input, button, select, textarea');
  if (!target) return;
  // A date field opens its calendar on focus, which would cover its own message and 'Next': shown, not focused.
  if (target.matches('[data-dates-input], [data-open-on-focus]')) {
    target.scrollIntoView?.({ block: 'center' });
    return;
  }
  target.focus();
};

/** One wizard step's form: after a refused 'Next' the first field in error gets the focus. */
export const WizardForm = ({ label, onSubmit, children }: TWizardFormProps) => {
  const formRef = useRef<HTMLFormElement>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void onSubmit().then(() => requestAnimationFrame(() => focusFirstError(formRef.current)));
  };
  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label={label}>
      <Stack gap="md">{children}</Stack>
    </form>
  );
};

/** 'Back' returns one step; 'Next' submits the step. */
export const WizardButtons = ({ onBack }: { onBack: () => void }) => (
  <Group justify="space-between" mt="xs">
    <Button variant="default" size="md" onClick={onBack}>
      {BUTTON_LABELS.back}
    </Button>
    <Button type="submit" size="md" miw={140}>
      {BUTTON_LABELS.next}
    </Button>
  </Group>
);

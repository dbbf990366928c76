import { BUTTON_LABELS, DATE_FORMAT, ROUTE_PATTERNS, SIGN_UP_MESSAGES } from '@laurel/contract';
import { Anchor, Button, Checkbox, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { WizardForm } from '@/features/welcome/components/wizard-form';
import type { TAccountValues, TFormErrors } from '@/features/welcome/validation';
import { lazyComponent, MountWhen } from '@/ui/lazy-component';
import { LazyDateInput } from '@/ui/lazy-field/lazy-date-input';

// Opened by its link or the checkbox: the Modal loads then.
const TermsDialog = lazyComponent(() => import('@/features/welcome/components/terms-dialog'), 'TermsDialog');

type TAccountStepProps = {
  values: TAccountValues;
  errors: TFormErrors<TAccountValues>;
  onChange: (patch: Partial<TAccountValues>) => void;
  onNext: () => Promise<unknown>;
};

const yesterday = () => {
  const date = new Date();
  date.setDate(date.getDate() - 1);
  return date;
};

/** Step 1, 'Create your account' (spec 1 §2.8): the first admin user of the new business. */
export const AccountStep = ({ values, errors, onChange, onNext }: TAccountStepProps) => {
  const [termsOpen, setTermsOpen] = useState(false);
  return (
    <WizardForm label={SIGN_UP_MESSAGES.heading} onSubmit={onNext}>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
        <TextInput
          label="Name"
          autoComplete="given-name"
          required
          value={values.name}
          error={errors.name}
          onChange={(event) => onChange({ name: event.currentTarget.value })}
        />
        <TextInput
          label="Surname"
          autoComplete="family-name"
          required
          value={values.surname}
          error={errors.surname}
          onChange={(event) => onChange({ surname: event.currentTarget.value })}
        />
      </SimpleGrid>
      <TextInput
        label="Email"
        type="email"
        autoComplete="email"
        placeholder="you@company.com"
        required
        value={values.email}
        error={errors.email}
        onChange={(event) => onChange({ email: event.currentTarget.value })}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
        <PasswordInput
          label="Password"
          autoComplete="new-password"
          description="At least 8 characters"
          required
          value={values.password}
          error={errors.password}
          onChange={(event) => onChange({ password: event.currentTarget.value })}
        />
        <PasswordInput
          label="Confirm Password"
          autoComplete="new-password"
          description="Type it once more"
          required
          value={values.confirmPassword}
          error={errors.confirmPassword}
          onChange={(event) => onChange({ confirmPassword: event.currentTarget.value })}
        />
        <TextInput
          label="Phone Number"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder="e.g. 0821234567"
          required
          value={values.cellNumber}
          error={errors.cellNumber}
          onChange={(event) => onChange({ cellNumber: event.currentTarget.value })}
        />
        <LazyDateInput
          data-open-on-focus
          label="Birthday"
          placeholder={DATE_FORMAT}
          valueFormat={DATE_FORMAT}
          defaultLevel="decade"
          defaultDate="1990-01-01"
          maxDate={yesterday()}
          clearable
          required
          value={values.birthday || null}
          error={errors.birthday}
          onChange={(value) => onChange({ birthday: value ?? '' })}
        />
      </SimpleGrid>
      <Stack gap="sm" mt={4}>
        <Checkbox
          label="Keep me informed about new features and offers"
          checked={values.getCommunication}
          onChange={(event) => onChange({ getCommunication: event.currentTarget.checked })}
        />
        <Checkbox
          label="I agree to the terms and conditions"
          checked={values.agreesTerms}
          error={errors.agreesTerms}
          onChange={(event) => {
            const checked = event.currentTarget.checked;
            onChange({ agreesTerms: checked });
            if (checked) setTermsOpen(true);
          }}
        />
      </Stack>
      <Button type="submit" size="md" fullWidth mt="xs">
        {BUTTON_LABELS.next}
      </Button>
      <Text size="sm" c="dimmed" ta="center">
        Already have an account?{' '}
        <Anchor component={Link} to={ROUTE_PATTERNS.logIn} fw={600}>
          {SIGN_UP_MESSAGES.signInLink}
        </Anchor>
      </Text>
      <MountWhen when={termsOpen}>
        <TermsDialog
          opened={termsOpen}
          onAgree={() => setTermsOpen(false)}
          onDecline={() => {
            setTermsOpen(false);
            onChange({ agreesTerms: false });
          }}
        />
      </MountWhen>
    </WizardForm>
  );
};

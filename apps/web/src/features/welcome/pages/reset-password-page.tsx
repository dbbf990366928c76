import { BUTTON_LABELS, COMMON_MESSAGES, PASSWORD_MESSAGES } from '@laurel/contract';
import { Badge, Button, PasswordInput, Stack } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconCircleCheck } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useParams } from 'react-router';
import { useResetPassword } from '@/features/welcome/api';
import { BackToSignInLink } from '@/features/welcome/components/back-to-sign-in-link';
import { WelcomeHeading } from '@/features/welcome/components/welcome-heading';
import { type TResetPasswordValues, validateResetPassword } from '@/features/welcome/validation';
import { openMessageModal } from '@/ui/message-modal';
import { openPleaseWait } from '@/ui/please-wait-modal';

const EMPTY: TResetPasswordValues = { password: '', confirmPassword: '' };

/** Reset password (spec 1 §2.6): reached from the emailed link; isNewAccount '1' marks a verified new account. */
export const ResetPasswordPage = () => {
  const { isNewAccount, token = '' } = useParams();
  const [values, setValues] = useState(EMPTY);
  const resetPassword = useResetPassword();
  const errors = validateResetPassword(values);
  const valid = Object.keys(errors).length === 0;
  const touched = { password: values.password !== '', confirmPassword: values.confirmPassword !== '' };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!valid) return;
    const waitId = openPleaseWait('Saving your new password');
    resetPassword.mutate(
      { password: values.password, token },
      {
        onSuccess: (message) => {
          setValues(EMPTY);
          openMessageModal({ title: COMMON_MESSAGES.success, message });
        },
        onSettled: () => modals.close(waitId),
      },
    );
  };

  return (
    <>
      {isNewAccount === '1' && (
        <Badge
          color="teal"
          variant="light"
          size="lg"
          mb="md"
          leftSection={<IconCircleCheck size={16} aria-hidden />}
        >
          {PASSWORD_MESSAGES.emailVerified}
        </Badge>
      )}
      <WelcomeHeading title="Reset password">Choose a new password of at least 8 characters.</WelcomeHeading>
      <form onSubmit={submit} noValidate aria-label="Reset password">
        <Stack gap="md">
          <PasswordInput
            label={PASSWORD_MESSAGES.newPasswordLabel}
            autoComplete="new-password"
            required
            size="md"
            value={values.password}
            error={touched.password ? errors.password : undefined}
            onChange={(event) => {
              const password = event.currentTarget.value;
              setValues((current) => ({ ...current, password }));
            }}
          />
          <PasswordInput
            label={PASSWORD_MESSAGES.confirmNewPasswordLabel}
            autoComplete="new-password"
            required
            size="md"
            value={values.confirmPassword}
            error={touched.confirmPassword ? errors.confirmPassword : undefined}
            onChange={(event) => {
              const confirmPassword = event.currentTarget.value;
              setValues((current) => ({ ...current, confirmPassword }));
            }}
          />
          <Button type="submit" size="md" fullWidth disabled={!valid || resetPassword.isPending}>
            {BUTTON_LABELS.submit}
          </Button>
          <Stack align="center" mt="sm">
            <BackToSignInLink />
          </Stack>
        </Stack>
      </form>
    </>
  );
};

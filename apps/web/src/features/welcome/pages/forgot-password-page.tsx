import { BUTTON_LABELS, COMMON_MESSAGES } from '@laurel/contract';
import { Button, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useForgotPassword } from '@/features/welcome/api';
import { BackToSignInLink } from '@/features/welcome/components/back-to-sign-in-link';
import { WelcomeHeading } from '@/features/welcome/components/welcome-heading';
import { isEmail } from '@/features/welcome/validation';
import { openMessageModal } from '@/ui/message-modal';

/** Forgot password (spec 1 §2.5): Submit stays disabled until the email validates; success shows the server message. */
export const ForgotPasswordPage = () => {
  const [email, setEmail] = useState('');
  const forgotPassword = useForgotPassword();
  const valid = isEmail(email);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!valid) return;
    forgotPassword.mutate(
      { email: email.trim() },
      { onSuccess: (message) => openMessageModal({ title: COMMON_MESSAGES.success, message }) },
    );
  };

  return (
    <>
      <WelcomeHeading title="Forgot password">
        Enter the email address you sign in with and we will send you a link to choose a new password.
      </WelcomeHeading>
      <form onSubmit={submit} noValidate aria-label="Forgot password">
        <Stack gap="md">
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            placeholder="you@company.com"
            required
            size="md"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
          <Button type="submit" size="md" fullWidth disabled={!valid} loading={forgotPassword.isPending}>
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

import { ROUTE_PATTERNS, SIGN_IN_MESSAGES } from '@laurel/contract';
import { Anchor, Button, Checkbox, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useRef, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { sessionStore } from '@/api/session-store';
import { useSession } from '@/api/use-session';
import { afterSignInPath } from '@/app/session-guards';
import type { TTwoFactorState } from '@/features/account-security';
import { useSignIn } from '@/features/welcome/api';
import { WelcomeHeading } from '@/features/welcome/components/welcome-heading';
import { type TSignInErrors, type TSignInValues, validateSignIn } from '@/features/welcome/validation';

/** Sign in (spec 1 §2.4): checks before submit, the session stored on success, the console opened. */
export const LogInPage = () => {
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const signIn = useSignIn();
  const [values, setValues] = useState<TSignInValues>({ email: '', password: '', rememberMe: false });
  const [errors, setErrors] = useState<TSignInErrors>({});
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  if (session) return <Navigate to={afterSignInPath(location.state)} replace />;

  const change = <K extends keyof TSignInValues>(key: K, value: TSignInValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    if (key in errors) setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateSignIn(values);
    setErrors(found);
    if (found.email) return emailRef.current?.focus();
    if (found.password) return passwordRef.current?.focus();
    signIn.mutate(
      { email: values.email.trim(), password: values.password, remember_me: values.rememberMe },
      {
        onSuccess: (content) => {
          if ('token' in content) {
            sessionStore.set(content, values.rememberMe);
            void navigate(afterSignInPath(location.state), { replace: true });
            return;
          }
          // The password was right; a second step comes before the console (DESIGN §10).
          const state: TTwoFactorState = {
            mfaToken: content.mfa_token,
            step: 'mfa_enrolment_required' in content ? 'enrol' : 'verify',
            rememberMe: values.rememberMe,
            from: location.state,
          };
          void navigate(ROUTE_PATTERNS.twoFactor, { state });
        },
      },
    );
  };

  return (
    <>
      <WelcomeHeading title="Sign in">Welcome back. Sign in to run your loyalty programme.</WelcomeHeading>
      <form onSubmit={submit} noValidate aria-label="Sign in">
        <Stack gap="md">
          <TextInput
            ref={emailRef}
            label="Email"
            type="email"
            autoComplete="email"
            placeholder="you@company.com"
            required
            size="md"
            value={values.email}
            error={errors.email}
            onChange={(event) => change('email', event.currentTarget.value)}
          />
          <PasswordInput
            ref={passwordRef}
            label="Password"
            autoComplete="current-password"
            placeholder="Your password"
            required
            size="md"
            value={values.password}
            error={errors.password}
            onChange={(event) => change('password', event.currentTarget.value)}
          />
          <Group justify="space-between" wrap="nowrap">
            <Checkbox
              label={SIGN_IN_MESSAGES.rememberMe}
              checked={values.rememberMe}
              onChange={(event) => change('rememberMe', event.currentTarget.checked)}
            />
            <Anchor component={Link} to={ROUTE_PATTERNS.forgotPassword} size="sm" fw={600}>
              {SIGN_IN_MESSAGES.forgotPasswordLink}
            </Anchor>
          </Group>
          <Button type="submit" size="md" fullWidth mt="xs" loading={signIn.isPending}>
            Sign in
          </Button>
        </Stack>
      </form>
      <Text size="sm" c="dimmed" ta="center" mt="xl">
        Don&apos;t have an account?{' '}
        <Anchor component={Link} to={ROUTE_PATTERNS.createClient} fw={600}>
          {SIGN_IN_MESSAGES.createAccountLink}
        </Anchor>
      </Text>
    </>
  );
};

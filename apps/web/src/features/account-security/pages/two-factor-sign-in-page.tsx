import { ROUTE_PATTERNS, type TMfaSetup, type TSignInContent } from '@laurel/contract';
import { Anchor, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { sessionStore } from '@/api/session-store';
import { afterSignInPath } from '@/app/session-guards';
import { useSignInMfaEnrol, useSignInMfaSetup, useSignInWithCode } from '@/features/account-security/api';
import { CodeForm } from '@/features/account-security/components/code-form';
import { TwoFactorEnrolment } from '@/features/account-security/components/two-factor-enrolment';
import { WelcomeHeading } from '@/features/welcome';

/** What the log-in page hands over after the password: the short-lived token and which second step is due. */
export type TTwoFactorState = {
  mfaToken: string;
  step: 'verify' | 'enrol';
  rememberMe: boolean;
  /** The log-in page's own state: where to go once signed in. */
  from: unknown;
};

const isTwoFactorState = (state: unknown): state is TTwoFactorState =>
  typeof (state as TTwoFactorState | null)?.mfaToken === 'string';

const BackToSignIn = () => (
  <Text size="sm" ta="center" mt="xl">
    <Anchor component={Link} to={ROUTE_PATTERNS.logIn} fw={600}>
      Back to sign in
    </Anchor>
  </Text>
);

const useEnterConsole = (state: TTwoFactorState) => {
  const navigate = useNavigate();
  return (content: TSignInContent) => {
    sessionStore.set(content, state.rememberMe);
    void navigate(afterSignInPath(state.from), { replace: true });
  };
};

const VerifyStep = ({ state }: { state: TTwoFactorState }) => {
  const signIn = useSignInWithCode();
  const enter = useEnterConsole(state);
  return (
    <>
      <WelcomeHeading title="Two-factor sign-in">
        Enter the 6-digit code from your authenticator app, or one of your recovery codes.
      </WelcomeHeading>
      <CodeForm
        label="Authentication code"
        submitLabel="Verify"
        acceptsRecoveryCode
        submitting={signIn.isPending}
        onSubmit={(code) => signIn.mutate({ mfa_token: state.mfaToken, code }, { onSuccess: enter })}
      />
      <BackToSignIn />
    </>
  );
};

const EnrolStep = ({ state }: { state: TTwoFactorState }) => {
  const setupCall = useSignInMfaSetup();
  const enrol = useSignInMfaEnrol();
  const enter = useEnterConsole(state);
  const [setup, setSetup] = useState<TMfaSetup | null>(null);
  const [done, setDone] = useState<{ session: TSignInContent; codes: string[] } | null>(null);
  const { mutate: startSetup } = setupCall;
  // One secret per sign-in, also when effects run twice (StrictMode): a second one would replace the first.
  const started = useRef<string | null>(null);
  useEffect(() => {
    if (started.current === state.mfaToken) return;
    started.current = state.mfaToken;
    startSetup(state.mfaToken, { onSuccess: setSetup });
  }, [startSetup, state.mfaToken]);
  return (
    <>
      <WelcomeHeading title="Set up two-factor sign-in">
        Your business requires two-factor sign-in. Set it up once; after your password, Laurel will ask for a
        code from your phone.
      </WelcomeHeading>
      <Stack>
        <TwoFactorEnrolment
          setup={setupCall.isError ? null : setup}
          confirming={enrol.isPending}
          onConfirm={(code) =>
            enrol.mutate(
              { mfa_token: state.mfaToken, code },
              {
                onSuccess: ({ recovery_codes, ...session }) => setDone({ session, codes: recovery_codes }),
              },
            )
          }
          recoveryCodes={done?.codes ?? null}
          finishLabel="Continue to the console"
          onFinish={() => done && enter(done.session)}
        />
      </Stack>
      <BackToSignIn />
    </>
  );
};

/** `/welcome/two-factor`: the sign-in's second step after the password (DESIGN §10 "Staff sign-in security"). */
export const TwoFactorSignInPage = () => {
  const location = useLocation();
  const state = location.state;
  if (!isTwoFactorState(state)) return <Navigate to={ROUTE_PATTERNS.logIn} replace />;
  return state.step === 'enrol' ? <EnrolStep state={state} /> : <VerifyStep state={state} />;
};

import { ONBOARDING_STEP_TITLES, ROUTE_PATTERNS, SIGN_UP_MESSAGES } from '@laurel/contract';
import { Stepper } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { sessionStore } from '@/api/session-store';
import { useSession } from '@/api/use-session';
import { useCreateClient, useSignIn } from '@/features/welcome/api';
import { AccountStep } from '@/features/welcome/components/account-step';
import { CompanyDetailsStep } from '@/features/welcome/components/company-details-step';
import { CompanyInformationStep } from '@/features/welcome/components/company-information-step';
import { PaymentPlan } from '@/features/welcome/components/payment-plan';
import { WelcomeHeading } from '@/features/welcome/components/welcome-heading';
import stepperClasses from '@/features/welcome/components/wizard-stepper.module.css';
import {
  EMPTY_ACCOUNT,
  EMPTY_COMPANY_DETAILS,
  EMPTY_COMPANY_INFORMATION,
  hasErrors,
  type TAccountValues,
  type TCompanyDetailsValues,
  type TCompanyInformationValues,
  type TFormErrors,
  toCreateClientRequest,
} from '@/features/welcome/validation';
import { lazyModule } from '@/ui/lazy-module';
import { openPleaseWait } from '@/ui/please-wait-modal';

// The steps' checks take zod: loaded once the wizard is used, not with the page.
const signUpChecks = lazyModule(() => import('@/features/welcome/sign-up-validation'));
type TSignUpChecks = Awaited<ReturnType<typeof signUpChecks.get>>;

/** Steps of spec 1 §2.8, numbered from 0 like ONBOARDING_STEP_TITLES; 0 and 4 both show the payment plan. */
const STEP = { testStripe: 0, account: 1, companyDetails: 2, companyInformation: 3, paymentPlan: 4 } as const;

const STEP_HEADINGS: Record<1 | 2 | 3, { title: string; guidance: string }> = {
  1: {
    title: SIGN_UP_MESSAGES.heading,
    guidance: 'You will be the administrator of your business on Laurel.',
  },
  2: { title: 'Company details', guidance: 'The business as it is registered, and where it trades.' },
  3: {
    title: 'Company information',
    guidance: 'A little about what you do, so that we can set you up well.',
  },
};

/** A form's values and whether its 'Next' was tried, after which its messages follow every change. */
const useStepForm = <TValues extends object>(
  empty: TValues,
  validatorOf: (checks: TSignUpChecks) => (values: TValues) => TFormErrors<TValues>,
) => {
  const [values, setValues] = useState(empty);
  // What the fields hold now, for a check that runs after a wait (e.g. for a chosen address's details).
  const latest = useRef(empty);
  const [tried, setTried] = useState(false);
  const checks = signUpChecks.use();
  const errors: TFormErrors<TValues> = tried && checks ? validatorOf(checks)(values) : {};
  return {
    values,
    errors,
    change: (patch: Partial<TValues>) => {
      void signUpChecks.load();
      latest.current = { ...latest.current, ...patch };
      setValues(latest.current);
    },
    /** True when the step is valid; otherwise its messages show. */
    check: async () => {
      setTried(true);
      const validate = validatorOf(await signUpChecks.get());
      return !hasErrors(validate(latest.current));
    },
  };
};

/**
 * The create-client wizard (spec 1 §2.8): account, company details, company information, then registration and
 * sign-in with the same credentials. Nothing is sent before the last 'Next'. A visitor who is already signed in
 * (a client still choosing its plan) sees the payment-plan step.
 */
export const CreateClientPage = () => {
  const signedIn = useSession() !== null;
  const [step, setStep] = useState<number>(signedIn ? STEP.paymentPlan : STEP.account);
  const account = useStepForm<TAccountValues>(EMPTY_ACCOUNT, (checks) => checks.validateAccount);
  const company = useStepForm<TCompanyDetailsValues>(
    EMPTY_COMPANY_DETAILS,
    (checks) => checks.validateCompanyDetails,
  );
  const information = useStepForm<TCompanyInformationValues>(
    EMPTY_COMPANY_INFORMATION,
    (checks) => checks.validateCompanyInformation,
  );
  const createClient = useCreateClient();
  const signIn = useSignIn();
  const navigate = useNavigate();

  const register = async () => {
    const body = toCreateClientRequest(
      account.values,
      company.values,
      information.values,
      window.location.host,
      Intl.DateTimeFormat().resolvedOptions().timeZone,
    );
    const waitId = openPleaseWait('Creating your account');
    try {
      await createClient.mutateAsync(body);
    } catch {
      // 'Oops!' with the server's message is already open (the mutation's error title).
      modals.close(waitId);
      return;
    }
    try {
      const content = await signIn.mutateAsync({
        email: body.client_user.email,
        password: account.values.password,
        remember_me: false,
      });
      // A new business requires no second factor yet: the answer is the session itself.
      if (!('token' in content)) throw new Error('A second sign-in step is due');
      sessionStore.set(content, false);
      // The console sends a client that has no plan yet to the plan page.
      await navigate(ROUTE_PATTERNS.console, { replace: true });
    } catch {
      // The account exists: the sign-in failure is showing, and signing in by hand is what is left.
      await navigate(ROUTE_PATTERNS.logIn, { replace: true });
    } finally {
      modals.close(waitId);
    }
  };

  const heading =
    step >= STEP.account && step <= STEP.companyInformation ? STEP_HEADINGS[step as 1 | 2 | 3] : null;

  return (
    <>
      <Stepper
        active={step}
        size="sm"
        iconSize={30}
        wrap={false}
        mb={40}
        onStepClick={setStep}
        allowNextStepsSelect={false}
        aria-label="Sign-up steps"
        classNames={stepperClasses}
      >
        {ONBOARDING_STEP_TITLES.map((title, index) => (
          <Stepper.Step
            key={title}
            label={title}
            allowStepSelect={index >= STEP.account && index < step && step <= STEP.companyInformation}
          />
        ))}
      </Stepper>
      {heading && <WelcomeHeading title={heading.title}>{heading.guidance}</WelcomeHeading>}
      {step === STEP.account && (
        <AccountStep
          values={account.values}
          errors={account.errors}
          onChange={account.change}
          onNext={() => account.check().then((valid) => valid && setStep(STEP.companyDetails))}
        />
      )}
      {step === STEP.companyDetails && (
        <CompanyDetailsStep
          values={company.values}
          errors={company.errors}
          onChange={company.change}
          onNext={() => company.check().then((valid) => valid && setStep(STEP.companyInformation))}
          onBack={() => setStep(STEP.account)}
        />
      )}
      {step === STEP.companyInformation && (
        <CompanyInformationStep
          values={information.values}
          errors={information.errors}
          onChange={information.change}
          onNext={() =>
            information.check().then(async (valid) => {
              if (valid) await register();
            })
          }
          onBack={() => setStep(STEP.companyDetails)}
        />
      )}
      {(step === STEP.testStripe || step === STEP.paymentPlan) && (
        <PaymentPlan onBack={() => setStep(STEP.companyDetails)} />
      )}
    </>
  );
};

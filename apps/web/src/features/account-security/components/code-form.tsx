import { TWO_FACTOR_MESSAGES } from '@laurel/contract';
import { Button, Stack, TextInput } from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';

type TCodeFormProps = {
  label: string;
  submitLabel: string;
  submitting: boolean;
  onSubmit: (code: string) => void;
  /** Recovery codes are taken too (sign-in, turning off); enrolment takes only an app code. */
  acceptsRecoveryCode?: boolean;
  submitColor?: string;
  children?: ReactNode;
};

const APP_CODE_LENGTH = 6;
const APP_CODE_REQUIRED = 'Enter the 6-digit code from your app.';
const APP_CODE_DIGITS_ONLY =
  'The code from your app has digits only: letters and other characters are left out.';

/**
 * What an app-code-only field keeps of what was typed or pasted: its digits (spaces and the rest dropped), at most
 * six, and whether anything but digits and spaces was dropped.
 */
const appCodeOf = (typed: string) => ({
  code: typed.replace(/\D/g, '').slice(0, APP_CODE_LENGTH),
  dropped: /[^\d\s]/.test(typed),
});

/** One field for a code from the authenticator app (or a recovery code), checked before it is sent. */
export const CodeForm = ({
  label,
  submitLabel,
  submitting,
  onSubmit,
  acceptsRecoveryCode = false,
  submitColor,
  children,
}: TCodeFormProps) => {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const typed = code.replace(/\s+/g, '');
    const valid =
      /^\d{6}$/.test(typed) || (acceptsRecoveryCode && /^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/.test(typed));
    if (!valid) {
      setError(acceptsRecoveryCode ? TWO_FACTOR_MESSAGES.codeRequired : APP_CODE_REQUIRED);
      return;
    }
    onSubmit(typed);
  };
  return (
    // Named by its button, not by the field's label: a search by that label must find the field alone.
    <form onSubmit={submit} noValidate aria-label={submitLabel}>
      <Stack gap="md">
        {children}
        <TextInput
          label={label}
          autoComplete="one-time-code"
          inputMode={acceptsRecoveryCode ? 'text' : 'numeric'}
          placeholder={acceptsRecoveryCode ? '123456 or abcde-fghjk' : '123456'}
          // An app code is cut to six digits as it changes, not by maxLength: a pasted '123 456' keeps its last digit.
          maxLength={acceptsRecoveryCode ? 20 : undefined}
          required
          value={code}
          error={error}
          onChange={(event) => {
            const typed = event.currentTarget.value;
            if (acceptsRecoveryCode) {
              setCode(typed);
              setError(undefined);
              return;
            }
            const appCode = appCodeOf(typed);
            setCode(appCode.code);
            setError(appCode.dropped ? APP_CODE_DIGITS_ONLY : undefined);
          }}
        />
        <Button type="submit" loading={submitting} {...(submitColor ? { color: submitColor } : {})}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
};

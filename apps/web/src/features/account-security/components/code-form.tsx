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
      setError(
        acceptsRecoveryCode ? TWO_FACTOR_MESSAGES.codeRequired : 'Enter the 6-digit code from your app.',
      );
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
          maxLength={acceptsRecoveryCode ? 20 : 6}
          required
          value={code}
          error={error}
          onChange={(event) => {
            setCode(event.currentTarget.value);
            setError(undefined);
          }}
        />
        <Button type="submit" loading={submitting} {...(submitColor ? { color: submitColor } : {})}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
};

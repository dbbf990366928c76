import { LIMITS, PASSWORD_MESSAGES, SIGN_IN_MESSAGES, SIGN_UP_MESSAGES } from '@laurel/contract';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const isEmail = (value: string) => EMAIL_PATTERN.test(value.trim());

export type TSignInValues = { email: string; password: string; rememberMe: boolean };
export type TSignInErrors = Partial<Record<'email' | 'password', string>>;

/** Checked before submit (spec 1 §5 "Sign in and passwords"). */
export const validateSignIn = (values: TSignInValues): TSignInErrors => {
  const errors: TSignInErrors = {};
  if (!values.email.trim()) errors.email = SIGN_IN_MESSAGES.emailRequired;
  if (!values.password) errors.password = SIGN_IN_MESSAGES.passwordRequired;
  return errors;
};

export type TResetPasswordValues = { password: string; confirmPassword: string };

/** Reset password: password required (at least 8 characters), confirmation equal to it (spec 1 §5, DESIGN §9). */
export const validateResetPassword = (values: TResetPasswordValues) => {
  const errors: Partial<Record<keyof TResetPasswordValues, string>> = {};
  if (!values.password) errors.password = SIGN_IN_MESSAGES.passwordRequired;
  else if (values.password.length < LIMITS.passwordMinLength) errors.password = PASSWORD_MESSAGES.minLength;
  if (!values.confirmPassword) errors.confirmPassword = SIGN_UP_MESSAGES.confirmPasswordRequired;
  else if (values.confirmPassword !== values.password)
    errors.confirmPassword = PASSWORD_MESSAGES.passwordsDontMatch;
  return errors;
};

import { LIMITS } from '../shared/limits';

/** Sign in (spec 1 §2.4, §5, §8). */
export const SIGN_IN_MESSAGES = {
  emailRequired: 'Email is required.',
  passwordRequired: 'Password is required.',
  failedTitle: 'Something went wrong!',
  rememberMe: 'Remember me?',
  forgotPasswordLink: 'Forgot password?',
  createAccountLink: 'Create one now',
} as const;

/** Forgot and reset password (spec 1 §2.5-2.6). */
export const PASSWORD_MESSAGES = {
  minLength: `Password must be at least ${LIMITS.passwordMinLength} characters.`,
  passwordsDontMatch: "Passwords don't match.",
  emailVerified: 'Email Address Verified',
  newPasswordLabel: 'Enter New Password',
  confirmNewPasswordLabel: 'Confirm New Password',
  backToSignIn: 'Back to sign in',
} as const;

/** Create-client wizard step 1 (spec 1 §5). */
export const SIGN_UP_MESSAGES = {
  nameRequired: 'Name is required.',
  surnameRequired: 'Surname is required.',
  emailRequired: 'Email is required.',
  phoneNumberRequired: 'Phone Number is required.',
  passwordRequired: 'Password is required.',
  confirmPasswordRequired: 'Confirm Password is required.',
  passwordsDontMatch: PASSWORD_MESSAGES.passwordsDontMatch,
  birthdayRequired: 'Birthday is required.',
  mustAgreeToTerms: 'Must agree to our terms and conditions.',
  registrationFailedTitle: 'Oops!',
  heading: 'Create your account',
  signInLink: 'Sign In',
} as const;

export const COMPANY_DETAILS_MESSAGES = {
  businessNameRequired: 'Business name is required.',
  registeredNameRequired: 'Registered name is required.',
  registeredNumberRequired: 'Registered number is required.',
  addressRequired: 'Address is required.',
} as const;

export const COMPANY_INFORMATION_MESSAGES = {
  industryRequired: 'Please select an industry.',
  businessTypeRequired: 'Business type is required.',
  productsTypeRequired: 'Please select products type.',
  businessTypeQuestion: 'Which of the following options best describes you?',
  sellingQuestion: 'What do you plan to sell?',
  industryLabel: 'Select Industry',
} as const;

/** Step titles of the create-client wizard, step 0 first. */
export const ONBOARDING_STEP_TITLES = [
  'Test Stripe',
  'Create Account',
  'Company Details',
  'Company Information',
  'Payment Plan',
] as const;

export const PAYMENT_PLAN_MESSAGES = {
  heading: 'Please select your subscription',
  text: 'Choose the subscription that best suits your business.',
  logOut: 'Log out',
} as const;

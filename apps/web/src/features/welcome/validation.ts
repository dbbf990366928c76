import {
  isBusinessEmail,
  LIMITS,
  PASSWORD_MESSAGES,
  SIGN_IN_MESSAGES,
  SIGN_UP_MESSAGES,
  type TCreateClientRequest,
} from '@laurel/contract';

/** The address the server would accept for a business or its staff (the contract's pattern). */
export const isEmail = isBusinessEmail;

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

export type TFormErrors<TValues> = Partial<Record<keyof TValues, string>>;

export const hasErrors = (errors: object) => Object.values(errors).some(Boolean);

/** Wizard step 1, 'Create your account' (spec 1 §2.8, §5). */
export type TAccountValues = {
  name: string;
  surname: string;
  email: string;
  password: string;
  confirmPassword: string;
  cellNumber: string;
  /** YYYY-MM-DD, or '' when none is chosen. */
  birthday: string;
  getCommunication: boolean;
  agreesTerms: boolean;
};

export const EMPTY_ACCOUNT: TAccountValues = {
  name: '',
  surname: '',
  email: '',
  password: '',
  confirmPassword: '',
  cellNumber: '',
  birthday: '',
  getCommunication: false,
  agreesTerms: false,
};

export const toClientUser = (values: TAccountValues): TCreateClientRequest['client_user'] => ({
  name: values.name.trim(),
  surname: values.surname.trim(),
  email: values.email.trim(),
  password: values.password,
  cell_number: values.cellNumber.trim(),
  birthday: values.birthday,
  get_communication: values.getCommunication,
  agrees_terms_and_conditions: values.agreesTerms as true,
});

/** Wizard step 2, company details (spec 1 §3 "Company details form"). */
export type TCompanyDetailsValues = {
  businessName: string;
  businessRegisteredName: string;
  businessRegisteredNumber: string;
  vatNumber: string;
  /** What is typed in the address search; once a prediction is chosen, its text. */
  address: string;
  /** The chosen prediction's coordinates; null while nothing is chosen (typing again unchooses it). */
  coordinates: { lat: number; lng: number } | null;
};

export const EMPTY_COMPANY_DETAILS: TCompanyDetailsValues = {
  businessName: '',
  businessRegisteredName: '',
  businessRegisteredNumber: '',
  vatNumber: '',
  address: '',
  coordinates: null,
};

export const toCompany = (values: TCompanyDetailsValues) => ({
  alias: values.businessName.trim(),
  name: values.businessRegisteredName.trim(),
  id_number: values.businessRegisteredNumber.trim(),
  vat_number: values.vatNumber.trim() || null,
  address: { full_address: values.address.trim(), coordinates: values.coordinates },
});

/** Wizard step 3, company information (spec 1 §3): experience, product types and industry. */
export type TCompanyInformationValues = {
  businessType: string;
  sellingProducts: string[];
  industry: string;
};

export const EMPTY_COMPANY_INFORMATION: TCompanyInformationValues = {
  businessType: '',
  sellingProducts: [],
  industry: '',
};

export const toOffering = (values: TCompanyInformationValues) => ({
  experience: values.businessType,
  product_types: values.sellingProducts,
  industry: values.industry,
});

/**
 * The registration body: everything the three steps collected, with the host the console is served from and the
 * browser's time zone (where the owner signing up most often is: the business's days then begin there at once).
 */
export const toCreateClientRequest = (
  account: TAccountValues,
  company: TCompanyDetailsValues,
  information: TCompanyInformationValues,
  host: string,
  timeZone: string | null = null,
): TCreateClientRequest => ({
  ...toCompany(company),
  domain: host,
  type: 'ENTITY',
  ...(timeZone ? { time_zone: timeZone } : {}),
  client_user: toClientUser(account),
  offering: toOffering(information),
});

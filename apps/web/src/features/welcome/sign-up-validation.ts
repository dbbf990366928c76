import {
  COMPANY_DETAILS_MESSAGES,
  SIGN_UP_MESSAGES,
  ZClientUserSignUp,
  ZCreateClientRequest,
} from '@laurel/contract';
import {
  type TAccountValues,
  type TCompanyDetailsValues,
  type TCompanyInformationValues,
  type TFormErrors,
  toClientUser,
  toCompany,
  toOffering,
} from '@/features/welcome/validation';
import '@/ui/plain-form-messages';

// The sign-up wizard's checks (the contract's schemas, so zod): loaded once the wizard is used, never with the log-in
// page, which shares validation.ts.

type TIssue = { path: PropertyKey[]; message: string };

/** The first message per field, naming fields by the form's keys rather than the API's paths. */
const errorsByField = <TValues>(
  issues: readonly TIssue[],
  fieldOf: Record<string, keyof TValues>,
): TFormErrors<TValues> => {
  const errors: TFormErrors<TValues> = {};
  for (const issue of issues) {
    const field = fieldOf[issue.path.map(String).join('.')];
    if (field !== undefined && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
};

/** The server's own rules for the user (the contract's schema), plus the confirmation the form adds. */
export const validateAccount = (values: TAccountValues): TFormErrors<TAccountValues> => {
  const parsed = ZClientUserSignUp.safeParse(toClientUser(values));
  const errors = errorsByField<TAccountValues>(parsed.success ? [] : parsed.error.issues, {
    name: 'name',
    surname: 'surname',
    email: 'email',
    password: 'password',
    cell_number: 'cellNumber',
    birthday: 'birthday',
    agrees_terms_and_conditions: 'agreesTerms',
  });
  if (!values.confirmPassword) errors.confirmPassword = SIGN_UP_MESSAGES.confirmPasswordRequired;
  else if (values.confirmPassword !== values.password)
    errors.confirmPassword = SIGN_UP_MESSAGES.passwordsDontMatch;
  return errors;
};

const ZCompanyDetails = ZCreateClientRequest.pick({
  alias: true,
  name: true,
  id_number: true,
  vat_number: true,
  address: true,
});

export const validateCompanyDetails = (values: TCompanyDetailsValues): TFormErrors<TCompanyDetailsValues> => {
  const parsed = ZCompanyDetails.safeParse(toCompany(values));
  const errors = errorsByField<TCompanyDetailsValues>(parsed.success ? [] : parsed.error.issues, {
    alias: 'businessName',
    name: 'businessRegisteredName',
    id_number: 'businessRegisteredNumber',
    vat_number: 'vatNumber',
    'address.full_address': 'address',
    address: 'address',
  });
  // Typed text alone is no address: one of the predictions must be chosen, which brings its coordinates.
  if (!errors.address && !values.coordinates) errors.address = COMPANY_DETAILS_MESSAGES.addressRequired;
  return errors;
};

export const validateCompanyInformation = (
  values: TCompanyInformationValues,
): TFormErrors<TCompanyInformationValues> => {
  const parsed = ZCreateClientRequest.shape.offering.safeParse(toOffering(values));
  return errorsByField<TCompanyInformationValues>(parsed.success ? [] : parsed.error.issues, {
    experience: 'businessType',
    product_types: 'sellingProducts',
    industry: 'industry',
  });
};

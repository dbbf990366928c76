import {
  ADD_CUSTOMER_MESSAGES,
  CELL_NUMBER_REGEX,
  CUSTOMER_MESSAGES,
  CUSTOMER_PROFILE_MESSAGES,
  DEFAULT_GENDER,
  GUEST_EMAIL,
  INITIAL_CUSTOMER_STATUS,
  isEmail,
  LIMITS,
  type TAddCustomerRequest,
  type TCommunicationMethod,
  type TGender,
  toIsoDate,
} from '@laurel/contract';

export type TAddCustomerValues = {
  name: string;
  surname: string;
  email: string;
  cell_number: string;
  gender: TGender | '';
  member_card_number: string;
  birthday: string;
  communication_method: TCommunicationMethod[];
  member_branch_id: string;
};

export type TAddCustomerField = keyof TAddCustomerValues;
export type TAddCustomerErrors = Partial<Record<TAddCustomerField, string>>;

export const emptyCustomerValues = (): TAddCustomerValues => ({
  name: '',
  surname: '',
  email: '',
  cell_number: '',
  gender: '',
  member_card_number: '',
  birthday: '',
  communication_method: [],
  member_branch_id: '',
});

/** Spec 1 §5: exactly 10 characters matching `0` (or `+27`) then 6, 7 or 8 then 8 digits. */
export const isSavableCellNumber = (value: string) =>
  value.length === LIMITS.cellNumberLength && CELL_NUMBER_REGEX.test(value);

/** Save is enabled only when name and surname are filled and the cell number passes (spec 1 §5). */
export const canSaveCustomer = (values: TAddCustomerValues) =>
  values.name.trim() !== '' && values.surname.trim() !== '' && isSavableCellNumber(values.cell_number);

const isPast = (date: string) => date < toIsoDate(new Date());

/** Every message that applies to the values, whether or not the field has been touched yet. */
export const customerErrors = (values: TAddCustomerValues): TAddCustomerErrors => {
  const errors: TAddCustomerErrors = {};
  if (values.name.trim() === '') errors.name = ADD_CUSTOMER_MESSAGES.nameRequired;
  if (values.surname.trim() === '') errors.surname = ADD_CUSTOMER_MESSAGES.surnameRequired;
  if (values.email.trim() !== '' && !isEmail(values.email)) errors.email = ADD_CUSTOMER_MESSAGES.invalidEmail;
  if (!isSavableCellNumber(values.cell_number)) errors.cell_number = ADD_CUSTOMER_MESSAGES.invalidPhoneNumber;
  const card = values.member_card_number.trim();
  if (card !== '' && card.length !== LIMITS.loyaltyCardNumberLength)
    errors.member_card_number = CUSTOMER_MESSAGES.cardNumberLength;
  if (values.birthday !== '' && !isPast(values.birthday))
    errors.birthday = CUSTOMER_PROFILE_MESSAGES.futureDateNotAllowed;
  return errors;
};

/**
 * The sign-up body (spec 1 §3, §5): an empty email sends the guest address, an empty card number is left out,
 * an empty gender is N/A; the member date is today.
 */
export const toAddCustomerRequest = (
  values: TAddCustomerValues,
  branchId: string | null,
): TAddCustomerRequest => {
  const card = values.member_card_number.trim();
  const request: TAddCustomerRequest = {
    name: values.name.trim(),
    surname: values.surname.trim(),
    email: values.email.trim() || GUEST_EMAIL,
    cell_number: values.cell_number.trim(),
    gender: values.gender || DEFAULT_GENDER,
    status: INITIAL_CUSTOMER_STATUS,
    member_date: toIsoDate(new Date()),
    loyalty_sign_up: true,
    get_communication: values.communication_method.length > 0,
    agrees_terms_and_conditions: false,
    communication_method: values.communication_method,
  };
  if (card !== '') request.member_card_number = card;
  if (values.birthday !== '') request.birthday = values.birthday;
  if (branchId) request.member_branch_id = branchId;
  return request;
};

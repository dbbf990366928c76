import { z } from 'zod';
import { ADD_CUSTOMER_MESSAGES } from '../messages/customers';

/** South Africa is the default country (spec 1 §9). */
export const DEFAULT_COUNTRY_CODE = '+27';
export const DEFAULT_COUNTRY_CODE_EXTENSION = 'ZA';

/** `0` or `+27`, then 6, 7 or 8, then 8 digits (DESIGN §9). */
export const CELL_NUMBER_REGEX = /^(?:\+27|0)[678]\d{8}$/;

export const isCellNumber = (value: string) => CELL_NUMBER_REGEX.test(value.trim());

/** The stored form of a cell number, `+27…`; null when the value is not a valid cell number. */
export const normaliseCellNumber = (value: string): string | null => {
  const trimmed = value.trim();
  if (!CELL_NUMBER_REGEX.test(trimmed)) return null;
  return trimmed.startsWith('0') ? `${DEFAULT_COUNTRY_CODE}${trimmed.slice(1)}` : trimmed;
};

/** The local 10-digit form (`0…`) of a valid cell number, for forms; null otherwise. */
export const localCellNumber = (value: string): string | null => {
  const stored = normaliseCellNumber(value);
  return stored === null ? null : `0${stored.slice(DEFAULT_COUNTRY_CODE.length)}`;
};

/** A customer's email: the pattern with a 2 to 4 letter top-level domain (spec 1 §5, Add Customer). */
export const EMAIL_REGEX = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,4}$/;
export const isEmail = (value: string) => EMAIL_REGEX.test(value.trim());

/**
 * A business's or a staff member's email (sign-up, users, branches, settings, password reset), where the spec shows
 * no 2-to-4-letter rule: any top-level domain, so that an owner at a `.coffee` or `.studio` address can sign up.
 */
export const BUSINESS_EMAIL_REGEX = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,63}$/;
export const isBusinessEmail = (value: string) => BUSINESS_EMAIL_REGEX.test(value.trim());

/** The generic form rule for phone, contact_number and phoneNumber fields: exactly 10 digits. */
export const TEN_DIGIT_PHONE_REGEX = /^\d{10}$/;

export const ZCellNumber = z
  .string()
  .trim()
  .regex(CELL_NUMBER_REGEX, ADD_CUSTOMER_MESSAGES.invalidPhoneNumber);
export const ZEmail = z.string().trim().regex(EMAIL_REGEX, ADD_CUSTOMER_MESSAGES.invalidEmail);

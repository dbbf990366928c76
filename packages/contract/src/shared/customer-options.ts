import { z } from 'zod';

export const ZCommunicationMethod = z.enum(['SMS', 'EMAIL', 'WHATSAPP']);
export type TCommunicationMethod = z.infer<typeof ZCommunicationMethod>;
export const COMMUNICATION_METHODS = ZCommunicationMethod.options;
/**
 * 'E-mail', not 'Email': the add-customer form's Email field is found by its label, and a checkbox named 'Email'
 * beside it made that label name two controls.
 */
export const COMMUNICATION_METHOD_LABELS: Record<TCommunicationMethod, string> = {
  SMS: 'SMS',
  EMAIL: 'E-mail',
  WHATSAPP: 'WhatsApp',
};

/** An empty gender is sent as N/A (spec 1 §5). */
export const ZGender = z.enum(['MALE', 'FEMALE', 'OTHER', 'N/A']);
export type TGender = z.infer<typeof ZGender>;
export const GENDERS = ZGender.options;
export const DEFAULT_GENDER: TGender = 'N/A';
/** Spec 1 §9 names the options by their values, so they read as it gives them ('MALE', not 'Male'). */
export const GENDER_LABELS: Record<TGender, string> = {
  MALE: 'MALE',
  FEMALE: 'FEMALE',
  OTHER: 'OTHER',
  'N/A': 'N/A',
};

/** A customer added from the console is signed up for loyalty unless told otherwise. */
export const CUSTOMER_DEFAULTS = { loyalty_sign_up: true, get_communication: false } as const;

/** Card brands of stored payment methods; Visa has its own icon. */
export const ZCardBrand = z.enum(['VISA', 'MASTERCARD', 'AMEX', 'DINERS', 'DISCOVER', 'OTHER']);
export type TCardBrand = z.infer<typeof ZCardBrand>;

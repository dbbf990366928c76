import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint';
import { envelopeOf } from '../http/envelope';
import { requiredString } from '../http/fields';
import { COMPANY_DETAILS_MESSAGES, COMPANY_INFORMATION_MESSAGES, SIGN_UP_MESSAGES } from '../messages/auth';
import { BUSINESS_EMAIL_REGEX, DEFAULT_COUNTRY_CODE, TEN_DIGIT_PHONE_REGEX } from '../shared/contact';
import { checkPastDate, DATE_MESSAGES } from '../shared/dates';
import { ZNewPassword } from './passwords';

/** The wizard's option lists (spec 1 §2.8 gives the questions, not the answers). */
export const ONBOARDING_OPTIONS = {
  experience: [
    'I am just starting my business',
    'I sell in store',
    'I sell online',
    'I sell in store and online',
    'I run a franchise or several branches',
  ],
  product_types: ['Physical products', 'Food and beverages', 'Services', 'Digital products', 'Subscriptions'],
  industry: [
    'Food and beverage',
    'Coffee and cafés',
    'Retail',
    'Fashion and apparel',
    'Health and beauty',
    'Fitness and wellness',
    'Electronics',
    'Hospitality and travel',
    'Entertainment and leisure',
    'Automotive',
    'Education',
    'Other',
  ],
} as const;

export const SIGN_UP_EXTRA_MESSAGES = {
  invalidEmail: 'Please enter a valid email address.',
  invalidPhone: 'Phone Number must be a 10-digit phone number',
  invalidBirthday: 'Birthday must be a date in the past.',
} as const;

export const ZClientUserSignUp = z.object({
  name: requiredString(SIGN_UP_MESSAGES.nameRequired).max(100),
  surname: requiredString(SIGN_UP_MESSAGES.surnameRequired).max(100),
  email: requiredString(SIGN_UP_MESSAGES.emailRequired)
    .max(254, SIGN_UP_EXTRA_MESSAGES.invalidEmail)
    .regex(BUSINESS_EMAIL_REGEX, SIGN_UP_EXTRA_MESSAGES.invalidEmail),
  password: ZNewPassword,
  cell_country_code: z.string().trim().max(6).default(DEFAULT_COUNTRY_CODE),
  cell_number: requiredString(SIGN_UP_MESSAGES.phoneNumberRequired).regex(
    TEN_DIGIT_PHONE_REGEX,
    SIGN_UP_EXTRA_MESSAGES.invalidPhone,
  ),
  birthday: requiredString(SIGN_UP_MESSAGES.birthdayRequired).superRefine(
    checkPastDate({ notReal: DATE_MESSAGES.notReal, future: SIGN_UP_EXTRA_MESSAGES.invalidBirthday }),
  ),
  get_communication: z.boolean().default(false),
  agrees_terms_and_conditions: z.literal(true, { error: SIGN_UP_MESSAGES.mustAgreeToTerms }),
});

export const ZCoordinates = z.object({
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
});

export const ZCreateClientRequest = z.object({
  alias: requiredString(COMPANY_DETAILS_MESSAGES.businessNameRequired).max(120),
  name: requiredString(COMPANY_DETAILS_MESSAGES.registeredNameRequired).max(200),
  id_number: requiredString(COMPANY_DETAILS_MESSAGES.registeredNumberRequired).max(60),
  vat_number: z.string().trim().max(60).optional().nullable(),
  domain: z.string().trim().max(253).optional().nullable(),
  type: z.literal('ENTITY').default('ENTITY'),
  /**
   * The business's time zone (IANA), where its days begin: the console sends the browser's, as the owner signing up
   * is most often where the business is. One the server does not know is left out (UTC); Settings changes it.
   */
  time_zone: z.string().trim().max(64).optional().nullable(),
  address: z.object(
    {
      full_address: requiredString(COMPANY_DETAILS_MESSAGES.addressRequired).max(500),
      coordinates: ZCoordinates.optional().nullable(),
    },
    { error: COMPANY_DETAILS_MESSAGES.addressRequired },
  ),
  client_user: ZClientUserSignUp,
  offering: z.object(
    {
      experience: requiredString(COMPANY_INFORMATION_MESSAGES.businessTypeRequired).max(120),
      product_types: z
        .array(z.string().trim().min(1).max(120), {
          error: COMPANY_INFORMATION_MESSAGES.productsTypeRequired,
        })
        .min(1, COMPANY_INFORMATION_MESSAGES.productsTypeRequired)
        .max(20),
      offering: z.string().trim().max(500).optional().nullable(),
      industry: requiredString(COMPANY_INFORMATION_MESSAGES.industryRequired).max(120),
    },
    { error: COMPANY_INFORMATION_MESSAGES.industryRequired },
  ),
});
export type TCreateClientRequest = z.input<typeof ZCreateClientRequest>;

export const createClient = defineEndpoint({
  method: 'POST',
  path: '/v2/self-onboard/create/client',
  permission: 'PUBLIC',
  token: 'none',
  summary: 'Register a new business and its first admin user',
  tags: ['accounts'],
  body: ZCreateClientRequest,
  response: envelopeOf(
    z.object({ _id: z.string(), integration_settings: z.object({ payment_engine_id: z.string() }) }),
  ),
});

import { BYTE_LIMITS, LIMITS } from '../shared/limits';
import { UPGRADE_MESSAGES } from './common';

/** Human messages the API puts in an error envelope (DESIGN §3). */
export const API_ERROR_MESSAGES = {
  unauthorised: 'You must be signed in to do that.',
  invalidToken: 'Your session is invalid or has expired. Please sign in again.',
  /** A live token of another kind than the route takes (sign-in answers four, one per use). */
  wrongToken: (wanted: string, given: string) =>
    `This request takes the ${wanted} that sign-in answers, not the ${given}.`,
  invalidCredentials: 'Incorrect email address or password.',
  invalidApiKey: 'The API key is missing or invalid.',
  forbidden: 'You do not possess permissions to perform this action.',
  branchForbidden: 'You do not possess permissions for this branch.',
  /** 402 for a feature outside the client's plan. */
  planRequired: UPGRADE_MESSAGES.prompt,
  notFound: 'The requested resource could not be found.',
  /** The console hides an earn-config load failure with exactly this message (spec 3 §8). */
  recordNotFound: 'record not found',
  payloadTooLarge: 'The request is too large.',
  uploadTooLarge: `Images may be at most ${BYTE_LIMITS.upload / (1024 * 1024)} MB.`,
  unsupportedMediaType: 'Only PNG, JPEG and SVG images are accepted.',
  tooManyRequests: 'Too many requests. Please try again later.',
  invalidRequest: 'The request is invalid.',
  invalidResetToken: 'This password reset link is invalid or has expired.',
  emailTaken: 'An account with this email address already exists.',
  customerEmailTaken: 'A customer with this email address already exists.',
  customerCellNumberTaken: 'A customer with this cell number already exists.',
  customerCardNumberTaken: 'A customer with this card number already exists.',
  currencyLimitReached: `You can create at most ${LIMITS.maxCurrencies} currencies.`,
  badgeStockExhausted: 'Not enough badges remain to cover this grant.',
  systemStatisticReadOnly: 'System statistics cannot be changed.',
  statisticNameTaken: 'A statistic with this name already exists.',
  segmentNameTaken: 'A segment with this name already exists.',
  eventConflict: 'An event with this id was already received with a different payload.',
  customerSuspended: 'This customer is suspended.',
} as const;

/** Messages of successful API answers that the console shows in its success modals. */
export const API_SUCCESS_MESSAGES = {
  ok: 'Success',
  signedIn: 'Signed in successfully.',
  clientCreated: 'Your account has been created.',
  forgotPasswordSent: 'If an account exists for this email address, a reset link has been sent.',
  passwordReset: 'Your password has been reset. You can now sign in.',
  customerAdded: 'Customer added successfully.',
  customerUpdated: 'Customer updated successfully.',
  customerSuspended: 'Customer suspended successfully.',
  customerActivated: 'Customer activated successfully.',
  loyaltyCreated: 'Customer signed up for loyalty successfully.',
  loyaltyUpdated: 'Loyalty details updated successfully.',
  addressAdded: 'Address added successfully.',
  addressDeleted: 'Address deleted successfully.',
  userCreated: 'User created successfully.',
  userUpdated: 'User updated successfully.',
  subscriptionIssued: 'Subscription issued successfully.',
  settingsSaved: 'Settings saved successfully.',
  exportReady: 'Your export is ready.',
} as const;

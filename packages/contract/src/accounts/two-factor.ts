import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint';
import { envelopeOf } from '../http/envelope';
import { requiredString } from '../http/fields';
import { ZId } from '../shared/ids';
import { ZSignInContent } from './session';

/** Staff two-factor sign-in (DESIGN §10 "Staff sign-in security"). */
export const TWO_FACTOR_MESSAGES = {
  codeRequired: 'Enter the 6-digit code from your authenticator app, or a recovery code.',
  invalidCode:
    'That code is not valid. Enter the current code from your authenticator app, or a recovery code.',
  /** Where only the app's code is taken (setting up, new recovery codes): no recovery codes in the hint. */
  invalidAppCode: 'That code is not valid. Enter the current code from your authenticator app.',
  codeAlreadyUsed: 'That code was already used. Wait for the next code from your authenticator app.',
  invalidMfaToken: 'Your sign-in has expired. Please sign in again.',
  /** A set-up token (mfa_enrolment_required) sent to complete a sign-in with a code, or the other way round. */
  mfaTokenForSetup:
    'Two-factor sign-in must be set up first: this sign-in asked for it (signin/mfa/setup, then signin/mfa/enrol).',
  mfaTokenForCode: 'Two-factor sign-in is already set up: send the code from the app to signin/mfa.',
  tooManyCodes: 'Too many wrong codes. Please try again later.',
  notStarted: 'Start setting up two-factor sign-in first.',
  alreadyEnabled: 'Two-factor sign-in is already on.',
  notEnabled: 'Two-factor sign-in is not on.',
  requiredByBusiness: 'Your business requires two-factor sign-in: it cannot be turned off.',
  enabled: 'Two-factor sign-in is on.',
  disabled: 'Two-factor sign-in is off.',
  reset: "The user's two-factor sign-in was reset.",
  recoveryCodesReplaced: 'New recovery codes were made. The old ones no longer work.',
  policySaved: 'Sign-in policy saved.',
} as const;

/** How many single-use recovery codes an enrolment hands out. */
export const RECOVERY_CODE_COUNT = 10;

/** A TOTP code (6 digits) or a recovery code (xxxxx-xxxxx); spaces are ignored. */
export const ZMfaCode = requiredString(TWO_FACTOR_MESSAGES.codeRequired)
  .max(40, TWO_FACTOR_MESSAGES.codeRequired)
  .transform((code) => code.replace(/\s+/g, ''));

const ZMfaToken = requiredString(TWO_FACTOR_MESSAGES.invalidMfaToken).max(2000);

/** What an authenticator app needs: the secret (base32), its otpauth:// URI and that URI as a QR code image. */
export const ZMfaSetup = z.object({
  secret: z.string(),
  otpauth_url: z.string(),
  qr_code: z.string().describe('data:image/png;base64 URL of the otpauth URI'),
});
export type TMfaSetup = z.infer<typeof ZMfaSetup>;

export const ZRecoveryCodes = z.object({ recovery_codes: z.array(z.string()) });
export type TRecoveryCodes = z.infer<typeof ZRecoveryCodes>;

export const ZMfaStatus = z.object({
  enabled: z.boolean(),
  enabled_at: z.string().nullable(),
  recovery_codes_left: z.number().int(),
  /** The business requires every staff user to have it. */
  required: z.boolean(),
});
export type TMfaStatus = z.infer<typeof ZMfaStatus>;

export const ZSecurityPolicy = z.object({ mfa_required: z.boolean({ error: 'mfa_required is required.' }) });
export type TSecurityPolicy = z.infer<typeof ZSecurityPolicy>;

export const signInMfa = defineEndpoint({
  method: 'POST',
  path: '/v2/client-user/signin/mfa',
  permission: 'PUBLIC',
  token: 'none',
  summary: 'Complete a sign-in with a TOTP code (current or previous 30 s window) or an unused recovery code',
  tags: ['accounts'],
  errors: [401, 403],
  body: z.object({ mfa_token: ZMfaToken, code: ZMfaCode }),
  response: envelopeOf(ZSignInContent),
});

export const signInMfaSetup = defineEndpoint({
  method: 'POST',
  path: '/v2/client-user/signin/mfa/setup',
  permission: 'PUBLIC',
  token: 'none',
  summary: 'Enrolment required at sign-in: a new TOTP secret for the user the mfa_token names',
  tags: ['accounts'],
  errors: [401, 403],
  body: z.object({ mfa_token: ZMfaToken }),
  response: envelopeOf(ZMfaSetup),
});

export const signInMfaEnrol = defineEndpoint({
  method: 'POST',
  path: '/v2/client-user/signin/mfa/enrol',
  permission: 'PUBLIC',
  token: 'none',
  summary:
    'Enrolment required at sign-in: confirm the secret with a code; signs in and returns the recovery codes once',
  tags: ['accounts'],
  errors: [401, 403],
  body: z.object({ mfa_token: ZMfaToken, code: ZMfaCode }),
  response: envelopeOf(ZSignInContent.extend(ZRecoveryCodes.shape)),
});

export const getMyMfa = defineEndpoint({
  method: 'GET',
  path: '/v2/client-user/mfa',
  permission: 'SIGNED_IN',
  token: 'client',
  summary: "The signed-in user's two-factor status",
  tags: ['accounts'],
  response: envelopeOf(ZMfaStatus),
});

export const startMyMfaSetup = defineEndpoint({
  method: 'POST',
  path: '/v2/client-user/mfa/setup',
  permission: 'SIGNED_IN',
  token: 'client',
  summary: 'Start two-factor enrolment: a new TOTP secret, not active until confirmed',
  tags: ['accounts'],
  errors: [409],
  response: envelopeOf(ZMfaSetup),
});

export const enableMyMfa = defineEndpoint({
  method: 'POST',
  path: '/v2/client-user/mfa/enable',
  permission: 'SIGNED_IN',
  token: 'client',
  summary: 'Confirm enrolment with a code; returns ten single-use recovery codes, shown this once',
  tags: ['accounts'],
  errors: [401, 409],
  body: z.object({ code: ZMfaCode }),
  response: envelopeOf(ZRecoveryCodes),
});

export const disableMyMfa = defineEndpoint({
  method: 'POST',
  path: '/v2/client-user/mfa/disable',
  permission: 'SIGNED_IN',
  token: 'client',
  summary: 'Turn two-factor sign-in off with a current code or a recovery code',
  tags: ['accounts'],
  errors: [401, 409],
  body: z.object({ code: ZMfaCode }),
  response: envelopeOf(z.null()),
});

export const regenerateMyRecoveryCodes = defineEndpoint({
  method: 'POST',
  path: '/v2/client-user/mfa/recovery-codes',
  permission: 'SIGNED_IN',
  token: 'client',
  summary:
    'Replace the ten recovery codes (the old ones stop working) with a current code from the app; the new ones are shown this once',
  tags: ['accounts'],
  errors: [400, 409, 429],
  body: z.object({ code: ZMfaCode }),
  response: envelopeOf(ZRecoveryCodes),
});

export const resetUserMfa = defineEndpoint({
  method: 'POST',
  path: '/users/:id/mfa/reset',
  permission: 'ADMIN',
  token: 'client',
  summary: "Remove a user's second factor (lost phone); they enrol again",
  tags: ['users'],
  params: z.object({ id: ZId }),
  response: envelopeOf(z.null()),
});

export const getSecurityPolicy = defineEndpoint({
  method: 'GET',
  path: '/users/security-policy',
  permission: 'ADMIN',
  token: 'client',
  summary: "The business's staff sign-in policy",
  tags: ['users'],
  response: envelopeOf(ZSecurityPolicy),
});

export const updateSecurityPolicy = defineEndpoint({
  method: 'PUT',
  path: '/users/security-policy',
  permission: 'ADMIN',
  token: 'client',
  summary: 'Require two-factor sign-in for every staff user of the business (or not)',
  tags: ['users'],
  body: ZSecurityPolicy,
  response: envelopeOf(ZSecurityPolicy),
});

import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint';
import { envelopeOf } from '../http/envelope';
import { requiredString } from '../http/fields';
import { ZFeatureArea } from '../http/permissions';
import { SIGN_IN_MESSAGES } from '../messages/auth';
import { ZStaffRole } from '../shared/roles';
import { ZStaffFormStatus } from '../shared/staff-statuses';

export const ZPermissionFlags = z.object({
  read: z.boolean().default(false),
  create: z.boolean().default(false),
  update: z.boolean().default(false),
  delete: z.boolean().default(false),
});
export type TPermissionFlags = z.infer<typeof ZPermissionFlags>;

/** Per-feature flags keyed by area; an absent area means every flag false. */
export const ZUserPermissions = z.partialRecord(ZFeatureArea, ZPermissionFlags);
export type TUserPermissions = z.infer<typeof ZUserPermissions>;

/** The signed-in staff user kept in the console session (spec 1 §3 "User (session)"). */
export const ZSessionUser = z.object({
  _id: z.string(),
  name: z.string(),
  surname: z.string(),
  email: z.string(),
  cell_number: z.string().nullable(),
  birthday: z.string().nullable(),
  client_id: z.string(),
  payment_engine_id: z.string().nullable(),
  role: ZStaffRole,
  status: ZStaffFormStatus,
  manager_of: z.array(z.string()),
  user_permissions: ZUserPermissions,
  remember_me: z.boolean(),
  get_communication: z.boolean(),
  agrees_terms_and_conditions: z.boolean(),
});
export type TSessionUser = z.infer<typeof ZSessionUser>;

export const ZSignInRequest = z.object({
  email: requiredString(SIGN_IN_MESSAGES.emailRequired).max(254, SIGN_IN_MESSAGES.emailRequired),
  password: z
    .string({ error: SIGN_IN_MESSAGES.passwordRequired })
    .min(1, SIGN_IN_MESSAGES.passwordRequired)
    .max(200),
  remember_me: z.boolean().default(false),
});
export type TSignInRequest = z.input<typeof ZSignInRequest>;

export const ZSignInContent = z.object({
  token: z.string(),
  client_token: z.string(),
  media_upload_token: z.string(),
  payment_engine_token: z.string(),
  user: ZSessionUser,
});
export type TSignInContent = z.infer<typeof ZSignInContent>;

/** The password was right and the user has a second factor: `signin/mfa` completes the sign-in. */
export const ZMfaChallenge = z.object({ mfa_required: z.literal(true), mfa_token: z.string() });
/**
 * The business requires a second factor the user has not set up: enrolment comes before the console. A second factor
 * is required here as well (`mfa_required`, as DESIGN §10 pins it); `mfa_enrolment_required` says it must be set up.
 */
export const ZMfaEnrolmentChallenge = z.object({
  mfa_required: z.literal(true),
  mfa_enrolment_required: z.literal(true),
  mfa_token: z.string(),
});
/** A sign-in's answer: the session, or the second step it still needs (DESIGN §10 "Staff sign-in security"). */
// The enrolment challenge first: it is a challenge with one more key, which the shorter schema would strip.
export const ZSignInAnswer = z.union([ZSignInContent, ZMfaEnrolmentChallenge, ZMfaChallenge]);
export type TSignInAnswer = z.infer<typeof ZSignInAnswer>;

export const signIn = defineEndpoint({
  method: 'POST',
  path: '/v2/client-user/signin',
  permission: 'PUBLIC',
  token: 'none',
  summary:
    'Sign in a staff user; returns the four session tokens, or { mfa_required, mfa_token } (with mfa_enrolment_required when the second factor must be set up first)',
  tags: ['accounts'],
  // A public route's own refusals: wrong email or password, and an inactive account.
  errors: [401, 403],
  body: ZSignInRequest,
  response: envelopeOf(ZSignInAnswer),
});

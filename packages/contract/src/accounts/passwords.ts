import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint';
import { envelopeOf } from '../http/envelope';
import { requiredString } from '../http/fields';
import { PASSWORD_MESSAGES, SIGN_IN_MESSAGES } from '../messages/auth';
import { LIMITS } from '../shared/limits';

export const ZNewPassword = z
  .string({ error: SIGN_IN_MESSAGES.passwordRequired })
  .min(1, SIGN_IN_MESSAGES.passwordRequired)
  .min(LIMITS.passwordMinLength, PASSWORD_MESSAGES.minLength)
  .max(200, 'Password must not be more than 200 characters.');

export const forgotPassword = defineEndpoint({
  method: 'POST',
  path: '/v2/client-user/forgot-password',
  permission: 'PUBLIC',
  token: 'none',
  summary: 'Send a password reset link (answers the same whether or not the email exists)',
  tags: ['accounts'],
  body: z.object({ email: requiredString(SIGN_IN_MESSAGES.emailRequired).max(254) }),
  response: envelopeOf(z.null()),
});

export const resetPassword = defineEndpoint({
  method: 'POST',
  path: '/v2/client-user/reset-password',
  permission: 'PUBLIC',
  token: 'none',
  summary: 'Set a new password with a single-use reset or verification token',
  tags: ['accounts'],
  body: z.object({
    password: ZNewPassword,
    token: requiredString('The reset link is incomplete.').max(500),
  }),
  response: envelopeOf(z.null()),
});

import type { TAuditAction } from '@laurel/contract';
import { API_ERROR_MESSAGES, API_SUCCESS_MESSAGES } from '@laurel/contract';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import type { DbOrTx } from '../../db/database';
import { clientUsers } from '../../db/schema';
import { HttpError, unauthorized } from '../../http/errors';
import { recordAudit } from '../audit/audit';
import { createAttemptLimiter } from './attempt-limiter';
import { findUserByEmail } from './auth.queries';
import { consumeLinkToken, issueLinkToken, linkMail } from './link-tokens';
import { hashPassword, verifyPassword } from './passwords';
import { forgetSessions, revokeSessions, type SignInOrigin, startSession } from './staff-sessions';
import { hasSecondFactor, isMfaRequired } from './two-factor.queries';

export const INACTIVE_ACCOUNT_MESSAGE = 'Your account is inactive. Please contact your administrator.';
export const LOCKED_EMAIL_MESSAGE =
  'Too many failed sign-in attempts for this email address. Please try again later.';
export const TOO_MANY_RESETS_MESSAGE =
  'Too many password reset requests for this email address. Please try again later.';

/** Failed sign-ins per email: wrong passwords and wrong second-factor codes share the one limit. */
export const createSignInLimiter = (ctx: AppContext) =>
  createAttemptLimiter(ctx.database.db, {
    limit: ctx.config.rateLimits.emailFailures,
    windowMinutes: ctx.config.rateLimits.emailWindowMinutes,
    message: LOCKED_EMAIL_MESSAGE,
  });
export const signInKey = (email: string) => `signin:${email.trim().toLowerCase()}`;

export const createAuthService = (ctx: AppContext) => {
  const { db } = ctx.database;
  const limits = ctx.config.rateLimits;
  const signInFailures = createSignInLimiter(ctx);
  const resetRequests = createAttemptLimiter(db, {
    limit: limits.emailFailures,
    windowMinutes: limits.emailWindowMinutes,
    message: TOO_MANY_RESETS_MESSAGE,
  });

  const audit = (
    user: { id: string; clientId: string; name: string; surname: string },
    ip: string | null,
    action: TAuditAction,
    summary: string,
    tx: DbOrTx = db,
  ) =>
    recordAudit(
      tx,
      { clientId: user.clientId, userId: user.id, name: `${user.name} ${user.surname}`, ip },
      { action, entity: 'auth', entityId: user.id, summary },
    );

  const signIn = async (
    input: { email: string; password: string; remember_me: boolean },
    origin: SignInOrigin,
  ) => {
    const { ip } = origin;
    const email = input.email.trim().toLowerCase();
    const key = signInKey(email);
    // Counted before the password is checked, so a burst of guesses gets no more than the budget.
    const attempt = await signInFailures.reserve(key);
    const found = await findUserByEmail(db, email);
    const valid = await verifyPassword(found?.user.passwordHash ?? null, input.password);
    if (!found || !valid) {
      // A failure for an unknown email belongs to no client: only the request log keeps it.
      if (found) await audit(found.user, ip, 'auth.sign_in_failed', 'Failed sign-in (wrong password)');
      throw unauthorized(API_ERROR_MESSAGES.invalidCredentials);
    }
    if (found.user.status !== 'ACTIVE') {
      await attempt.giveBack();
      await audit(found.user, ip, 'auth.sign_in_failed', 'Failed sign-in (account inactive)');
      throw new HttpError(403, INACTIVE_ACCOUNT_MESSAGE);
    }
    // With a second factor the failures are cleared only once it is given: a known password alone must not
    // reset the count of wrong codes (its own attempt is given back: it was no failure).
    const mfa = {
      userId: found.user.id,
      clientId: found.user.clientId,
      tokenVersion: found.user.tokenVersion,
    };
    if (await hasSecondFactor(db, found.user.id)) {
      await attempt.giveBack();
      await audit(
        found.user,
        ip,
        'auth.password_accepted',
        'Password accepted; waiting for the two-factor code',
      );
      const token = await ctx.tokens.issueMfa({ ...mfa, purpose: 'verify', rememberMe: input.remember_me });
      return { mfa_required: true as const, mfa_token: token };
    }
    if (await isMfaRequired(db, found.user.clientId)) {
      await attempt.giveBack();
      await audit(found.user, ip, 'auth.password_accepted', 'Password accepted; two-factor set-up required');
      const token = await ctx.tokens.issueMfa({ ...mfa, purpose: 'enrol', rememberMe: input.remember_me });
      return { mfa_required: true as const, mfa_enrolment_required: true as const, mfa_token: token };
    }
    await signInFailures.clear(key);
    await audit(found.user, ip, 'auth.signed_in', 'Signed in');
    return startSession(ctx, found.user, found.paymentEngineId, input.remember_me, origin);
  };

  /** Answers the same whether or not the address exists, so it reveals nothing. */
  const forgotPassword = async (rawEmail: string, ip: string | null) => {
    const email = rawEmail.trim().toLowerCase();
    const key = `forgot:${email}`;
    await resetRequests.reserve(key);
    const found = await findUserByEmail(db, email);
    if (found && found.user.status === 'ACTIVE') {
      await db.transaction(async (tx) => {
        const token = await issueLinkToken(tx, found.user.id, 'reset');
        await audit(found.user, ip, 'auth.password_reset_requested', 'Requested a password reset link', tx);
        await ctx.mail.enqueue(
          tx,
          linkMail(ctx.config.publicUrl, 'reset', found.user.email, found.user.name, token),
        );
      });
      await ctx.mail.flush();
    }
    return API_SUCCESS_MESSAGES.forgotPasswordSent;
  };

  /** Sets the password, verifies the email for a verification link, and ends every earlier session. */
  const resetPassword = async (input: { token: string; password: string }, ip: string | null) => {
    const passwordHash = await hashPassword(input.password);
    let revoked: string[] = [];
    const userId = await db.transaction(async (tx) => {
      const consumed = await consumeLinkToken(tx, input.token);
      if (!consumed) throw new HttpError(400, API_ERROR_MESSAGES.invalidResetToken);
      const [user] = await tx
        .update(clientUsers)
        .set({
          passwordHash,
          tokenVersion: sql`${clientUsers.tokenVersion} + 1`,
          updatedAt: new Date(),
          ...(consumed.purpose === 'verify' ? { emailVerifiedAt: new Date() } : {}),
        })
        .where(eq(clientUsers.id, consumed.userId))
        .returning();
      if (user) {
        const summary =
          consumed.purpose === 'verify' ? 'Verified email and set a password' : 'Reset password';
        await audit(user, ip, 'auth.password_reset', summary, tx);
        // The token version already refuses them; revoked, they also leave the user's sessions list.
        revoked = await revokeSessions(tx, user.id, 'all');
      }
      return user?.id;
    });
    // Earlier sessions end in every process (auth-cache); in this one at once.
    if (userId) ctx.authCache.changed(`user:${userId}`);
    forgetSessions(ctx, revoked);
    return API_SUCCESS_MESSAGES.passwordReset;
  };

  return { signIn, forgotPassword, resetPassword };
};

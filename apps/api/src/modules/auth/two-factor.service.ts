import type { TAuditAction } from '@laurel/contract';
import { API_ERROR_MESSAGES, TWO_FACTOR_MESSAGES as M, type TMfaStatus } from '@laurel/contract';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import type { DbOrTx } from '../../db/database';
import { staffMfa } from '../../db/schema';
import type { MfaPurpose } from '../../http/auth/tokens';
import { conflict, HttpError, unauthorized } from '../../http/errors';
import { recordAudit } from '../audit/audit';
import { createAttemptLimiter } from './attempt-limiter';
import type { ClientUserRow } from './auth.queries';
import { createSignInLimiter, INACTIVE_ACCOUNT_MESSAGE, signInKey } from './auth.service';
import {
  consumeRecoveryCode,
  deleteRecoveryCodes,
  issueRecoveryCodes,
  recoveryCodesLeft,
} from './recovery-codes';
import { type SignInOrigin, startSession } from './staff-sessions';
import { acceptedTotpStep, checkTotpCode, isTotpCode, newTotpSecret, totpSetup } from './totp';
import { findSecondFactor, findUserById, isMfaRequired } from './two-factor.queries';

/** How a wrong code is answered: 401 on the public sign-in steps; 400 when signed in (a 401 would end the session). */
type WrongCode = 401 | 400;

/** How long an unconfirmed key is shown again rather than replaced: long enough to scan it, reload and type a code. */
const PENDING_SECRET_KEPT_MS = 15 * 60_000;

/**
 * TOTP second factor for staff (DESIGN §10): enrolment (a pending secret confirmed with a code, then ten recovery
 * codes), the sign-in step after the password, turning it off. A wrong code at sign-in counts against the same
 * per-email limit as a wrong password; a wrong code typed while signed in (the profile's security settings) against a
 * limit of that user's own, as large, so that failed sign-ins by whoever has the password do not lock the signed-in
 * owner out of their settings, and guessing codes from a session is bounded all the same.
 */
export const createTwoFactorService = (ctx: AppContext) => {
  const { db } = ctx.database;
  const signInFailures = createSignInLimiter(ctx);
  const settingsFailures = createAttemptLimiter(db, {
    limit: ctx.config.rateLimits.emailFailures,
    windowMinutes: ctx.config.rateLimits.emailWindowMinutes,
    message: M.tooManyCodes,
  });
  /** The limit a wrong code counts against: the sign-in's (401) or the signed-in user's settings' (400). */
  const budgetOf = (user: Pick<ClientUserRow, 'id' | 'email'>, wrong: WrongCode) =>
    wrong === 401
      ? { limiter: signInFailures, key: signInKey(user.email) }
      : { limiter: settingsFailures, key: `mfa-settings:${user.id}` };

  const audit = (
    user: Pick<ClientUserRow, 'id' | 'clientId' | 'name' | 'surname'>,
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

  /**
   * Checks a TOTP code (marking its time step used) or uses up a recovery code: 'used' when the code is the one
   * accepted last (typed again), null when it is neither.
   */
  const acceptCode = async (userId: string, code: string): Promise<'totp' | 'recovery' | 'used' | null> => {
    const factor = await findSecondFactor(db, userId);
    if (!factor?.secret) return null;
    if (!isTotpCode(code)) return (await consumeRecoveryCode(db, userId, code)) ? 'recovery' : null;
    const checked = checkTotpCode(factor.secret, code, factor.lastUsedStep);
    if (checked === null || checked === 'used') return checked;
    // Conditional: of two requests with the same code only one moves the step.
    const [moved] = await db
      .update(staffMfa)
      .set({ lastUsedStep: checked.step, updatedAt: new Date() })
      .where(
        and(
          eq(staffMfa.userId, userId),
          or(isNull(staffMfa.lastUsedStep), lt(staffMfa.lastUsedStep, checked.step)),
        ),
      )
      .returning({ userId: staffMfa.userId });
    return moved ? 'totp' : 'used';
  };

  /** Audits a wrong code and answers it; the attempt was counted against its limit (`budgetOf`) before the check. */
  const refuse = async (
    user: ClientUserRow,
    ip: string | null,
    summary: string,
    status: WrongCode,
    message: string,
  ) => {
    await audit(user, ip, 'auth.mfa_failed', summary);
    return new HttpError(status, message);
  };

  /**
   * The code accepted ('totp' or 'recovery'), else the refusal thrown (counted and audited by `refuse`), where a code
   * typed again is told to wait for the next one. `appOnly`: a recovery code is refused too.
   */
  const requireCode = async (
    user: ClientUserRow,
    ip: string | null,
    code: string,
    refusal: { summary: string; status: WrongCode; message: string; appOnly?: boolean },
  ) => {
    const accepted = refusal.appOnly && !isTotpCode(code) ? null : await acceptCode(user.id, code);
    if (accepted === 'totp' || accepted === 'recovery') return accepted;
    throw await refuse(
      user,
      ip,
      refusal.summary,
      refusal.status,
      accepted === 'used' ? M.codeAlreadyUsed : refusal.message,
    );
  };

  /** Why a sign-in token was refused: one made for the other step is named as such rather than called expired. */
  const refusedMfaToken = async (token: string, purpose: MfaPurpose) => {
    const other: MfaPurpose = purpose === 'verify' ? 'enrol' : 'verify';
    if (!(await ctx.tokens.verifyMfa(token, other))) return unauthorized(M.invalidMfaToken);
    return unauthorized(other === 'enrol' ? M.mfaTokenForSetup : M.mfaTokenForCode);
  };

  const userOfMfaToken = async (token: string, purpose: MfaPurpose) => {
    const claims = await ctx.tokens.verifyMfa(token, purpose);
    if (!claims) throw await refusedMfaToken(token, purpose);
    const found = claims ? await findUserById(db, claims.userId) : null;
    if (
      !claims ||
      !found ||
      found.user.tokenVersion !== claims.tokenVersion ||
      found.user.clientId !== claims.clientId
    )
      throw unauthorized(M.invalidMfaToken);
    if (found.user.status !== 'ACTIVE') throw new HttpError(403, INACTIVE_ACCOUNT_MESSAGE);
    return { ...found, rememberMe: claims.rememberMe, issuedAtMs: claims.issuedAtMs };
  };

  /**
   * Spends a sign-in token once its code was accepted: it and every token issued before it stop working, in one
   * conditional write, so the same token sent twice (even at once) signs in once.
   */
  const spendSignInToken = async (userId: string, issuedAtMs: number) => {
    const spent = await db
      .update(staffMfa)
      .set({ signInTokenSpentThrough: issuedAtMs, updatedAt: new Date() })
      .where(
        and(
          eq(staffMfa.userId, userId),
          or(isNull(staffMfa.signInTokenSpentThrough), lt(staffMfa.signInTokenSpentThrough, issuedAtMs)),
        ),
      )
      .returning({ userId: staffMfa.userId });
    if (spent.length === 0) throw unauthorized(M.invalidMfaToken);
  };

  const beginSetup = async (user: ClientUserRow) => {
    const factor = await findSecondFactor(db, user.id);
    if (factor?.secret) throw conflict(M.alreadyEnabled);
    // A reload or a second opening soon after shows the key the app may already hold, not a new one it cannot know.
    const recent =
      factor?.pendingSecret && Date.now() - factor.updatedAt.getTime() < PENDING_SECRET_KEPT_MS
        ? factor.pendingSecret
        : null;
    if (recent) return totpSetup(recent, user.email);
    const secret = newTotpSecret();
    await db
      .insert(staffMfa)
      .values({ userId: user.id, clientId: user.clientId, pendingSecret: secret })
      .onConflictDoUpdate({ target: staffMfa.userId, set: { pendingSecret: secret, updatedAt: new Date() } });
    return totpSetup(secret, user.email);
  };

  /** Confirms the pending secret with a code from it: the factor is on, and the recovery codes are answered once. */
  const confirmSetup = async (user: ClientUserRow, code: string, ip: string | null, wrong: WrongCode) => {
    const factor = await findSecondFactor(db, user.id);
    if (factor?.secret) throw conflict(M.alreadyEnabled);
    if (!factor?.pendingSecret) throw conflict(M.notStarted);
    const budget = budgetOf(user, wrong);
    await budget.limiter.reserve(budget.key);
    if (acceptedTotpStep(factor.pendingSecret, code, null) === null)
      // No recovery codes exist yet: the hint names only the app.
      throw await refuse(user, ip, 'Wrong code while setting up two-factor sign-in', wrong, M.invalidAppCode);
    await budget.limiter.clear(budget.key);
    return db.transaction(async (tx) => {
      await tx
        .update(staffMfa)
        .set({
          secret: factor.pendingSecret,
          pendingSecret: null,
          enabledAt: new Date(),
          // Setting up proves the phone has the secret, not a sign-in: the same code may still sign in right after
          // (a user who enrols and is asked for a code at once should not wait up to 30 s for the next one).
          lastUsedStep: null,
          updatedAt: new Date(),
        })
        .where(eq(staffMfa.userId, user.id));
      const codes = await issueRecoveryCodes(tx, user.id);
      await audit(user, ip, 'auth.mfa_enabled', 'Turned on two-factor sign-in', tx);
      return codes;
    });
  };

  const signedInUser = async (userId: string) => {
    const found = await findUserById(db, userId);
    if (!found) throw unauthorized(API_ERROR_MESSAGES.invalidToken);
    return found.user;
  };

  return {
    /** `POST signin/mfa`: the second step of a sign-in. */
    signInWithCode: async (input: { mfa_token: string; code: string }, origin: SignInOrigin) => {
      const found = await userOfMfaToken(input.mfa_token, 'verify');
      // A token already spent is refused before its code is read: a replay must not use up a recovery code.
      const spentThrough = (await findSecondFactor(db, found.user.id))?.signInTokenSpentThrough;
      if (spentThrough != null && spentThrough >= found.issuedAtMs) throw unauthorized(M.invalidMfaToken);
      const { limiter, key } = budgetOf(found.user, 401);
      await limiter.reserve(key);
      const used = await requireCode(found.user, origin.ip, input.code, {
        summary: 'Failed sign-in (wrong two-factor code)',
        status: 401,
        message: M.invalidCode,
      });
      await limiter.clear(key);
      await spendSignInToken(found.user.id, found.issuedAtMs);
      const summary = used === 'recovery' ? 'Signed in with a recovery code' : 'Signed in with two-factor';
      await audit(found.user, origin.ip, 'auth.signed_in', summary);
      return startSession(ctx, found.user, found.paymentEngineId, found.rememberMe, origin);
    },

    /** `POST signin/mfa/setup`: the business requires a factor the user has not set up yet. */
    setupAtSignIn: async (mfaToken: string) => {
      const found = await userOfMfaToken(mfaToken, 'enrol');
      return beginSetup(found.user);
    },

    /** `POST signin/mfa/enrol`: confirms it, signs in, and answers the recovery codes once. */
    enrolAtSignIn: async (input: { mfa_token: string; code: string }, origin: SignInOrigin) => {
      const found = await userOfMfaToken(input.mfa_token, 'enrol');
      const codes = await confirmSetup(found.user, input.code, origin.ip, 401);
      await audit(found.user, origin.ip, 'auth.signed_in', 'Signed in after setting up two-factor');
      const session = await startSession(ctx, found.user, found.paymentEngineId, found.rememberMe, origin);
      return { ...session, recovery_codes: codes };
    },

    status: async (userId: string, clientId: string): Promise<TMfaStatus> => {
      const factor = await findSecondFactor(db, userId);
      const enabled = Boolean(factor?.secret);
      return {
        enabled,
        enabled_at: enabled ? (factor?.enabledAt?.toISOString() ?? null) : null,
        recovery_codes_left: enabled ? await recoveryCodesLeft(db, userId) : 0,
        required: await isMfaRequired(db, clientId),
      };
    },

    startSetup: async (userId: string) => beginSetup(await signedInUser(userId)),

    enable: async (userId: string, code: string, ip: string | null) =>
      confirmSetup(await signedInUser(userId), code, ip, 400),

    /** New recovery codes for a lost or used-up set: only the app's code proves the phone, the old codes die. */
    regenerateRecoveryCodes: async (userId: string, code: string, ip: string | null) => {
      const user = await signedInUser(userId);
      if (!(await findSecondFactor(db, userId))?.secret) throw conflict(M.notEnabled);
      const { limiter, key } = budgetOf(user, 400);
      await limiter.reserve(key);
      // A recovery code cannot mint new ones: whoever holds the old sheet must not renew it.
      await requireCode(user, ip, code, {
        summary: 'Wrong code while making new recovery codes',
        status: 400,
        message: M.invalidAppCode,
        appOnly: true,
      });
      await limiter.clear(key);
      return db.transaction(async (tx) => {
        const codes = await issueRecoveryCodes(tx, userId);
        await audit(user, ip, 'auth.recovery_codes_regenerated', 'Made new recovery codes', tx);
        return codes;
      });
    },

    disable: async (userId: string, code: string, ip: string | null) => {
      const user = await signedInUser(userId);
      if (!(await findSecondFactor(db, userId))?.secret) throw conflict(M.notEnabled);
      if (await isMfaRequired(db, user.clientId)) throw conflict(M.requiredByBusiness);
      const { limiter, key } = budgetOf(user, 400);
      await limiter.reserve(key);
      await requireCode(user, ip, code, {
        summary: 'Wrong code while turning off two-factor sign-in',
        status: 400,
        message: M.invalidCode,
      });
      await limiter.clear(key);
      await db.transaction(async (tx) => {
        await tx.delete(staffMfa).where(eq(staffMfa.userId, userId));
        await deleteRecoveryCodes(tx, userId);
        await audit(user, ip, 'auth.mfa_disabled', 'Turned off two-factor sign-in', tx);
      });
    },
  };
};
export type TwoFactorService = ReturnType<typeof createTwoFactorService>;

import {
  API_SUCCESS_MESSAGES,
  disableMyMfa,
  enableMyMfa,
  getMyMfa,
  getSecurityPolicy,
  listMySessions,
  regenerateMyRecoveryCodes,
  resetUserMfa,
  revokeMyOtherSessions,
  revokeMySession,
  revokeUserSessions,
  SESSION_MESSAGES,
  signInMfa,
  signInMfaEnrol,
  signInMfaSetup,
  signOut,
  startMyMfaSetup,
  TWO_FACTOR_MESSAGES,
  updateSecurityPolicy,
} from '@laurel/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context';
import { principalOf } from '../../http/auth/guard';
import { ok } from '../../http/envelope';
import { notFound } from '../../http/errors';
import { route } from '../../http/route';
import { auditedActor, recordAudit } from '../audit/audit';
import { createSecurityAdminService } from './security-admin.service';
import { forgetSessions, listSessions, revokeSessions, type SignInOrigin } from './staff-sessions';
import { createTwoFactorService } from './two-factor.service';

export const originOf = (request: FastifyRequest): SignInOrigin => ({
  ip: request.ip ?? null,
  userAgent: request.headers['user-agent'] ?? null,
});

/** Staff sign-in security (DESIGN §10): the second sign-in step, the user's own factor and sessions, admin actions. */
export const securityRoutes = (app: FastifyInstance, ctx: AppContext) => {
  const { db } = ctx.database;
  const twoFactor = createTwoFactorService(ctx);
  const admin = createSecurityAdminService(ctx);

  route(app, signInMfa, async ({ body, request }) =>
    ok(await twoFactor.signInWithCode(body, originOf(request)), API_SUCCESS_MESSAGES.signedIn),
  );
  route(app, signInMfaSetup, async ({ body }) => ok(await twoFactor.setupAtSignIn(body.mfa_token)));
  route(app, signInMfaEnrol, async ({ body, request }) =>
    ok(await twoFactor.enrolAtSignIn(body, originOf(request)), TWO_FACTOR_MESSAGES.enabled),
  );

  route(app, getMyMfa, async ({ request }) => {
    const me = principalOf(request);
    return ok(await twoFactor.status(me.userId, me.clientId));
  });
  route(app, startMyMfaSetup, async ({ request }) => {
    request.audited = true; // nothing changes until the code confirms it
    return ok(await twoFactor.startSetup(principalOf(request).userId));
  });
  route(app, enableMyMfa, async ({ body, request }) => {
    const actor = auditedActor(request);
    return ok(
      { recovery_codes: await twoFactor.enable(principalOf(request).userId, body.code, actor.ip) },
      TWO_FACTOR_MESSAGES.enabled,
    );
  });
  route(app, regenerateMyRecoveryCodes, async ({ body, request }) => {
    const actor = auditedActor(request);
    return ok(
      {
        recovery_codes: await twoFactor.regenerateRecoveryCodes(
          principalOf(request).userId,
          body.code,
          actor.ip,
        ),
      },
      TWO_FACTOR_MESSAGES.recoveryCodesReplaced,
    );
  });
  route(app, disableMyMfa, async ({ body, request }) => {
    const actor = auditedActor(request);
    await twoFactor.disable(principalOf(request).userId, body.code, actor.ip);
    return ok(null, TWO_FACTOR_MESSAGES.disabled);
  });

  route(app, listMySessions, async ({ query, request }) => {
    const me = principalOf(request);
    const { items, count } = await listSessions(db, me.userId, me.sessionId, query);
    return ok(items, 'OK', { count, hasMore: count > query.page * query.size });
  });
  const signOutSessions = async (
    request: FastifyRequest,
    which: { only: string } | { except: string },
    summary: (n: number) => string,
  ) => {
    const me = principalOf(request);
    const actor = auditedActor(request);
    const ids = await db.transaction(async (tx) => {
      const revoked = await revokeSessions(tx, me.userId, which);
      if (revoked.length > 0)
        await recordAudit(tx, actor, {
          action: 'auth.sessions_revoked',
          entity: 'auth',
          entityId: me.userId,
          summary: summary(revoked.length),
        });
      return revoked;
    });
    forgetSessions(ctx, ids);
    return ids;
  };
  route(app, revokeMySession, async ({ params, request }) => {
    const ids = await signOutSessions(request, { only: params.id }, () => 'Signed out a session');
    if (ids.length === 0) throw notFound(SESSION_MESSAGES.notFound);
    return ok(null, SESSION_MESSAGES.signedOut);
  });
  route(app, revokeMyOtherSessions, async ({ request }) => {
    const except = principalOf(request).sessionId ?? '';
    const ids = await signOutSessions(request, { except }, (n) => `Signed out ${n} other sessions`);
    return ok({ revoked: ids.length }, SESSION_MESSAGES.othersSignedOut);
  });
  route(app, signOut, async ({ request }) => {
    const only = principalOf(request).sessionId ?? '';
    await signOutSessions(request, { only }, () => 'Signed out');
    return ok(null, SESSION_MESSAGES.signedOut);
  });

  route(app, getSecurityPolicy, async ({ request }) => ok(await admin.policy(principalOf(request).clientId)));
  route(app, updateSecurityPolicy, async ({ body, request }) =>
    ok(await admin.setPolicy(auditedActor(request), body), TWO_FACTOR_MESSAGES.policySaved),
  );
  route(app, resetUserMfa, async ({ params, request }) =>
    ok(null, await admin.resetSecondFactor(auditedActor(request), params.id)),
  );
  route(app, revokeUserSessions, async ({ params, request }) =>
    ok(
      { revoked: await admin.signOutEverywhere(auditedActor(request), params.id) },
      SESSION_MESSAGES.userSignedOut,
    ),
  );
};

import {
  API_ERROR_MESSAGES,
  FEATURE_AREA_PLAN_FEATURE,
  holdsFlag,
  isClientSubscribed,
  planIncludes,
  type TClientStatus,
  type TFeatureArea,
  type TPermission,
  type TPermissionAction,
  type TPlan,
  type TPlanFeature,
  type TPlanSubscriptionStatus,
  type TStaffRole,
  type TUserPermissions,
} from '@laurel/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import { clients, clientUsers } from '../../db/schema';
import { forbidden, paymentRequired, unauthorized } from '../errors';
import { apiKeyPrincipal, findLiveApiKey, hashApiKey, isApiKey, recordApiKeyUse } from './api-keys';
import type { AuthCache, SessionUserRow } from './auth-cache';
import { bearerToken } from './bearer';
import { OPERATOR_REFUSED, operatorTokenCheck } from './operator-token';
import type { Principal } from './principal';
import { createSessionToucher, loadSession } from './session-check';
import { type SessionTokenKind, SIGN_IN_FIELDS, type TokenClaims, type TokenService } from './tokens';

const bearer = (request: FastifyRequest) => bearerToken(request.headers.authorization);

const loadSessionUser = async (db: Db, userId: string): Promise<SessionUserRow | null> => {
  const [row] = await db
    .select({
      clientId: clientUsers.clientId,
      tokenVersion: clientUsers.tokenVersion,
      status: clientUsers.status,
      role: clientUsers.role,
      name: clientUsers.name,
      surname: clientUsers.surname,
      permissions: clientUsers.permissions,
      managerOf: clientUsers.managerOf,
      clientStatus: clients.status,
      plan: clients.plan,
      planStatus: clients.planStatus,
    })
    .from(clientUsers)
    .innerJoin(clients, eq(clients.id, clientUsers.clientId))
    .where(eq(clientUsers.id, userId));
  return row ?? null;
};

/** The signed-in user, as long as the token is still theirs: same client, same token version, still active. */
const sessionPrincipal = (row: SessionUserRow | null, claims: TokenClaims): Principal | null => {
  if (
    !row ||
    row.clientId !== claims.clientId ||
    row.tokenVersion !== claims.tokenVersion ||
    row.status !== 'ACTIVE'
  )
    return null;
  return {
    userId: claims.userId,
    clientId: claims.clientId,
    sessionId: claims.sessionId,
    name: `${row.name} ${row.surname}`,
    role: row.role as TStaffRole,
    permissions: row.permissions as TUserPermissions,
    managerOf: row.managerOf,
    client: {
      status: row.clientStatus as TClientStatus,
      plan: row.plan as TPlan | null,
      planStatus: row.planStatus as TPlanSubscriptionStatus | null,
    },
  };
};

/** Whether the principal may use a feature area's action: role and flags first, then the plan (402). */
export const authorize = (principal: Principal, permission: TPermission, openTo: TFeatureArea[] = []) => {
  if (permission === 'PUBLIC' || permission === 'SIGNED_IN') return;
  // Whoever runs Laurel, not anyone of a business (the guard checks METRICS_TOKEN before any principal).
  if (permission === 'OPERATOR') throw forbidden(API_ERROR_MESSAGES.forbidden);
  if (permission === 'ADMIN') {
    if (principal.role !== 'ADMIN') throw forbidden(API_ERROR_MESSAGES.forbidden);
    return;
  }
  const [area, action] = permission.split(':') as [TFeatureArea, TPermissionAction];
  const holds = (granting: TFeatureArea) => holdsFlag(principal.permissions, granting, action);
  if (principal.role !== 'ADMIN' && !holds(area) && !openTo.some(holds)) {
    throw forbidden(API_ERROR_MESSAGES.forbidden);
  }
  const plan = { name: principal.client.plan, status: principal.client.planStatus };
  if (
    principal.client.status !== 'ACTIVE' ||
    !isClientSubscribed(plan) ||
    !planIncludes(plan.name as TPlan, FEATURE_AREA_PLAN_FEATURE[area])
  ) {
    throw paymentRequired(API_ERROR_MESSAGES.planRequired);
  }
};

/** Whether `authorize` would let the principal through, for a part of a route that needs more than the route. */
export const mayUse = (principal: Principal, permission: TPermission) => {
  try {
    authorize(principal, permission);
    return true;
  } catch {
    return false;
  }
};

/** For a feature a plan gates beyond the route's area (exports, integrations): 402 outside the plan. */
export const requirePlanFeature = (principal: Principal, feature: TPlanFeature) => {
  const plan = { name: principal.client.plan, status: principal.client.planStatus };
  if (!isClientSubscribed(plan) || !planIncludes(plan.name as TPlan, feature)) {
    throw paymentRequired(API_ERROR_MESSAGES.planRequired);
  }
};

/**
 * One hook for every route: verify the token kind the route declared, find the user (or key) as it is now (from
 * the auth cache, which hears every change within a second, see auth-cache), then check the declared permission.
 * A refused request is still counted against its address's rate limit (`chargeRefused`), so that made-up tokens
 * cannot be tried without limit.
 */
export const installAuthGuard = (
  app: FastifyInstance,
  deps: {
    db: Db;
    tokens: TokenService;
    cache: AuthCache;
    chargeRefused: (request: FastifyRequest) => Promise<void>;
    /** METRICS_TOKEN: the only credential an `OPERATOR` route takes (none set: such a route refuses everyone). */
    operatorToken?: string;
  },
) => {
  const { db, tokens, cache } = deps;
  const isOperator = deps.operatorToken ? operatorTokenCheck(deps.operatorToken) : () => false;
  const apiKeyPrincipalOf = async (key: string) => {
    const keyHash = hashApiKey(key);
    const row = await cache.apiKey(keyHash, async () => {
      const found = await findLiveApiKey(db, keyHash);
      if (found) await recordApiKeyUse(db, found.id);
      return found;
    });
    return row ? apiKeyPrincipal(row) : null;
  };
  const touchSession = createSessionToucher(db);
  const sessionPrincipalOf = async (kind: SessionTokenKind, token: string, ip: string | null) => {
    const claims = await cache.verifiedToken(kind, token, () => tokens.verify(kind, token));
    if (!claims) return null;
    // A signed-out session's tokens are refused (revocation reaches every process through the cache's NOTIFY).
    const session = await cache.session(claims.sessionId, () => loadSession(db, claims.sessionId));
    if (!session || session.revoked || session.userId !== claims.userId || session.expiresAt <= Date.now())
      return null;
    const principal = sessionPrincipal(
      await cache.sessionUser(claims.userId, () => loadSessionUser(db, claims.userId)),
      claims,
    );
    if (principal) touchSession(claims.sessionId, ip);
    return principal;
  };

  /**
   * Why a session token was refused: a live token of another kind (the user `token` where the `client_token` is
   * wanted, a common first mistake) is named, rather than called expired; anything else is invalid or expired.
   */
  const refusalOf = async (tokenKind: string, token: string) => {
    const wanted = (tokenKind === 'integration' ? 'client' : tokenKind) as SessionTokenKind;
    for (const kind of Object.keys(SIGN_IN_FIELDS) as SessionTokenKind[]) {
      if (kind !== wanted && (await tokens.verify(kind, token)))
        return API_ERROR_MESSAGES.wrongToken(SIGN_IN_FIELDS[wanted], SIGN_IN_FIELDS[kind]);
    }
    return API_ERROR_MESSAGES.invalidToken;
  };

  const identify = async (request: FastifyRequest) => {
    const config = request.routeOptions.config;
    const permission = config.permission;
    const tokenKind = config.token;
    if (permission === 'OPERATOR') {
      if (!isOperator(request.headers.authorization)) throw unauthorized(OPERATOR_REFUSED);
      return;
    }
    if (!permission || permission === 'PUBLIC' || !tokenKind || tokenKind === 'none') return;
    const keyHeader = request.headers['x-api-key'] as string | undefined;
    const apiKey = keyHeader ?? bearer(request);
    let principal: Principal | null;
    // The integrator API takes a key or a console client token; a key is told apart by its prefix. An X-API-Key
    // header, or no credentials at all, is an integrator's call: it is told about its key, not about signing in.
    if (
      tokenKind === 'apiKey' ||
      (tokenKind === 'integration' && (keyHeader !== undefined || apiKey === null || isApiKey(apiKey)))
    ) {
      principal = apiKey && isApiKey(apiKey) ? await apiKeyPrincipalOf(apiKey) : null;
      if (!principal) throw unauthorized(API_ERROR_MESSAGES.invalidApiKey);
    } else {
      const token = bearer(request);
      if (!token) throw unauthorized(API_ERROR_MESSAGES.unauthorised);
      principal = await sessionPrincipalOf(
        (tokenKind === 'integration' ? 'client' : tokenKind) as SessionTokenKind,
        token,
        request.ip ?? null,
      );
      if (!principal) throw unauthorized(await refusalOf(tokenKind, token));
    }
    request.principal = principal;
    // Keys work on every plan (a FREEMIUM business's orders arrive through them); areas keep their plan gates.
    authorize(principal, permission, config.endpoint?.openTo);
    // A plan feature the endpoint declares (exports, integrations) is checked here, so the document can say so.
    if (config.endpoint?.planFeature) requirePlanFeature(principal, config.endpoint.planFeature);
  };

  app.decorateRequest('principal', null);
  // onRequest: before the body is even parsed, so an anonymous caller learns nothing about a route's schema.
  app.addHook('onRequest', async (request) => {
    try {
      await identify(request);
    } catch (error) {
      // Refused before the rate limit's own hook: counted here, per user once known, else per address.
      await deps.chargeRefused(request);
      throw error;
    }
  });
};

/** The principal of a route that declared a signed-in permission. */
export const principalOf = (request: FastifyRequest): Principal => {
  if (!request.principal) throw unauthorized(API_ERROR_MESSAGES.unauthorised);
  return request.principal;
};

import {
  API_ERROR_MESSAGES,
  FEATURE_AREA_PLAN_FEATURE,
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
} from '@laurel/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import { clients, clientUsers } from '../../db/schema';
import { forbidden, paymentRequired, unauthorized } from '../errors';
import { isApiKey, principalForApiKey } from './api-keys';
import type { Principal } from './principal';
import type { SessionTokenKind, TokenService } from './tokens';

const bearer = (request: FastifyRequest) => {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  const token = header.slice('Bearer '.length).trim();
  return token === '' ? null : token;
};

const loadPrincipal = async (db: Db, userId: string, clientId: string, tokenVersion: number) => {
  const [row] = await db
    .select({
      role: clientUsers.role,
      name: clientUsers.name,
      surname: clientUsers.surname,
      status: clientUsers.status,
      clientId: clientUsers.clientId,
      permissions: clientUsers.permissions,
      managerOf: clientUsers.managerOf,
      tokenVersion: clientUsers.tokenVersion,
      clientStatus: clients.status,
      plan: clients.plan,
      planStatus: clients.planStatus,
    })
    .from(clientUsers)
    .innerJoin(clients, eq(clients.id, clientUsers.clientId))
    .where(eq(clientUsers.id, userId));
  if (!row || row.clientId !== clientId || row.tokenVersion !== tokenVersion || row.status !== 'ACTIVE')
    return null;
  const principal: Principal = {
    userId,
    clientId,
    name: `${row.name} ${row.surname}`,
    role: row.role as TStaffRole,
    permissions: row.permissions,
    managerOf: row.managerOf,
    client: {
      status: row.clientStatus as TClientStatus,
      plan: row.plan as TPlan | null,
      planStatus: row.planStatus as TPlanSubscriptionStatus | null,
    },
  };
  return principal;
};

/** Whether the principal may use a feature area's action: role and flags first, then the plan (402). */
export const authorize = (principal: Principal, permission: TPermission) => {
  if (permission === 'PUBLIC' || permission === 'SIGNED_IN') return;
  if (permission === 'ADMIN') {
    if (principal.role !== 'ADMIN') throw forbidden(API_ERROR_MESSAGES.forbidden);
    return;
  }
  const [area, action] = permission.split(':') as [TFeatureArea, TPermissionAction];
  if (principal.role !== 'ADMIN' && principal.permissions[area]?.[action] !== true) {
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

/** For a feature a plan gates beyond the route's area (exports, integrations): 402 outside the plan. */
export const requirePlanFeature = (principal: Principal, feature: TPlanFeature) => {
  const plan = { name: principal.client.plan, status: principal.client.planStatus };
  if (!isClientSubscribed(plan) || !planIncludes(plan.name as TPlan, feature)) {
    throw paymentRequired(API_ERROR_MESSAGES.planRequired);
  }
};

/**
 * One hook for every route: verify the token kind the route declared, load the user afresh (so a deactivated
 * user or a revoked token stops at once), then check the declared permission.
 */
export const installAuthGuard = (app: FastifyInstance, deps: { db: Db; tokens: TokenService }) => {
  app.decorateRequest('principal', null);
  // onRequest: before the body is even parsed, so an anonymous caller learns nothing about a route's schema.
  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    const permission = config.permission;
    const tokenKind = config.token;
    if (!permission || permission === 'PUBLIC' || !tokenKind || tokenKind === 'none') return;
    const apiKey = (request.headers['x-api-key'] as string | undefined) ?? bearer(request);
    // The integrator API takes a key or a console client token; a key is told apart by its prefix.
    if (tokenKind === 'apiKey' || (tokenKind === 'integration' && apiKey !== null && isApiKey(apiKey))) {
      if (!apiKey) throw unauthorized(API_ERROR_MESSAGES.invalidApiKey);
      const principal = await principalForApiKey(deps.db, apiKey);
      if (!principal) throw unauthorized(API_ERROR_MESSAGES.invalidApiKey);
      // Keys work on every plan (a FREEMIUM business's orders arrive through them); areas keep their plan gates.
      authorize(principal, permission);
      if (config.endpoint?.planFeature) requirePlanFeature(principal, config.endpoint.planFeature);
      request.principal = principal;
      return;
    }
    const token = bearer(request);
    if (!token) throw unauthorized(API_ERROR_MESSAGES.unauthorised);
    const sessionKind = (tokenKind === 'integration' ? 'client' : tokenKind) as SessionTokenKind;
    const claims = await deps.tokens.verify(sessionKind, token);
    if (!claims) throw unauthorized(API_ERROR_MESSAGES.invalidToken);
    const principal = await loadPrincipal(deps.db, claims.userId, claims.clientId, claims.tokenVersion);
    if (!principal) throw unauthorized(API_ERROR_MESSAGES.invalidToken);
    authorize(principal, permission);
    // A plan feature the endpoint declares (exports, integrations) is checked here, so the document can say so.
    if (config.endpoint?.planFeature) requirePlanFeature(principal, config.endpoint.planFeature);
    request.principal = principal;
  });
};

/** The principal of a route that declared a signed-in permission. */
export const principalOf = (request: FastifyRequest): Principal => {
  if (!request.principal) throw unauthorized(API_ERROR_MESSAGES.unauthorised);
  return request.principal;
};

import {
  API_ERROR_MESSAGES,
  API_SUCCESS_MESSAGES,
  addClientIntegration,
  createClient,
  getClient,
  getClientPlan,
  REGIONAL_SETTINGS_MESSAGES,
  saveRegionalSettings as saveRegionalSettingsEndpoint,
} from '@laurel/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { principalOf } from '../../http/auth/guard';
import { ok } from '../../http/envelope';
import { notFound } from '../../http/errors';
import { route } from '../../http/route';
import { actorOf, auditedActor } from '../audit/audit';
import { clientPlanOf } from './client-dto';
import { findClient } from './clients.queries';
import { getClientRecord, registerClient, saveIntegration, saveRegionalSettings } from './clients.service';

export const clientRoutes = (app: FastifyInstance, ctx: AppContext) => {
  route(app, createClient, async ({ body, request }) =>
    ok(
      await registerClient(ctx, body, { host: request.hostname || null, ip: request.ip }),
      API_SUCCESS_MESSAGES.clientCreated,
    ),
  );

  // Only the caller's own client: another id is answered exactly like one that does not exist.
  route(app, getClient, async ({ query, request }) => {
    const principal = principalOf(request);
    if (query._id !== principal.clientId) throw notFound(API_ERROR_MESSAGES.notFound);
    return ok(await getClientRecord(ctx, principal.clientId));
  });

  route(app, getClientPlan, async ({ request }) => {
    const row = await findClient(ctx.database.db, principalOf(request).clientId);
    if (!row) throw notFound(API_ERROR_MESSAGES.notFound);
    return ok(clientPlanOf(row));
  });

  route(app, addClientIntegration, async ({ body, request }) => {
    request.audited = true;
    return ok(await saveIntegration(ctx, actorOf(request), body), API_SUCCESS_MESSAGES.settingsSaved);
  });

  route(app, saveRegionalSettingsEndpoint, async ({ body, request }) =>
    ok(await saveRegionalSettings(ctx, auditedActor(request), body), REGIONAL_SETTINGS_MESSAGES.saved),
  );
};

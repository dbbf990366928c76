import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import { auditRoutes } from './audit/audit.routes';
import { authRoutes } from './auth/auth.routes';
import { billingRoutes } from './billing/billing.routes';
import { branchRoutes } from './branches/branches.routes';
import { clientRoutes } from './clients/clients.routes';
import { contentRoutes } from './content/content.routes';
import { customerRoutes } from './customers/customers.routes';
import { eventRoutes } from './events/events.routes';
import { apiKeyRoutes } from './integrations/api-keys.routes';
import { playerRoutes } from './players/players.routes';
import { statisticRoutes } from './statistics/statistics.routes';
import { outboxRoutes } from './system/outbox.routes';
import { systemRoutes } from './system/system.routes';
import { userRoutes } from './users/users.routes';

/** The composition of every area's routes; each area registers its own. */
export const registerModules = async (app: FastifyInstance, ctx: AppContext) => {
  systemRoutes(app, ctx);
  if (ctx.config.mail.outboxApi) outboxRoutes(app, ctx);
  await contentRoutes(app, ctx);
  authRoutes(app, ctx);
  clientRoutes(app, ctx);
  await billingRoutes(app, ctx);
  userRoutes(app, ctx);
  branchRoutes(app, ctx);
  auditRoutes(app, ctx);
  customerRoutes(app, ctx);
  apiKeyRoutes(app, ctx);
  eventRoutes(app, ctx);
  statisticRoutes(app, ctx);
  playerRoutes(app, ctx);
};

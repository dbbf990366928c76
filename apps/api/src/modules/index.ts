import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import { systemRoutes } from './system/system.routes';

/** The composition of every area's routes; each area registers its own. */
export const registerModules = async (app: FastifyInstance, ctx: AppContext) => {
  systemRoutes(app, ctx);
};

import {
  API_SUCCESS_MESSAGES,
  createClientUser,
  getClientUser,
  listClientUsers,
  updateClientUser,
} from '@laurel/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { principalOf } from '../../http/auth/guard';
import { ok } from '../../http/envelope';
import { route } from '../../http/route';
import { actorOf } from '../audit/audit';
import { createUsersService } from './users.service';

export const userRoutes = (app: FastifyInstance, ctx: AppContext) => {
  const users = createUsersService(ctx);

  route(app, listClientUsers, async ({ query, request }) =>
    ok(await users.list(principalOf(request), query)),
  );
  route(app, getClientUser, async ({ query, request }) => ok(await users.list(principalOf(request), query)));
  route(app, createClientUser, async ({ body, request }) => {
    const user = await users.create(actorOf(request), body);
    request.audited = true;
    return ok(user, API_SUCCESS_MESSAGES.userCreated);
  });
  route(app, updateClientUser, async ({ body, request }) => {
    const user = await users.update(principalOf(request), actorOf(request), body);
    request.audited = true;
    return ok(user, API_SUCCESS_MESSAGES.userUpdated);
  });
};

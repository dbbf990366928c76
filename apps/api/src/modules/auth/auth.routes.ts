import { API_SUCCESS_MESSAGES, forgotPassword, resetPassword, signIn } from '@laurel/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { ok } from '../../http/envelope';
import { route } from '../../http/route';
import { createAuthService } from './auth.service';

export const authRoutes = (app: FastifyInstance, ctx: AppContext) => {
  const auth = createAuthService(ctx);

  route(app, signIn, async ({ body, request }) =>
    ok(await auth.signIn(body, request.ip), API_SUCCESS_MESSAGES.signedIn),
  );
  route(app, forgotPassword, async ({ body, request }) =>
    ok(null, await auth.forgotPassword(body.email, request.ip)),
  );
  route(app, resetPassword, async ({ body, request }) =>
    ok(null, await auth.resetPassword(body, request.ip)),
  );
};

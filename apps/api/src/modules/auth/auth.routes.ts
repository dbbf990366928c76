import { API_SUCCESS_MESSAGES, forgotPassword, resetPassword, signIn } from '@laurel/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { ok } from '../../http/envelope';
import { route } from '../../http/route';
import { createAuthService } from './auth.service';
import { originOf, securityRoutes } from './security.routes';

const SECOND_STEP_MESSAGE = 'Password accepted: two-factor sign-in comes next.';

export const authRoutes = (app: FastifyInstance, ctx: AppContext) => {
  const auth = createAuthService(ctx);
  securityRoutes(app, ctx);

  route(app, signIn, async ({ body, request }) => {
    const answer = await auth.signIn(body, originOf(request));
    return ok(answer, 'token' in answer ? API_SUCCESS_MESSAGES.signedIn : SECOND_STEP_MESSAGE);
  });
  route(app, forgotPassword, async ({ body, request }) =>
    ok(null, await auth.forgotPassword(body.email, request.ip)),
  );
  route(app, resetPassword, async ({ body, request }) =>
    ok(null, await auth.resetPassword(body, request.ip)),
  );
};

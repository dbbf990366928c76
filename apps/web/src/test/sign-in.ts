import type { TSessionUser } from '@laurel/contract';
import { sessionStore } from '@/api/session-store';
import { clientFixture, sessionFixture } from '@/test/fixtures';
import { jsonResponse } from '@/test/render-app';
import { ok } from '@/test/stub-api';

/** A list page as the API answers it: `content` is the array, `pagination = { count, hasMore }`. */
export const listReply = <T>(items: T[], count = items.length) =>
  jsonResponse(200, {
    success: true,
    message: '',
    content: items,
    pagination: { count, hasMore: count > items.length },
  });

/**
 * Signs in as the given user (an admin by default) on the STARTER plan; spread `clientReplies` into `stubApi`
 * so that the console's client record answers for that plan.
 */
export const signInOnStarter = (user: Partial<TSessionUser> = {}) => {
  const session = sessionFixture(user);
  sessionStore.set(session, false);
  return {
    session,
    clientReplies: {
      'GET /api/v2/client': () =>
        ok(
          clientFixture({
            _id: session.user.client_id,
            clientSubscription: { name: 'STARTER', status: 'ACTIVE' },
          }),
        ),
    },
  };
};

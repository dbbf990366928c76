import type { TSessionUser, TStatistic } from '@laurel/contract';
import { sessionStore } from '@/api/session-store';
import { clientFixture, sessionFixture } from '@/test/fixtures';
import { ok, stubApi } from '@/test/stub-api';

export const STAMPS_ID = '5'.repeat(24);
export const LOGINS_ID = '6'.repeat(24);

export const statisticFixture = (overrides: Partial<TStatistic> = {}): TStatistic => ({
  _id: STAMPS_ID,
  name: 'coffeeStamps',
  aggregation_method: 'Sum',
  reset_interval: 'Manual',
  version: 2,
  system: false,
  created_at: '2025-03-01T10:00:00.000Z',
  updated_at: '2025-03-01T10:00:00.000Z',
  ...overrides,
});

export const STAMPS = statisticFixture();
export const LOGINS = statisticFixture({
  _id: LOGINS_ID,
  name: 'numberOfLogins',
  aggregation_method: 'Sum',
  reset_interval: 'Manual',
  version: 0,
  system: true,
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
});

/** A list page as the API answers it: `content` is the array, `pagination = { count, hasMore }`. */
export const listReply = (statistics: TStatistic[], count = statistics.length) =>
  new Response(
    JSON.stringify({
      success: true,
      message: '',
      content: statistics,
      pagination: { count, hasMore: count > statistics.length },
    }),
    { status: 200, headers: { 'Content-Type': 'application/json' } },
  );

type TReplies = Parameters<typeof stubApi>[0];

/** Signs in as the given user (an admin by default) and answers the statistics calls; `replies` override. */
export const serveStatistics = (user: Partial<TSessionUser> = {}, replies: TReplies = {}) => {
  const session = sessionFixture(user);
  sessionStore.set(session, false);
  return stubApi({
    'GET /api/v2/client': () =>
      ok(
        clientFixture({
          _id: session.user.client_id,
          clientSubscription: { name: 'STARTER', status: 'ACTIVE' },
        }),
      ),
    'GET /api/statistics': () => listReply([STAMPS, LOGINS]),
    [`GET /api/statistics/${STAMPS_ID}`]: () => ok(STAMPS),
    [`GET /api/statistics/${LOGINS_ID}`]: () => ok(LOGINS),
    ...replies,
  });
};

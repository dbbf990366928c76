import type { TSessionUser, TStatistic } from '@laurel/contract';
import { listReply, signInOnStarter } from '@/test/sign-in';
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

export { listReply };

type TReplies = Parameters<typeof stubApi>[0];

/** Signs in as the given user (an admin by default) and answers the statistics calls; `replies` override. */
export const serveStatistics = (user: Partial<TSessionUser> = {}, replies: TReplies = {}) => {
  const { clientReplies } = signInOnStarter(user);
  return stubApi({
    ...clientReplies,
    'GET /api/statistics': () => listReply([STAMPS, LOGINS]),
    [`GET /api/statistics/${STAMPS_ID}`]: () => ok(STAMPS),
    [`GET /api/statistics/${LOGINS_ID}`]: () => ok(LOGINS),
    ...replies,
  });
};

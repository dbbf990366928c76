import type { TDashboard, TDashboardFigure, TSessionUser } from '@laurel/contract';
import { signInOnStarter } from '@/test/sign-in';
import { ok, stubApi } from '@/test/stub-api';

export const NORTH = { _id: '1'.repeat(24), display_name: 'North' };
export const SOUTH = { _id: '2'.repeat(24), display_name: 'South' };
export const EAST = { _id: '3'.repeat(24), display_name: 'East' };

const figure = (value: number, previous: number, change_percent: number | null): TDashboardFigure => ({
  value,
  previous,
  change_percent,
});

/** A dashboard as the server answers it, for a Thursday: Thursday is last. */
export const dashboardFixture = (overrides: Partial<TDashboard> = {}): TDashboard => ({
  period: {
    key: 'current_month',
    start: '2026-03-01',
    end: '2026-03-26',
    previous_start: '2026-02-01',
    previous_end: '2026-02-28',
    time_zone: 'Africa/Johannesburg',
  },
  has_activity: true,
  figures: {
    daily_active_users: figure(12.5, 11.1, 12.6),
    monthly_active_users: figure(1234, 1400, -11.857),
    challenges_completed: figure(8, 8, 0),
    badges_earned: figure(3, 0, null),
    transaction_revenue: figure(12345.5, 10000, 23.455),
    paying_players: figure(40, 32, 25),
  },
  tier_weekdays: {
    weekdays: ['Fri', 'Sat', 'Sun', 'Mon', 'Tue', 'Wed', 'Thu'],
    tiers: [
      { tier: 'Bronze', counts: [5, 8, 2, 0, 1, 3, 4] },
      { tier: 'Silver', counts: [1, 0, 0, 0, 0, 0, 2] },
      { tier: 'Gold', counts: [0, 0, 0, 0, 0, 0, 0] },
      { tier: 'Platinum', counts: [0, 1, 0, 0, 0, 0, 0] },
      { tier: 'Diamond', counts: [0, 0, 0, 0, 0, 0, 1] },
    ],
  },
  ...overrides,
});

type TReplies = Parameters<typeof stubApi>[0];

/** Signs in (an admin by default) and answers the dashboard's calls: the branch list holds `branches`. */
export const serveDashboard = (
  user: Partial<TSessionUser> = {},
  { branches = [NORTH, SOUTH], replies = {} }: { branches?: (typeof NORTH)[]; replies?: TReplies } = {},
) => {
  const { clientReplies } = signInOnStarter(user);
  return stubApi({
    ...clientReplies,
    'POST /api/v2/client/filtered/branch/list': () =>
      // Only the fields the dashboard reads: the console does not validate answers.
      ok({ branch_list: branches, count: branches.length }),
    'GET /api/dashboard': () => ok(dashboardFixture()),
    ...replies,
  });
};

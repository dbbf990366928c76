import {
  DASHBOARD_PAGE_MESSAGES,
  fromMinorUnits,
  type TDashboard,
  type TDashboardFigure,
  type TDashboardPeriod,
  TIERS,
  weekdayChartOrder,
} from '@laurel/contract';
import type { AppContext } from '../../app-context';
import type { DbOrTx } from '../../db/database';
import { ALL_BRANCHES, dayNumber } from '../../engine';
import { mayAccessBranch } from '../../http/auth/branch-scope';
import type { Principal } from '../../http/auth/principal';
import { badRequest, forbidden, notFound } from '../../http/errors';
import { branchExists, clientDay, periodSums, tierWeekdays } from './dashboard.queries';
import { daysIn, isoRange, periodsOf } from './dashboard-periods';

const roundTo = (value: number, decimals: number) => {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
};

/** A figure beside the previous period's, with the change as a percentage of the previous (none from 0). */
export const figure = (value: number, previous: number): TDashboardFigure => ({
  value,
  previous,
  change_percent: previous === 0 ? null : roundTo(((value - previous) / Math.abs(previous)) * 100, 1),
});

/**
 * A branch a dashboard request names (its figures, the points liability card): 403 when the user does not manage
 * it (an ADMIN manages all), 400 when the client has no such branch, in that order, so that a manager learns
 * nothing of other branches.
 */
export const checkDashboardBranch = async (db: DbOrTx, principal: Principal, branchId: string) => {
  if (!mayAccessBranch(principal, branchId)) throw forbidden(DASHBOARD_PAGE_MESSAGES.branchNotYours);
  if (!(await branchExists(db, principal.clientId, branchId))) {
    throw badRequest([{ field: 'branch_id', message: DASHBOARD_PAGE_MESSAGES.unknownBranch }]);
  }
};

/**
 * Which rollup scope a request reads (spec 1 §6 branch scope): an ADMIN all branches or any branch of theirs; an
 * AREA_MANAGER or BRANCH_MANAGER must name one of the branches they manage.
 */
const scopeFor = async (ctx: AppContext, principal: Principal, branchId: string | undefined) => {
  if (!branchId) {
    if (principal.role !== 'ADMIN')
      throw badRequest([{ field: 'branch_id', message: DASHBOARD_PAGE_MESSAGES.branchRequired }]);
    return ALL_BRANCHES;
  }
  await checkDashboardBranch(ctx.database.db, principal, branchId);
  return branchId;
};

/** The dashboard (spec 3 §1): every figure read from the engine's rollups, none from the raw events. */
export const createDashboardService = (ctx: AppContext) => ({
  get: async (principal: Principal, period: TDashboardPeriod, branchId?: string): Promise<TDashboard> => {
    const scope = await scopeFor(ctx, principal, branchId);
    const client = await clientDay(ctx.database.db, principal.clientId, ctx.clock());
    if (!client) throw notFound();
    const periods = periodsOf(period, client.today);
    // Independent reads: on PostgreSQL they run on separate pooled connections at once.
    // The rollups are read from the read side (a replica when configured).
    const [sums, weekdays] = await Promise.all([
      periodSums(ctx.reads.database.db, principal.clientId, scope, periods),
      tierWeekdays(ctx.reads.database.db, principal.clientId, scope, periods),
    ]);
    const { current, previous } = sums;
    const dailyAverage = (activeDays: number, days: number) => roundTo(activeDays / days, 1);
    // 1970-01-01 was a Thursday (4).
    const todayWeekday = (dayNumber(client.today) + 4) % 7;
    const order = [0, 1, 2, 3, 4, 5, 6].map((index) => (todayWeekday + 1 + index) % 7);
    const counts = (tier: number) =>
      order.map((weekday) =>
        weekdays
          .filter((row) => row.tier === tier && row.weekday === weekday)
          .reduce((n, row) => n + row.players, 0),
      );
    const range = isoRange(periods.current);
    const previousRange = isoRange(periods.previous);
    return {
      period: {
        key: period,
        start: range.start,
        end: range.end,
        previous_start: previousRange.start,
        previous_end: previousRange.end,
        time_zone: client.time_zone,
      },
      has_activity: client.has_activity,
      figures: {
        daily_active_users: figure(
          dailyAverage(current.activeDays, daysIn(periods.current)),
          dailyAverage(previous.activeDays, daysIn(periods.previous)),
        ),
        monthly_active_users: figure(current.activePlayers, previous.activePlayers),
        challenges_completed: figure(current.challengesCompleted, previous.challengesCompleted),
        badges_earned: figure(current.badgesEarned, previous.badgesEarned),
        transaction_revenue: figure(
          fromMinorUnits(current.revenueMinor),
          fromMinorUnits(previous.revenueMinor),
        ),
        paying_players: figure(current.payingPlayers, previous.payingPlayers),
      },
      tier_weekdays: {
        weekdays: weekdayChartOrder(todayWeekday),
        tiers: TIERS.map((tier, index) => ({ tier, counts: counts(index + 1) })),
      },
    };
  },
});

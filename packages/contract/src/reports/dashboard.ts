import { z } from 'zod';
import { CUSTOMER_MESSAGES } from '../customers/customers';
import { ZTier } from '../gamification/tiers';
import { defineEndpoint } from '../http/endpoint';
import { envelopeOf } from '../http/envelope';
import { ZId } from '../shared/ids';

/** Dashboard period filter values and their labels (spec 3 §1). */
const DASHBOARD_PERIOD_VALUES = ['current_month', 'previous_month', '30', '90'] as const;
export const ZDashboardPeriod = z.enum(DASHBOARD_PERIOD_VALUES);
export type TDashboardPeriod = z.infer<typeof ZDashboardPeriod>;
/** In display order: zod's `.options` lists integer-like values ('30', '90') first. */
export const DASHBOARD_PERIODS = DASHBOARD_PERIOD_VALUES;
export const DEFAULT_DASHBOARD_PERIOD: TDashboardPeriod = 'current_month';
/** A period value from a URL or a select, checked by a list lookup (the console's first load carries no zod). */
export const isDashboardPeriod = (value: unknown): value is TDashboardPeriod =>
  (DASHBOARD_PERIOD_VALUES as readonly unknown[]).includes(value);
export const DASHBOARD_PERIOD_LABELS: Record<TDashboardPeriod, string> = {
  current_month: 'Current Month',
  previous_month: 'Last Month',
  '30': 'Last 30 Days',
  '90': 'Last 90 Days',
};

/** Weekday chart order rotated so that the current weekday (0 = Sunday) comes last. */
const WEEKDAY_SHORT_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
export const weekdayChartOrder = (today: number) =>
  WEEKDAY_SHORT_NAMES.map((_, index) => WEEKDAY_SHORT_NAMES[(today + 1 + index) % 7] as string);

/** Dashboard tile titles. */
export const DASHBOARD_TILE_LABELS = {
  dailyActiveUsers: 'Daily Active Users',
  monthlyActiveUsers: 'Monthly Active Users',
  challengesCompleted: 'Challenges Completed',
  badgesEarned: 'Badges Earned',
  transactionRevenue: 'Transaction Revenue',
  payingPlayers: 'Paying Players',
} as const;

/**
 * One figure of the dashboard over the chosen period, beside the same figure over the period before it (a month
 * for the month filters, the same number of days for 30 and 90). `change_percent` is null when the previous value
 * is 0 (no change can be stated as a percentage).
 */
export const ZDashboardFigure = z.object({
  value: z.number(),
  previous: z.number(),
  change_percent: z.number().nullable(),
});
export type TDashboardFigure = z.infer<typeof ZDashboardFigure>;

/**
 * The dashboard (spec 3 §1, DESIGN §9: real figures kept by the engine's daily rollups). Days are calendar days in
 * the client's time zone (Account Settings); each thing counts on the local day of the event behind it
 * (`occurred_at`), so back-dated events fall on their own days.
 * - daily_active_users: the average number of distinct players active per day over the period's days so far
 *   (active = any processed event of theirs: a log-in, an order, a payment…; skipped and parked events do not
 *   count), rounded to one decimal;
 * - monthly_active_users: distinct players active at least once within the period (exact);
 * - challenges_completed: challenge completions (Completed rows of the challenge ledger) in the period;
 * - badges_earned: badges granted in the period (the quantities of the badge ledger's rows; a grant made by an
 *   event counts on that event's day, any other on the day it was made);
 * - transaction_revenue: order value in the period, net of refunds and cancellations (two decimals): an order adds
 *   its total on the day of its order.created, a refund or cancellation takes it off again on the day of that status
 *   change (and a recovery puts it back), so a period can be negative;
 * - paying_players: distinct players with an order (a counted order.created) in the period;
 * - tier_weekdays: per tier, the active players (player-days) on each weekday of the period, in `weekdays` order
 *   (the current weekday last), by the tier the player held when the engine first counted them active that day; a
 *   player without a tier counts as Bronze, the entry tier (so each weekday's tiers add up to its active players).
 * `change_percent` = round((value - previous) / |previous| × 100, 1), null when previous is 0.
 * With `branch_id` every figure counts only activity at that branch: an event's own branch, an order's branch for
 * revenue and paying players, a ledger row's branch (log-ins usually have none, so they count for all branches only).
 */
export const ZDashboard = z.object({
  period: z.object({
    key: ZDashboardPeriod,
    start: z.string(),
    end: z.string(),
    previous_start: z.string(),
    previous_end: z.string(),
    time_zone: z.string(),
  }),
  /** False until the business's first event: the console then shows how to send one. */
  has_activity: z.boolean(),
  figures: z.object({
    daily_active_users: ZDashboardFigure,
    monthly_active_users: ZDashboardFigure,
    challenges_completed: ZDashboardFigure,
    badges_earned: ZDashboardFigure,
    transaction_revenue: ZDashboardFigure,
    paying_players: ZDashboardFigure,
  }),
  tier_weekdays: z.object({
    weekdays: z.array(z.string()).length(7),
    tiers: z.array(z.object({ tier: ZTier, counts: z.array(z.number().int()).length(7) })).length(5),
  }),
});
export type TDashboard = z.infer<typeof ZDashboard>;

export const ZDashboardQuery = z.object({
  period: ZDashboardPeriod.default(DEFAULT_DASHBOARD_PERIOD),
  /** Required for branch-scoped users (one of their branches); optional for an ADMIN (all branches). */
  branch_id: ZId.optional(),
});
export type TDashboardQuery = z.input<typeof ZDashboardQuery>;

export const DASHBOARD_PAGE_MESSAGES = {
  branchRequired: 'Please choose one of your branches.',
  branchNotYours: 'You do not manage this branch.',
  unknownBranch: CUSTOMER_MESSAGES.unknownBranch,
  emptyTitle: 'No activity yet',
  emptyText:
    'The dashboard fills in as your tills, shop and app send events. Create an API key under Settings → Integrations and send your first event.',
} as const;

export const dashboardEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path: '/dashboard',
    permission: 'SIGNED_IN',
    token: 'client',
    summary: 'The dashboard figures for a period, all branches or one (branch-scoped users: one of theirs)',
    tags: ['dashboard'],
    query: ZDashboardQuery,
    response: envelopeOf(ZDashboard),
    errors: [403],
  }),
};

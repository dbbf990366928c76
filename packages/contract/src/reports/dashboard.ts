import { z } from 'zod';

/** Dashboard period filter values and their labels (spec 3 §1). */
const DASHBOARD_PERIOD_VALUES = ['current_month', 'previous_month', '30', '90'] as const;
export const ZDashboardPeriod = z.enum(DASHBOARD_PERIOD_VALUES);
export type TDashboardPeriod = z.infer<typeof ZDashboardPeriod>;
/** In display order: zod's `.options` lists integer-like values ('30', '90') first. */
export const DASHBOARD_PERIODS = DASHBOARD_PERIOD_VALUES;
export const DEFAULT_DASHBOARD_PERIOD: TDashboardPeriod = 'current_month';
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

import type { TDashboardPeriod } from '@laurel/contract';
import { dayNumber, isoDay } from '../../engine';

/** A period of local days, both ends included, as day numbers. */
export type DayRange = { start: number; end: number };
export type DashboardPeriods = { current: DayRange; previous: DayRange };

const firstOfMonth = (year: number, month: number) => Math.round(Date.UTC(year, month - 1, 1) / 86_400_000);

/**
 * The period a filter means on a local day (spec 3 §1), and the one before it: Current Month is the 1st of this
 * month to today, after the whole of last month; Last Month is last calendar month, after the month before; Last 30
 * and Last 90 Days end today, after the same number of days before them.
 */
export const periodsOf = (key: TDashboardPeriod, today: string): DashboardPeriods => {
  const day = dayNumber(today);
  const [year = 1970, month = 1] = today.split('-').map(Number);
  const monthStart = (offset: number) => firstOfMonth(year, month + offset);
  switch (key) {
    case 'current_month':
      return {
        current: { start: monthStart(0), end: day },
        previous: { start: monthStart(-1), end: monthStart(0) - 1 },
      };
    case 'previous_month':
      return {
        current: { start: monthStart(-1), end: monthStart(0) - 1 },
        previous: { start: monthStart(-2), end: monthStart(-1) - 1 },
      };
    default: {
      const days = Number(key);
      return {
        current: { start: day - days + 1, end: day },
        previous: { start: day - 2 * days + 1, end: day - days },
      };
    }
  }
};

export const daysIn = (range: DayRange) => range.end - range.start + 1;

export const isoRange = (range: DayRange) => ({ start: isoDay(range.start), end: isoDay(range.end) });

import type { TSubscriptionPeriod } from '@laurel/contract';
import { startOfNextDay } from '../../db/filters';
import type { PlanRow } from './subscriptions.queries';

const DAY_MS = 86_400_000;

type PeriodOf = Pick<PlanRow, 'period' | 'customDays'>;

/** `n` periods after `from`; null for a once-off period, which has no length. Months keep the day of month. */
export const addPeriods = (plan: PeriodOf, from: Date, n: number): Date | null => {
  const period = plan.period as TSubscriptionPeriod;
  const at = new Date(from.getTime());
  switch (period) {
    case 'WEEKLY':
      return new Date(from.getTime() + 7 * n * DAY_MS);
    case 'CUSTOM':
      return new Date(from.getTime() + (plan.customDays ?? 1) * n * DAY_MS);
    case 'MONTHLY':
      at.setUTCMonth(at.getUTCMonth() + n);
      return at;
    case 'ANNUALLY':
      at.setUTCFullYear(at.getUTCFullYear() + n);
      return at;
    default:
      return null;
  }
};

/**
 * When a subscription issued at `issuedAt` lapses: the earliest of `expires_in` days (when it expires), the end of
 * its fixed periods (FIXED_PERIOD), and the start of the day after the plan's end date in the business's time zone.
 * Null: it runs until cancelled.
 */
export const expiryFor = (
  plan: Pick<
    PlanRow,
    'period' | 'customDays' | 'type' | 'numberOfPeriods' | 'expires' | 'expiresIn' | 'endDate'
  >,
  issuedAt: Date,
  timeZone: string,
): Date | null => {
  const candidates: Date[] = [];
  if (plan.expires) candidates.push(new Date(issuedAt.getTime() + plan.expiresIn * DAY_MS));
  if (plan.type === 'FIXED_PERIOD' && plan.numberOfPeriods) {
    const end = addPeriods(plan, issuedAt, plan.numberOfPeriods);
    if (end) candidates.push(end);
  }
  if (plan.endDate) candidates.push(startOfNextDay(plan.endDate, timeZone));
  if (candidates.length === 0) return null;
  return new Date(Math.min(...candidates.map((date) => date.getTime())));
};

/**
 * The redemption period `at` falls in, counted from the day the subscription was issued: its start and end, and
 * the previous period's start (null for the first period, or for a once-off subscription, which is one period).
 */
export const periodWindow = (plan: PeriodOf, issuedAt: Date, at: Date) => {
  if (addPeriods(plan, issuedAt, 1) === null) return { start: issuedAt, end: null, previousStart: null };
  // Estimate the index from the average length, then step to the exact boundary (months differ in length).
  const first = addPeriods(plan, issuedAt, 1) as Date;
  const length = first.getTime() - issuedAt.getTime();
  let index = Math.max(0, Math.floor((at.getTime() - issuedAt.getTime()) / length));
  while (index > 0 && (addPeriods(plan, issuedAt, index) as Date) > at) index -= 1;
  while ((addPeriods(plan, issuedAt, index + 1) as Date) <= at) index += 1;
  return {
    start: addPeriods(plan, issuedAt, index) as Date,
    end: addPeriods(plan, issuedAt, index + 1) as Date,
    previousStart: index > 0 ? (addPeriods(plan, issuedAt, index - 1) as Date) : null,
  };
};

import { localMidnight } from '../../local-time';

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

const dayOf = (value: string) => {
  const match = DATE_ONLY.exec(value);
  return match ? { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) } : null;
};

/** The first instant of a local day given as YYYY-MM-DD. */
export const startOfLocalDay = (date: string, timeZone: string) => {
  const day = dayOf(date);
  return day ? localMidnight(day.year, day.month, day.day, timeZone) : new Date(date);
};

/** The last instant of a local day given as YYYY-MM-DD (the next local midnight less a millisecond). */
export const endOfLocalDay = (date: string, timeZone: string) => {
  const day = dayOf(date);
  if (!day) return new Date(date);
  const next = new Date(Date.UTC(day.year, day.month - 1, day.day) + DAY_MS);
  return new Date(
    localMidnight(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), timeZone).getTime() - 1,
  );
};

/**
 * A challenge's schedule as stored (spec 2 §5, day granularity): a plain day starts at the local midnight and
 * ends at the end of its local day in the client's time zone; a full date-time is kept as sent.
 */
export const scheduleBounds = (startDate: string, endDate: string | null, timeZone: string) => ({
  start: startOfLocalDay(startDate, timeZone),
  end: endDate ? endOfLocalDay(endDate, timeZone) : null,
});

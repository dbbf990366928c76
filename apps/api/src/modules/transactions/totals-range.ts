/**
 * How a date range (UTC days, both ends included, either open) splits over monthly and daily totals: the whole
 * calendar months inside it, read from the monthly totals, and the days outside those months, read from the
 * daily ones. Months are `YYYY-MM-01`; `from` inclusive, `to` exclusive; undefined is unbounded.
 */
export type TotalsRange = {
  /** Whole months inside the range, or null when it holds none. */
  months: { from?: string; to?: string } | null;
  /** Whether any day of the range lies outside those months. */
  edgeDays: boolean;
};

const monthOf = (day: string) => `${day.slice(0, 7)}-01`;
const monthAfter = (day: string) => {
  const date = new Date(`${monthOf(day)}T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + 1);
  return date.toISOString().slice(0, 10);
};
const dayAfter = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

export const totalsRange = (start?: string, end?: string): TotalsRange => {
  // The first month starting on or after the start; the first month after the last whole one.
  const from = start === undefined ? undefined : start === monthOf(start) ? start : monthAfter(start);
  const to =
    end === undefined ? undefined : dayAfter(end) === monthAfter(end) ? monthAfter(end) : monthOf(end);
  if (from !== undefined && to !== undefined && from >= to) return { months: null, edgeDays: true };
  return {
    months: { from, to },
    edgeDays: (start !== undefined && start !== from) || (end !== undefined && dayAfter(end) !== to),
  };
};

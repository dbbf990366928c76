const formatters = new Map<string, Intl.DateTimeFormat>();
const formatterFor = (timeZone: string) => {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
};

/** The wall clock of a moment in a time zone. */
export const localParts = (at: Date, timeZone: string) => {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(at)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
};

const offsetAt = (at: Date, timeZone: string) => {
  const p = localParts(at, timeZone);
  return (
    Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(at.getTime() / 1000) * 1000
  );
};

/**
 * The first instant of a local calendar day (the offset is read twice, so a DST change that day is honoured). Where
 * the clocks skip midnight (00:00 becomes 01:00: Santiago, Havana), the day begins at the change, not an hour before.
 */
export const localMidnight = (year: number, month: number, day: number, timeZone: string) => {
  const wall = Date.UTC(year, month - 1, day);
  const first = offsetAt(new Date(wall), timeZone);
  const guess = wall - first;
  const second = offsetAt(new Date(guess), timeZone);
  if (second === first) return new Date(guess);
  // Of the two readings, the earliest instant that is already on that day.
  const onTheDay = [guess, wall - second]
    .filter((at) => {
      const local = localParts(new Date(at), timeZone);
      return local.year === year && local.month === month && local.day === day;
    })
    .sort((a, b) => a - b);
  return new Date(onTheDay[0] ?? wall - second);
};

export const localYear = (at: Date, timeZone: string) => localParts(at, timeZone).year;

/** The local calendar date, YYYY-MM-DD. */
export const localDate = (at: Date, timeZone: string) => {
  const { year, month, day } = localParts(at, timeZone);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
};

/** A local calendar month as one growing number (year * 12 + month - 1). */
export const localMonthIndex = (at: Date, timeZone: string) => {
  const { year, month } = localParts(at, timeZone);
  return year * 12 + (month - 1);
};

export const startOfLocalMonth = (monthIndex: number, timeZone: string) =>
  localMidnight(Math.floor(monthIndex / 12), (monthIndex % 12) + 1, 1, timeZone);

export const startOfLocalYear = (year: number, timeZone: string) => localMidnight(year, 1, 1, timeZone);

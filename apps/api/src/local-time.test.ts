import { describe, expect, it } from 'vitest';
import { localDate, localMidnight } from './local-time';

/** The first instant of the day: on that day, and the millisecond before it is not. */
const isStartOf = (at: Date, day: string, timeZone: string) =>
  localDate(at, timeZone) === day && localDate(new Date(at.getTime() - 1), timeZone) !== day;

describe('localMidnight', () => {
  it.each([
    // Ordinary days, and days with a change that is not at midnight.
    ['Africa/Johannesburg', '2026-12-02'],
    ['Europe/London', '2026-03-29'],
    ['America/New_York', '2026-11-01'],
    ['Asia/Kolkata', '2026-06-15'],
    // Clocks skip midnight (00:00 becomes 01:00) and go back at midnight, in zones behind UTC.
    ['America/Santiago', '2026-09-06'],
    ['America/Santiago', '2026-04-05'],
    ['America/Havana', '2026-03-08'],
    ['America/Havana', '2026-11-01'],
  ])('%s %s starts at its first instant', (timeZone, day) => {
    const [year, month, date] = day.split('-').map(Number) as [number, number, number];
    expect(isStartOf(localMidnight(year, month, date, timeZone), day, timeZone)).toBe(true);
  });

  it('a skipped midnight in Santiago starts the day at the change (04:00 UTC), not an hour before', () => {
    expect(localMidnight(2026, 9, 6, 'America/Santiago').toISOString()).toBe('2026-09-06T04:00:00.000Z');
  });
});
